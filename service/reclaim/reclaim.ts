// The reclaim job: docs/decisions/0014-idle-seats-and-their-reclaim.md.
import crypto from 'node:crypto'
import { sql, type SqlBool } from 'kysely'
import { DAY_MS } from '../../protocol/shared/dates.js'
import { RECLAIM_ACTOR, RECLAIM_WARNING_DAYS } from '../../protocol/reclaim/reclaim.js'
import type { ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { administratorsOf } from '../auth/policy.js'
import type { Mail } from '../mail/mailer.js'
import { unassignmentMails } from '../mail/assignment-mail.js'
import { applyAssignmentChange } from '../operations/company.js'
import { idleSeat, idleSince } from '../usage/idle.js'
import { administratorReclaimed, administratorWarning, company, holderWarning, type SeatWords } from './mail.js'
import type { ReclaimPolicyTable } from './tables.js'

type Deps = Pick<ServiceContext, 'db' | 'mailer' | 'config'>

/** Seats looked at per company and run; the rest wait for the next run. */
const BATCH = 500

/** A warning whose spell ended (the seat was used) is forgotten after this. */
const WARNING_KEPT_MS = 120 * DAY_MS

export function reclaimUrl(publicUrl: string, companyId: string): string {
  return `${publicUrl}/manage?dialog=reclaim&company=${encodeURIComponent(companyId)}`
}

export async function runReclaims(deps: Deps, asOf: number): Promise<{ warned: number; reclaimed: number }> {
  const store = deps.db
  await store
    .deleteFrom('reclaim_warnings')
    .where('warned_at', '<', asOf - WARNING_KEPT_MS)
    .execute()
  const policies = await store.selectFrom('reclaim_policies').selectAll().orderBy('company_id').execute()
  const totals = { warned: 0, reclaimed: 0 }
  for (const policy of policies) {
    const done = await reclaimCompany(deps, policy, asOf)
    totals.warned += done.warned
    totals.reclaimed += done.reclaimed
  }
  return totals
}

/** Seats of the company idle for at least N − 7 days, outside the directory's hold. */
function candidates(deps: Deps, policy: ReclaimPolicyTable, asOf: number) {
  return deps.db
    .selectFrom('licenses')
    .selectAll('licenses')
    .select(idleSince.as('idle_since'))
    .where('company_id', '=', policy.company_id)
    .where('license_type', '=', 'company')
    .where(idleSeat(asOf, policy.idle_days - RECLAIM_WARNING_DAYS))
    .where(sql<SqlBool>`not exists (select 1 from directory_seats d where d.license_id = licenses.id)`)
    .where(
      sql<SqlBool>`not exists (select 1 from directory_products p where p.company_id = licenses.company_id and p.product_group = licenses.product_group and p.owned = 1)`,
    )
    .orderBy('id')
    .limit(BATCH)
    .execute()
}

async function reclaimCompany(deps: Deps, policy: ReclaimPolicyTable, asOf: number) {
  const store = deps.db
  const seats = await candidates(deps, policy, asOf)
  const companyRow = await deps.db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', policy.company_id)
    .executeTakeFirst()
  const companyName = companyRow?.name ?? ''
  const warned: SeatWords[] = []
  const reclaimed: SeatWords[] = []
  const mails: Mail[] = []
  for (const seat of seats) {
    const since = Number(seat.idle_since)
    const words = { ...seat, holder: seat.assigned_to }
    const warning = await store
      .selectFrom('reclaim_warnings')
      .select(['reclaim_at', 'holder'])
      .where('license_id', '=', seat.id)
      .where('idle_since', '=', since)
      .executeTakeFirst()
    if (!warning) {
      // Never reclaimed without a full week's notice, also when the policy finds a seat idle for long already.
      const at = Math.max(since + policy.idle_days * DAY_MS, asOf + RECLAIM_WARNING_DAYS * DAY_MS)
      const written = await store
        .insertInto('reclaim_warnings')
        .values({
          license_id: seat.id,
          idle_since: since,
          company_id: policy.company_id,
          holder: seat.assigned_to,
          warned_at: asOf,
          reclaim_at: at,
        })
        .onConflict((oc) => oc.columns(['license_id', 'idle_since']).doNothing())
        .executeTakeFirst()
      if (Number(written.numInsertedOrUpdatedRows ?? 0) === 1) {
        warned.push({ ...words, at })
        mails.push(holderWarning({ ...words, at }, companyName, policy.idle_days))
      }
      continue
    }
    if (asOf < Number(warning.reclaim_at) || warning.holder !== seat.assigned_to) continue
    if (await reclaimSeat(deps, policy, seat, asOf)) {
      reclaimed.push({ ...words, at: asOf })
      mails.push(
        ...unassignmentMails(
          [{ row: seat, email: seat.assigned_to }],
          new Map([[policy.company_id, companyName]]),
          `The reclaim policy of ${company(companyName)}`,
        ),
      )
    }
  }
  if (warned.length > 0 || reclaimed.length > 0) {
    const manage = reclaimUrl(deps.config.publicUrl, policy.company_id)
    for (const admin of await administratorsOf(deps.db, policy.company_id)) {
      if (warned.length > 0) mails.push(administratorWarning(admin, warned, companyName, policy.idle_days, manage))
      if (reclaimed.length > 0) mails.push(administratorReclaimed(admin, reclaimed, companyName, manage))
    }
  }
  for (const mail of mails) await deps.mailer.send(mail)
  return { warned: warned.length, reclaimed: reclaimed.length }
}

/** False when the seat changed meanwhile (another holder, a directory's hold): nothing is reclaimed then. */
async function reclaimSeat(
  deps: Deps,
  policy: ReclaimPolicyTable,
  seat: { id: string; owner: string; assigned_to: string },
  asOf: number,
): Promise<boolean> {
  try {
    await applyAssignmentChange(
      { ...deps, now: () => asOf },
      {
        licenses: [{ id: seat.id, owner: seat.owner, assignedTo: '', assignedToBefore: seat.assigned_to }],
        sendEmail: false,
      },
      {
        log: RECLAIM_ACTOR,
        mail: RECLAIM_ACTOR,
        async mayAssign() {},
        async alongside(trx) {
          await trx
            .insertInto('seat_reclaims')
            .values({
              id: crypto.randomUUID(),
              company_id: policy.company_id,
              license_id: seat.id,
              holder: seat.assigned_to,
              idle_days: policy.idle_days,
              reclaimed_at: asOf,
              undone_at: null,
              undone_by: null,
            })
            .execute()
          await trx.deleteFrom('reclaim_warnings').where('license_id', '=', seat.id).execute()
          await trx.deleteFrom('seat_holders').where('license_id', '=', seat.id).execute()
        },
      },
    )
    return true
  } catch (err) {
    if (err instanceof ServiceError) return false
    throw err
  }
}
