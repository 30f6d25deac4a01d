// The REST API's license lists in §4's order, paged by a cursor of the last row's sort values (stable under changes).
import { sql, type SqlBool } from 'kysely'
import * as z from 'zod/mini'
import type { ApiLicense, LicenseListQuery } from '../../protocol/api/api-v1.js'
import type { DB } from '../db/database.js'
import type { LicenseRow } from '../db/schema.js'
import { allOf, filterPredicate, licenseSortKeys, type LicensePredicate } from '../reads/license-queries.js'
import { idleSeat } from '../usage/idle.js'
import { ApiProblem } from './problems.js'

/** A company's licenses (its subscriptions' seats included), or an account's own and those it holds. */
export type LicenseScope = { companyId: string } | { account: string }

export function scopeOf(scope: LicenseScope): LicensePredicate {
  if ('companyId' in scope) return (eb) => eb('owner', '=', scope.companyId)
  return (eb) => eb.or([eb('owner', '=', scope.account), eb('assigned_to', '=', scope.account)])
}

/** A license row with how it is used: its active machines and its last check. */
export type UsedLicenseRow = LicenseRow & { active_machines: unknown; last_seen_at: unknown }

/** Per row, read alongside it. */
const usage = [
  sql<number>`(select count(*) from activations a where a.license_id = licenses.id and a.status = 'active')`.as(
    'active_machines',
  ),
  sql<number | null>`(select max(c.last_at) from license_checks c where c.license_id = licenses.id)`.as('last_seen_at'),
]

/** `keys`: whether the token may see the license key (protocol/api-tokens.ts `seesKeys`). */
export function toApiLicense(row: UsedLicenseRow, now: number, keys: boolean): ApiLicense {
  const expiration = Number(row.expiration)
  return {
    id: row.id,
    productName: row.product_name,
    productGroup: row.product_group,
    orderId: row.order_id,
    keyNumber: Number(row.key_number),
    product: row.product_group,
    order: row.order_id,
    key: Number(row.key_number),
    ...(keys ? { licenseKey: row.license_key } : {}),
    holder: row.assigned_to === '' ? null : row.assigned_to,
    expiresAt: new Date(expiration).toISOString(),
    expired: expiration <= now,
    trial: Number(row.trial) === 1,
    multiUser: Number(row.is_multi_user) === 1,
    subscriptionId: row.subscription_id ?? null,
    machines: Number(row.active_machines),
    lastSeenAt: row.last_seen_at === null ? null : new Date(Number(row.last_seen_at)).toISOString(),
  }
}

const CursorValues = z.array(z.union([z.string().check(z.maxLength(500)), z.number()])).check(z.length(8))

export const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** Not one this API gave: the client starts again without it. */
export const badCursor = () =>
  new ApiProblem(400, 'INVALID_PAYLOAD', 'The cursor is not one this API gave; ask for the first page without it.')

export function decodeCursor<T>(cursor: string, schema: z.ZodMiniType<T>): T {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    if (parsed.success) return parsed.data
  } catch {
    // falls through to the refusal
  }
  throw badCursor()
}

/** Rows after the cursor's in the order: (k0, k1, …) beyond its values, each key in its own direction. */
function afterPredicate(db: DB, values: ReadonlyArray<string | number>): LicensePredicate {
  const keys = licenseSortKeys(db)
  return (eb) =>
    eb.or(
      keys.map(({ key, descending }, i) =>
        eb.and([
          ...keys.slice(0, i).map((earlier, j) => sql<SqlBool>`${earlier.key} = ${values[j]}`),
          sql<SqlBool>`${key} ${sql.raw(descending ? '<' : '>')} ${values[i]}`,
        ]),
      ),
    )
}

export async function listLicenses(
  db: DB,
  scope: LicenseScope,
  query: LicenseListQuery,
  answer: { now: number; keys: boolean },
): Promise<{ data: ApiLicense[]; nextCursor: string | null }> {
  const keys = licenseSortKeys(db)
  const where = allOf([
    scopeOf(scope),
    query.product ? (eb) => eb('product_group', '=', query.product!) : null,
    query.holder ? (eb) => eb('assigned_to', '=', query.holder!) : null,
    query.state ? filterPredicate(query.state, answer.now) : null,
    query.idleDays ? idleSeat(answer.now, query.idleDays) : null,
    query.cursor ? afterPredicate(db, decodeCursor(query.cursor, CursorValues)) : null,
  ])
  let select = db
    .selectFrom('licenses')
    .selectAll()
    .select(usage)
    .select(keys.map(({ key }, i) => key.as(`sort_${i}`)))
    .where(where)
  for (const { key, descending } of keys) select = select.orderBy(descending ? sql`${key} desc` : key)
  // One row more than the page says whether another page follows.
  const rows = (await select.limit(query.limit + 1).execute()) as Array<UsedLicenseRow & Record<string, unknown>>
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    data: page.map((row) => toApiLicense(row, answer.now, answer.keys)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(keys.map((_, i) => normalise(last[`sort_${i}`]))) : null,
  }
}

/** PostgreSQL answers a bigint as text; SQLite as a number. Either compares as the column's own type. */
const normalise = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? value : String(value))

export async function findLicense(db: DB, scope: LicenseScope, id: string): Promise<UsedLicenseRow | undefined> {
  return (await findLicenses(db, scope, [id]))[0]
}

/** In any order; ids not in the scope are absent. */
export async function findLicenses(db: DB, scope: LicenseScope, ids: readonly string[]): Promise<UsedLicenseRow[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom('licenses')
    .selectAll()
    .select(usage)
    .where(allOf([scopeOf(scope), (eb) => eb('id', 'in', [...ids])]))
    .execute()
}
