// The usage job's records (seats bought and assigned, since when each seat has its holder), safe to repeat.
import { sql } from 'kysely'
import { monthOf } from '../../protocol/usage/usage.js'
import type { DB } from '../db/database.js'
import { inTransaction } from '../db/transaction.js'

export const SNAPSHOT_EVERY_MS = 60 * 60 * 1000

/** Seats bought: company licenses that are not trials and have not expired; assigned: those of them with a holder. */
export async function snapshotSeats(db: DB, asOf: number): Promise<number> {
  const month = monthOf(asOf)
  return inTransaction(db, async (trx) => {
    // A product whose last seat ended since the last run counts none now.
    await trx
      .updateTable('usage_months')
      .set({ seats_bought: 0, seats_assigned: 0, taken_at: asOf })
      .where('month', '=', month)
      .where('taken_at', '<', asOf)
      .execute()
    const seats = trx
      .selectFrom('licenses')
      .select((eb) => [
        'company_id',
        'product_group',
        sql<string>`${month}`.as('month'),
        eb.fn.countAll<number>().as('seats_bought'),
        sql<number>`sum(case when trim(assigned_to) <> '' then 1 else 0 end)`.as('seats_assigned'),
        sql<number>`${asOf}`.as('taken_at'),
      ])
      .where('license_type', '=', 'company')
      .where('company_id', 'is not', null)
      .where('trial', '=', 0)
      .where('expiration', '>', asOf)
      .groupBy(['company_id', 'product_group'])
    const written = await trx
      .insertInto('usage_months')
      .columns(['company_id', 'product_group', 'month', 'seats_bought', 'seats_assigned', 'taken_at'])
      .expression(seats)
      .onConflict((oc) =>
        oc.columns(['company_id', 'month', 'product_group']).doUpdateSet((eb) => ({
          seats_bought: eb.ref('excluded.seats_bought'),
          seats_assigned: eb.ref('excluded.seats_assigned'),
          taken_at: eb.ref('excluded.taken_at'),
        })),
      )
      .executeTakeFirst()
    return Number(written.numInsertedOrUpdatedRows ?? 0)
  })
}

/** A seat whose holder changed (or that is newly assigned) has had its holder since `asOf`. */
export async function trackHolders(db: DB, asOf: number): Promise<void> {
  await db
    .deleteFrom('seat_holders')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('licenses as l')
            .select('l.id')
            .whereRef('l.id', '=', 'seat_holders.license_id')
            .where(sql<boolean>`trim(l.assigned_to) <> ''`),
        ),
      ),
    )
    .execute()
  const assigned = db
    .selectFrom('licenses')
    .select(['id', 'company_id', 'assigned_to', sql<number>`${asOf}`.as('since')])
    .where('license_type', '=', 'company')
    .where('company_id', 'is not', null)
    .where(sql<boolean>`trim(assigned_to) <> ''`)
  await db
    .insertInto('seat_holders')
    .columns(['license_id', 'company_id', 'holder', 'since'])
    .expression(assigned)
    .onConflict((oc) =>
      oc
        .column('license_id')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), since: eb.ref('excluded.since') }))
        .where('seat_holders.holder', '<>', (eb) => eb.ref('excluded.holder')),
    )
    .execute()
}

/** Whether the job took the present month's figures within the hour before `asOf`. */
export async function snapshotFresh(db: DB, asOf: number): Promise<boolean> {
  const row = await db
    .selectFrom('usage_months')
    .select('taken_at')
    .where('month', '=', monthOf(asOf))
    .where('taken_at', '>', asOf - SNAPSHOT_EVERY_MS)
    .where('taken_at', '<=', asOf)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
