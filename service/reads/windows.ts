// retrieveDetails with windows: a fixed number of queries per table, each reading at most a page of rows.
import type { Company } from '../../protocol/entities.js'
import type { Details, ParsedPayload } from '../../protocol/operations.js'
import { sql } from 'kysely'
import { DEFAULT_PAGE_SIZE, LONG_EXPIRED_ORDERS_NAMED, PERSONAL_TABLE } from '../../protocol/licenses/windows.js'
import type { ExpiredGroup, LicenseWindowResult, LongExpiredOrder } from '../../protocol/licenses/window-reads.js'
import { DAY_MS } from '../../protocol/shared/dates.js'
import type { DB } from '../db/database.js'
import type { LicenseRow } from '../db/schema.js'
import { accountRoles } from './details.js'
import { flagsOfColumn } from '../auth/policy.js'
import { windowedSubscriptions } from './seat-counts.js'
import {
  allOf,
  countWhere,
  filterPredicate,
  licenseOrder,
  licensesWithStates,
  scopePredicate,
  searchPredicate,
  tableCounts,
  type LicensePredicate,
  type TableScope,
} from './license-queries.js'

type AskedWindow = NonNullable<ParsedPayload<'retrieveDetails'>['windows']>[number]

/** Spec §9. */
const RECENTLY_EXPIRED_MS = 60 * DAY_MS

const notOpenSource: LicensePredicate = (eb) => eb(eb.fn('lower', ['product_name']), 'not like', '%open source%')

export async function buildWindowedDetails(
  db: DB,
  email: string,
  asked: readonly AskedWindow[],
  now: number,
): Promise<Omit<Details, 'session'>> {
  const { admin, roles, companyIds, owners } = await accountRoles(db, email)
  // The first window named for a table counts; a table the caller cannot see is ignored.
  const windowOf = new Map<string, AskedWindow>()
  for (const w of asked) if (!windowOf.has(w.table)) windowOf.set(w.table, w)
  const windowFor = (table: string): AskedWindow =>
    windowOf.get(table) ?? { table, page: 1, pageSize: DEFAULT_PAGE_SIZE, search: '', filter: 'all' }

  const subscriptionRows = await db.selectFrom('subscriptions').selectAll().where('owner', 'in', owners).execute()
  const states = new Map(subscriptionRows.map((s) => [s.id, s.state as string]))
  const { seats, subscriptionsOf } = await windowedSubscriptions(db, subscriptionRows, states, now)

  const readTable = async (scope: TableScope) => {
    const window = windowFor(scope.kind === 'personal' ? PERSONAL_TABLE : scope.id)
    const inTable = scopePredicate(scope)
    const narrowing = [searchPredicate(window.search), filterPredicate(window.filter, now)]
    const where = allOf([inTable, ...narrowing])
    const counts = await tableCounts(db, inTable, now)
    const matching = narrowing.some((p) => p !== null) ? await countWhere(db, where) : counts.total
    const pages = Math.max(1, Math.ceil(matching / window.pageSize))
    const page = Math.min(window.page, pages)
    let query = db.selectFrom('licenses').selectAll().where(where)
    for (const order of licenseOrder(db)) query = query.orderBy(order)
    const rows = await query
      .limit(window.pageSize)
      .offset((page - 1) * window.pageSize)
      .execute()
    const witnesses = scope.kind === 'company' ? await sectionWitnesses(db, inTable, now) : []
    const result: LicenseWindowResult = {
      table: window.table,
      page,
      pageSize: window.pageSize,
      pages,
      matching,
      ...counts,
      witnesses: [],
    }
    return { rows, witnesses, result }
  }

  // Rows of subscriptions of other owners (a company license assigned to the account) need their state too.
  const withStates = (rows: readonly LicenseRow[]) => licensesWithStates(db, rows, states)

  const personal = await readTable({ kind: 'personal', email, companyIds })
  const windows: LicenseWindowResult[] = [personal.result]
  const companies: Company[] = []
  for (const role of roles) {
    const table = await readTable({ kind: 'company', id: role.id })
    windows.push({ ...table.result, witnesses: await withStates(table.witnesses) })
    companies.push({
      id: role.id,
      name: role.name,
      licenses: await withStates(table.rows),
      subscriptions: subscriptionsOf(role.id),
      ...flagsOfColumn(role.permissions),
    })
  }

  const everyLicense = scopeOfAccount(email, owners)
  const expired = allOf([everyLicense, notOpenSource, (eb) => eb('expiration', '<=', now)])
  const longAgo = allOf([expired, (eb) => eb('expiration', '<', now - RECENTLY_EXPIRED_MS)])
  const expiredLongAgo = await countWhere(db, longAgo)
  const expiredLongAgoOrders = expiredLongAgo ? await longExpiredOrders(db, longAgo) : []
  const recentlyExpired = await expiredGroups(
    db,
    allOf([expired, (eb) => eb('expiration', '>=', now - RECENTLY_EXPIRED_MS)]),
  )
  const own: LicensePredicate = (eb) => eb('owner', '=', email)
  const personalLicenses = await countWhere(db, allOf([own, (eb) => eb('license_type', '=', 'personal')]))
  const ownLicenses = await countWhere(db, own)

  return {
    email,
    admin,
    body: {
      personal: { licenses: await withStates(personal.rows), subscriptions: subscriptionsOf(email) },
      companies,
    },
    windowed: {
      windows,
      subscriptions: seats,
      personalLicenses,
      ownLicenses,
      expiredLongAgo,
      expiredLongAgoOrders,
      recentlyExpired,
    },
  }
}

/** Grouped by owner, order, product, expiry, keys as runs (key number − rank is constant in a run): a row per run. */
async function expiredGroups(db: DB, where: LicensePredicate): Promise<ExpiredGroup[]> {
  const runs = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('licenses')
        .select(['owner', 'order_id', 'product_name', 'trial', 'promotional', 'expiration', 'key_number'])
        .select((eb) =>
          eb
            .selectFrom('subscriptions')
            .select('subscriptions.state')
            .whereRef('subscriptions.id', '=', 'licenses.subscription_id')
            .as('subscription_state'),
        )
        .select(
          sql<number>`key_number - dense_rank() over (partition by owner, order_id, product_name, trial, promotional, subscription_id, expiration order by key_number)`.as(
            'run',
          ),
        )
        .where(where)
        .as('expired'),
    )
    .select(['owner', 'order_id', 'product_name', 'trial', 'promotional', 'subscription_state', 'expiration'])
    .select((eb) => [
      eb.fn.min('key_number').as('first'),
      eb.fn.max('key_number').as('last'),
      eb.fn.countAll().as('count'),
    ])
    .groupBy(['owner', 'order_id', 'product_name', 'trial', 'promotional', 'subscription_state', 'expiration', 'run'])
    .orderBy('owner')
    .orderBy('order_id')
    .orderBy('first')
    .execute()
  const groups = new Map<string, ExpiredGroup>()
  for (const run of runs) {
    const key = [
      run.owner,
      run.order_id,
      run.product_name,
      run.trial,
      run.promotional,
      run.subscription_state ?? '',
      run.expiration,
    ].join('\u0000')
    const group = groups.get(key)
    const keys: [number, number] = [Number(run.first), Number(run.last)]
    if (group) {
      group.keys.push(keys)
      group.count += Number(run.count)
    } else
      groups.set(key, {
        owner: run.owner,
        order: run.order_id,
        productName: run.product_name,
        trial: Number(run.trial) === 1,
        promotional: Number(run.promotional) === 1,
        ...(run.subscription_state ? { subscriptionState: run.subscription_state } : {}),
        expiration: Number(run.expiration),
        count: Number(run.count),
        keys: [keys],
      })
  }
  return [...groups.values()]
}

/** The orders the warning names beside the long-expired count (protocol/licenses/windows.ts says which), keys as runs. */
async function longExpiredOrders(db: DB, where: LicensePredicate): Promise<LongExpiredOrder[]> {
  const named = await db
    .selectFrom('licenses')
    .select(['order_id', 'product_name', 'trial'])
    .select((eb) => eb.fn.max('expiration').as('latest'))
    .where(where)
    .groupBy(['order_id', 'product_name', 'trial'])
    .orderBy('latest', 'desc')
    .orderBy('order_id')
    .orderBy('product_name')
    .orderBy('trial')
    .limit(LONG_EXPIRED_ORDERS_NAMED)
    .execute()
  if (named.length === 0) return []
  const ofNamed: LicensePredicate = (eb) =>
    eb.or(
      named.map((n) =>
        eb.and([eb('order_id', '=', n.order_id), eb('product_name', '=', n.product_name), eb('trial', '=', n.trial)]),
      ),
    )
  const runs = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('licenses')
        .select(['order_id', 'product_name', 'trial', 'key_number'])
        .select(
          sql<number>`key_number - dense_rank() over (partition by order_id, product_name, trial order by key_number)`.as(
            'run',
          ),
        )
        .where(allOf([where, ofNamed]))
        .as('named'),
    )
    .select(['order_id', 'product_name', 'trial'])
    .select((eb) => [
      eb.fn.min('key_number').as('first'),
      eb.fn.max('key_number').as('last'),
      eb.fn.countAll().as('count'),
    ])
    .groupBy(['order_id', 'product_name', 'trial', 'run'])
    .orderBy('first')
    .execute()
  return named.map((n) => {
    const own = runs.filter(
      (r) => r.order_id === n.order_id && r.product_name === n.product_name && Number(r.trial) === Number(n.trial),
    )
    return {
      order: n.order_id,
      productName: n.product_name,
      trial: Number(n.trial) === 1,
      count: own.reduce((sum, r) => sum + Number(r.count), 0),
      keys: own.map((r): [number, number] => [Number(r.first), Number(r.last)]),
    }
  })
}

/** Its own, its companies', and those assigned to it. */
function scopeOfAccount(email: string, owners: readonly string[]): LicensePredicate {
  return (eb) => eb.or([eb('owner', 'in', [...owners]), eb('assigned_to', '=', email)])
}

/** The first license outside a subscription, the first assignable one, and the first of those unexpired. */
async function sectionWitnesses(db: DB, inTable: LicensePredicate, now: number): Promise<LicenseRow[]> {
  const assignable: LicensePredicate = (eb) =>
    eb.and([eb('is_multi_user', '=', 0), eb(eb.fn('lower', ['product_name']), 'not like', '%enterprise%')])
  const first = (where: LicensePredicate) =>
    db.selectFrom('licenses').selectAll().where(where).limit(1).executeTakeFirst()
  const found = [
    await first(inTable),
    await first(allOf([inTable, assignable])),
    await first(allOf([inTable, assignable, (eb) => eb('expiration', '>', now)])),
  ]
  const seen = new Set<string>()
  return found.filter((row): row is LicenseRow => {
    if (!row || seen.has(row.id)) return false
    seen.add(row.id)
    return true
  })
}
