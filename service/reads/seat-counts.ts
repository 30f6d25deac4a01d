// A windowed read's subscriptions: seats counted by the store, and only the licenses that decide state and expiry.
import { sql } from 'kysely'
import type { License, Subscription } from '../../protocol/entities.js'
import type { SubscriptionSeats } from '../../protocol/licenses/window-reads.js'
import type { DB } from '../db/database.js'
import { isPostgres } from '../db/migrations/dialect.js'
import type { LicenseRow, SubscriptionRow } from '../db/schema.js'
import { push } from './details.js'
import { toLicense, toSubscription } from './mapping.js'

export type WindowedSubscriptions = {
  seats: SubscriptionSeats[]
  /** The account's address or a company id. */
  subscriptionsOf: (owner: string) => Subscription[]
}

export async function windowedSubscriptions(
  db: DB,
  subscriptionRows: readonly SubscriptionRow[],
  states: Map<string, string>,
  now: number,
): Promise<WindowedSubscriptions> {
  const ids = subscriptionRows.map((s) => s.id)
  const counted = ids.length ? await countSeats(db, ids, now) : new Map<string, SubscriptionSeats>()
  const deciding = new Map<string, License[]>()
  for (const row of ids.length ? await decidingLicenses(db, ids) : [])
    if (row.subscription_id) push(deciding, row.subscription_id, toLicense(row, states))

  const seats = ids.map(
    (subscriptionId) =>
      counted.get(subscriptionId) ?? { subscriptionId, licenses: 0, assigned: 0, unused: 0, lapsing: 0 },
  )
  const lapsingOf = new Map(seats.map((s) => [s.subscriptionId, s.lapsing]))
  return {
    seats,
    subscriptionsOf: (owner) =>
      subscriptionRows
        .filter((s) => s.owner === owner)
        .map((s) => ({ ...toSubscription(s, deciding.get(s.id) ?? []), lapsingQuantity: lapsingOf.get(s.id) ?? 0 })),
  }
}

/** Answered from migration 0012's seats index alone. */
export function seatCountQuery(db: DB, ids: readonly string[], now: number) {
  return db
    .selectFrom('licenses')
    .select((eb) => [
      'subscription_id',
      eb.fn.countAll<number>().as('licenses'),
      sql<number>`coalesce(sum(case when trim(assigned_to) <> '' then 1 else 0 end), 0)`.as('assigned'),
      sql<number>`coalesce(sum(case when trim(assigned_to) = '' and expiration > ${now} then 1 else 0 end), 0)`.as(
        'unused',
      ),
      sql<number>`coalesce(sum(case when lapsing = 1 then 1 else 0 end), 0)`.as('lapsing'),
    ])
    .where('subscription_id', 'in', [...ids])
    .groupBy('subscription_id')
}

/** By the portal's `seatCounts` rules: assigned = a holder is set; unused = no holder and not expired. */
async function countSeats(db: DB, ids: readonly string[], now: number): Promise<Map<string, SubscriptionSeats>> {
  const rows = await seatCountQuery(db, ids, now).execute()
  const counts = new Map<string, SubscriptionSeats>()
  for (const row of rows) {
    if (!row.subscription_id) continue
    counts.set(row.subscription_id, {
      subscriptionId: row.subscription_id,
      licenses: Number(row.licenses),
      assigned: Number(row.assigned),
      unused: Number(row.unused),
      lapsing: Number(row.lapsing),
    })
  }
  return counts
}

/** One row per subscription; each subquery walks an index of migration 0012. */
export function decidingPicksQuery(db: DB, ids: readonly string[]) {
  // Ties in code-point order, as the full read sorts them: SQLite's default, PostgreSQL's "C" collation.
  const byId = sql.raw(isPostgres(db) ? 'licenses.id collate "C"' : 'licenses.id')
  return db
    .selectFrom('subscriptions')
    .select((eb) => [
      'subscriptions.id as subscription',
      eb
        .selectFrom('licenses')
        .select('licenses.id')
        .whereRef('licenses.subscription_id', '=', 'subscriptions.id')
        .orderBy('licenses.key_number')
        .orderBy(byId)
        .limit(1)
        .as('first'),
      ...([0, 1] as const).map((lapsing) =>
        eb
          .selectFrom('licenses')
          .select('licenses.id')
          .whereRef('licenses.subscription_id', '=', 'subscriptions.id')
          .where('licenses.lapsing', '=', lapsing)
          .orderBy('licenses.expiration', 'desc')
          .limit(1)
          .as(lapsing ? 'lastLapsing' : 'lastRenewing'),
      ),
    ])
    .where('subscriptions.id', 'in', [...ids])
}

/** At most three per subscription: the first by key (§3 expiry), the last renewing and lapsing to expire. */
async function decidingLicenses(db: DB, ids: readonly string[]): Promise<LicenseRow[]> {
  const picks = await decidingPicksQuery(db, ids).execute()
  const order = new Map<string, number>()
  for (const pick of picks)
    for (const [rank, id] of [pick.first, pick.lastRenewing, pick.lastLapsing].entries())
      if (id && !order.has(id)) order.set(id, rank)
  if (order.size === 0) return []
  const rows = await db
    .selectFrom('licenses')
    .selectAll()
    .where('id', 'in', [...order.keys()])
    .execute()
  // The first license leads (it gives the expiry); a license picked twice is sent once.
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
}
