// The SQL of a license table's window, for SQLite and PostgreSQL: no query here reads more rows than it answers.
import { sql, type ExpressionBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import { DAY_MS } from '../../protocol/shared/dates.js'
import { EXPIRING_WITHIN_DAYS, type LicenseFilter } from '../../protocol/licenses/windows.js'
import type { DB } from '../db/database.js'
import { isPostgres } from '../db/migrations/dialect.js'
import type { Database, LicenseRow } from '../db/schema.js'
import { toLicense } from './mapping.js'
import { idleSeat } from '../usage/idle.js'

type LicenseExpressions = ExpressionBuilder<Database, 'licenses'>
export type LicensePredicate = (eb: LicenseExpressions) => Expression<SqlBool>

/** The personal one, or a company's licenses outside its subscriptions. */
export type TableScope =
  { kind: 'personal'; email: string; companyIds: readonly string[] } | { kind: 'company'; id: string }

export function scopePredicate(scope: TableScope): LicensePredicate {
  if (scope.kind === 'company') return (eb) => eb.and([eb('owner', '=', scope.id), eb('subscription_id', 'is', null)])
  // The account's own licenses and those assigned by companies it holds no role in.
  return (eb) =>
    eb.or([
      eb('owner', '=', scope.email),
      scope.companyIds.length
        ? eb.and([eb('assigned_to', '=', scope.email), eb('owner', 'not in', [...scope.companyIds])])
        : eb('assigned_to', '=', scope.email),
    ])
}

/** LIKE's own wildcards are taken literally (escaped with a backslash). */
function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Case-insensitive; a number also finds the license with that key number. */
export function searchPredicate(search: string): LicensePredicate | null {
  if (search === '') return null
  const pattern = contains(search)
  return (eb) =>
    eb.or([
      sql<SqlBool>`lower(assigned_to) like ${pattern} escape '\\'`,
      sql<SqlBool>`lower(product_name) like ${pattern} escape '\\'`,
      sql<SqlBool>`lower(order_id) like ${pattern} escape '\\'`,
      sql<SqlBool>`lower(license_key) like ${pattern} escape '\\'`,
      ...(/^\d{1,9}$/.test(search) ? [eb('key_number', '=', Number(search))] : []),
    ])
}

export function filterPredicate(filter: LicenseFilter, now: number): LicensePredicate | null {
  switch (filter) {
    case 'all':
      return null
    case 'assigned':
      return (eb) => eb('assigned_to', '<>', '')
    case 'unassigned':
      return (eb) => eb.and([eb('assigned_to', '=', ''), eb('expiration', '>', now)])
    case 'expired':
      return (eb) => eb('expiration', '<=', now)
    case 'expiring':
      return (eb) => eb.and([eb('expiration', '>', now), eb('expiration', '<=', now + EXPIRING_WITHIN_DAYS * DAY_MS)])
    case 'idle-30':
      return idleSeat(now, 30)
    case 'idle-60':
      return idleSeat(now, 60)
    case 'idle-90':
      return idleSeat(now, 90)
  }
}

export function allOf(predicates: readonly (LicensePredicate | null)[]): LicensePredicate {
  const present = predicates.filter((p): p is LicensePredicate => p !== null)
  return (eb) => eb.and(present.map((p) => p(eb)))
}

/** §4's order in SQL, as `compareLicenses` has it; the id last so that pages never overlap. */
export function licenseOrder(db: DB) {
  return licenseSortKeys(db).map(({ key, descending }) => (descending ? sql`${key} desc` : key))
}

/** The keys of §4's order, each with its direction: a cursor holds a row's values of them (`service/api/`). */
export function licenseSortKeys(db: DB): ReadonlyArray<{ key: RawBuilder<unknown>; descending: boolean }> {
  const postgres = isPostgres(db)
  // Code-point comparison: SQLite's default (BINARY); PostgreSQL's "C" collation.
  const codePoint = sql.raw(postgres ? ' collate "C"' : '')
  const digitsOnly = postgres ? sql`order_id ~ '^[0-9]+$'` : sql`(order_id <> '' and order_id not glob '*[^0-9]*')`
  const ascending = (key: RawBuilder<unknown>) => ({ key, descending: false })
  return [
    ascending(
      sql`case when lower(product_name) like '%open source%' then 0 when product_group = 'bundle' then 1 when product_group = 'wallaby' then 2 else 3 end`,
    ),
    ascending(sql`case when ${digitsOnly} then 0 else 1 end`),
    ascending(sql`case when ${digitsOnly} then length(ltrim(order_id, '0')) else 0 end`),
    ascending(sql`case when ${digitsOnly} then ltrim(order_id, '0') else '' end${codePoint}`),
    ascending(sql`order_id${codePoint}`),
    ascending(sql`key_number`),
    { key: sql`expiration`, descending: true },
    ascending(sql`id${codePoint}`),
  ]
}

export type TableCounts = { total: number; assigned: number; unassigned: number }

export async function tableCounts(db: DB, scope: LicensePredicate, now: number): Promise<TableCounts> {
  const row = await db
    .selectFrom('licenses')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`coalesce(sum(case when assigned_to <> '' then 1 else 0 end), 0)`.as('assigned'),
      sql<number>`coalesce(sum(case when assigned_to = '' and expiration > ${now} then 1 else 0 end), 0)`.as(
        'unassigned',
      ),
    ])
    .where(scope)
    .executeTakeFirstOrThrow()
  return { total: Number(row.total), assigned: Number(row.assigned), unassigned: Number(row.unassigned) }
}

export async function countWhere(db: DB, where: LicensePredicate): Promise<number> {
  const row = await db
    .selectFrom('licenses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Well under SQLite's limit on bound parameters. */
const STATES_CHUNK = 500

/** Each subscription license with its subscription's state (the missing ones read, 500 subscriptions a query). */
export async function licensesWithStates(db: DB, rows: readonly LicenseRow[], states = new Map<string, string>()) {
  const missing = [...new Set(rows.map((r) => r.subscription_id).filter((id): id is string => !!id && !states.has(id)))]
  for (let i = 0; i < missing.length; i += STATES_CHUNK) {
    const found = await db
      .selectFrom('subscriptions')
      .select(['id', 'state'])
      .where('id', 'in', missing.slice(i, i + STATES_CHUNK))
      .execute()
    for (const s of found) states.set(s.id, s.state)
  }
  return rows.map((r) => toLicense(r, states))
}
