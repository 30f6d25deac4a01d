// The REST API's reads of a company beside its licenses: subscriptions with their seats, seat usage, the activity log.
import { sql } from 'kysely'
import * as z from 'zod/mini'
import type { ActivityKind } from '../../protocol/activity/activity.js'
import type { ApiSubscription, SeatUsage } from '../../protocol/api/api-v1.js'
import { productGroups } from '../../protocol/entities.js'
import type { DB } from '../db/database.js'
import { activityPage } from '../activity/operations.js'
import { windowedSubscriptions } from '../reads/seat-counts.js'
import { decodeCursor, encodeCursor } from './licenses.js'

type Subscription = z.infer<typeof ApiSubscription>

export async function companySubscriptions(db: DB, companyId: string, now: number): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('owner', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const states = new Map(rows.map((s) => [s.id, s.state as string]))
  const { seats, subscriptionsOf } = await windowedSubscriptions(db, rows, states, now)
  const seatsOf = new Map(seats.map((s) => [s.subscriptionId, s]))
  return subscriptionsOf(companyId).map((s) => {
    const counted = seatsOf.get(s.subscriptionId)
    return {
      id: s.subscriptionId,
      productName: s.productName,
      state: s.state,
      billingPeriod: s.billingPeriod,
      quantity: s.quantity,
      lapsingQuantity: s.lapsingQuantity,
      seats: {
        licenses: counted?.licenses ?? 0,
        assigned: counted?.assigned ?? 0,
        unassigned: counted?.unused ?? 0,
      },
      nextPayment: s.nextPayment
        ? {
            date: new Date(s.nextPayment.date).toISOString(),
            currency: s.nextPayment.currency,
            amount: s.nextPayment.amount,
          }
        : null,
    }
  })
}

/** Per product, by the portal's rules: assigned = a holder is set; unassigned = no holder and not expired. */
export async function seatUsage(db: DB, companyId: string, now: number): Promise<z.infer<typeof SeatUsage>> {
  const rows = await db
    .selectFrom('licenses')
    .select((eb) => [
      'product_group',
      eb.fn.countAll<number>().as('licenses'),
      sql<number>`coalesce(sum(case when assigned_to <> '' then 1 else 0 end), 0)`.as('assigned'),
      sql<number>`coalesce(sum(case when assigned_to = '' and expiration > ${now} then 1 else 0 end), 0)`.as(
        'unassigned',
      ),
    ])
    .where('owner', '=', companyId)
    .groupBy('product_group')
    .execute()
  const byProduct = new Map(rows.map((r) => [r.product_group, r]))
  const data = productGroups.flatMap((product) => {
    const row = byProduct.get(product)
    return row
      ? [
          {
            product,
            licenses: Number(row.licenses),
            assigned: Number(row.assigned),
            unassigned: Number(row.unassigned),
          },
        ]
      : []
  })
  const sum = (field: 'licenses' | 'assigned' | 'unassigned') => data.reduce((n, d) => n + d[field], 0)
  return { data, total: { licenses: sum('licenses'), assigned: sum('assigned'), unassigned: sum('unassigned') } }
}

const ActivityCursor = z.object({ at: z.int(), id: z.int() })

/** Newest first; the cursor is the last entry's time and id, so entries written meanwhile neither repeat nor skip. */
export async function companyActivity(
  db: DB,
  companyId: string,
  query: { kind?: ActivityKind; person?: string; cursor?: string; limit: number },
) {
  const after = query.cursor ? decodeCursor(query.cursor, ActivityCursor) : undefined
  const { entries } = await activityPage(
    db,
    { companyId },
    { kind: query.kind, person: query.person, page: 1, pageSize: query.limit + 1, after },
  )
  const page = entries.slice(0, query.limit)
  const last = page.at(-1)
  return {
    data: page.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
    nextCursor: entries.length > query.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  }
}
