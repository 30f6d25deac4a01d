// retrieveLicenses: the rows a change touches in one of the caller's tables, every query bounded (MAX_LICENSES_READ).
import { RetrieveLicensesResult, tooManyLicensesMessage } from '../../protocol/licenses/license-reads.js'
import { MAX_LICENSES_READ } from '../../protocol/shared/limits.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { PERSONAL_TABLE } from '../../protocol/licenses/windows.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import type { DB } from '../db/database.js'
import type { LicenseRow, SubscriptionRow } from '../db/schema.js'
import { ServiceError } from '../dispatch/errors.js'
import {
  allOf,
  licenseOrder,
  licensesWithStates,
  scopePredicate,
  type LicensePredicate,
} from '../reads/license-queries.js'
import { idleSeat } from '../usage/idle.js'
import { toSubscription } from '../reads/mapping.js'
import { flagsOfColumn } from '../auth/policy.js'
import type { OperationHandlers } from './handlers.js'

/** Well under SQLite's limit on bound parameters. */
const CHUNK = 500

type Payload = ParsedPayload<'retrieveLicenses'>

export async function retrieveLicenses(payload: Payload, ctx: ServiceContext): Promise<Result<'retrieveLicenses'>> {
  const { email } = await requireCaller(ctx)
  const db = ctx.db
  // Without a table: the subscription's, else the one that shows the licenses named.
  const owner = typeof payload.subscriptionId === 'string' ? undefined : payload.ids?.[0]?.owner
  const table = await tableOf(
    db,
    email,
    payload.table ??
      (owner !== undefined
        ? await ownerTable(db, email, owner)
        : await subscriptionTable(db, email, payload.subscriptionId)),
  )

  const narrowing: LicensePredicate[] = [table.holds]
  if (payload.productGroup) {
    const group = payload.productGroup
    narrowing.push((eb) => eb('product_group', '=', group))
  }
  if (payload.idleDays !== undefined) narrowing.push(idleSeat(ctx.now(), payload.idleDays))
  let asked: { row: SubscriptionRow; holds: LicensePredicate } | undefined
  if (payload.subscriptionId === null) narrowing.push((eb) => eb('subscription_id', 'is', null))
  else if (payload.subscriptionId !== undefined) {
    const id = payload.subscriptionId
    const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row || row.owner !== table.owner) throw new ServiceError('NOT_FOUND', `Subscription ${id} was not found.`)
    const inSubscription: LicensePredicate = (eb) => eb('subscription_id', '=', id)
    asked = { row, holds: allOf([table.holds, inSubscription]) }
    narrowing.push(inSubscription)
  }

  // Subscription states by id: the asked subscription's is known; the others' are read with the rows.
  const states = new Map<string, string>(asked ? [[asked.row.id, asked.row.state]] : [])
  const rows = payload.ids ? await named(db, payload.ids, allOf(narrowing)) : await ordered(db, allOf(narrowing))
  const licenses = await licensesWithStates(db, rows, states)
  let subscription: RetrieveLicensesResult['subscription']
  if (asked) {
    // The subscription comes with all its licenses: those just read, unless the read was narrowed further.
    const narrowed = payload.ids !== undefined || payload.productGroup !== undefined
    const all = narrowed ? await licensesWithStates(db, await ordered(db, asked.holds), states) : licenses
    subscription = toSubscription(asked.row, all)
  }
  return {
    ...(table.company ? { company: table.company } : {}),
    ...(subscription ? { subscription } : {}),
    licenses,
  }
}

type Table = {
  owner: string
  holds: LicensePredicate
  company?: RetrieveLicensesResult['company']
}

/** Any other company, there or not, is NOT_FOUND alike, so that nobody learns which companies exist. */
async function tableOf(db: DB, email: string, table: string): Promise<Table> {
  if (table === PERSONAL_TABLE) {
    const roles = await db.selectFrom('company_permissions').select('company_id').where('email', '=', email).execute()
    const companyIds = roles.map((r) => r.company_id)
    return { owner: email, holds: scopePredicate({ kind: 'personal', email, companyIds }) }
  }
  const role = await db
    .selectFrom('company_permissions')
    .innerJoin('companies', 'companies.id', 'company_permissions.company_id')
    .select(['companies.id as id', 'companies.name as name', 'company_permissions.permissions as permissions'])
    .where('company_permissions.email', '=', email)
    .where('company_permissions.company_id', '=', table)
    .executeTakeFirst()
  if (!role) throw new ServiceError('NOT_FOUND', 'This company was not found.')
  return {
    owner: role.id,
    holds: (eb) => eb('owner', '=', role.id),
    company: { id: role.id, name: role.name, ...flagsOfColumn(role.permissions) },
  }
}

/** Own licenses: the personal table; a company's where the caller holds a role; else the personal one (assigned). */
async function ownerTable(db: DB, email: string, owner: string): Promise<string> {
  if (owner === email) return PERSONAL_TABLE
  const role = await db
    .selectFrom('company_permissions')
    .select('company_id')
    .where('email', '=', email)
    .where('company_id', '=', owner)
    .executeTakeFirst()
  return role ? owner : PERSONAL_TABLE
}

/** Its company's, or the personal table for the caller's own; anyone else's is NOT_FOUND. */
async function subscriptionTable(db: DB, email: string, subscriptionId: string | null | undefined): Promise<string> {
  const row = subscriptionId
    ? await db
        .selectFrom('subscriptions')
        .select(['owner', 'company_id'])
        .where('id', '=', subscriptionId)
        .executeTakeFirst()
    : undefined
  if (row?.company_id) return row.company_id
  if (row?.owner === email) return PERSONAL_TABLE
  throw new ServiceError('NOT_FOUND', `Subscription ${subscriptionId ?? ''} was not found.`)
}

/** In §4's order; more than `MAX_LICENSES_READ` refuse the read. */
async function ordered(db: DB, where: LicensePredicate): Promise<LicenseRow[]> {
  let query = db.selectFrom('licenses').selectAll().where(where)
  for (const order of licenseOrder(db)) query = query.orderBy(order)
  const rows = await query.limit(MAX_LICENSES_READ + 1).execute()
  if (rows.length > MAX_LICENSES_READ) throw new ServiceError('INVALID_REQUEST', tooManyLicensesMessage)
  return rows
}

/** In the order named; one not there, or not with that owner, is NOT_FOUND. */
async function named(db: DB, refs: Payload['ids'] & object, where: LicensePredicate): Promise<LicenseRow[]> {
  const ids = [...new Set(refs.map((ref) => ref.id))]
  const found = new Map<string, LicenseRow>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK)
    const rows = await db
      .selectFrom('licenses')
      .selectAll()
      .where(allOf([where, (eb) => eb('id', 'in', chunk)]))
      .execute()
    for (const row of rows) found.set(row.id, row)
  }
  for (const ref of refs) {
    if (found.get(ref.id)?.owner !== ref.owner) throw new ServiceError('NOT_FOUND', `License ${ref.id} was not found.`)
  }
  return ids.map((id) => found.get(id) as LicenseRow)
}

export const licenseReadOperations: OperationHandlers = { retrieveLicenses }
