// Seats that follow the directory: a claim holds a free seat or waits, longest-waiting first; no claim frees it.
// Callers hold the company's row lock (`lockCompanies`, service/db/locks.ts), so two writers to one company's seats run one at a time.
import { byPreference } from '../../protocol/licenses/assignment.js'
import type { ProductGroup } from '../../protocol/entities.js'
import { canAssignLicense } from '../../protocol/licenses/licenses.js'
import type { LicenseRow, Database } from '../db/schema.js'
import type { ClaimSource } from './tables.js'
import type { Transaction } from 'kysely'

export type SeatChange = { row: LicenseRow; email: string }

export type SeatOutcome = {
  companyId: string
  assigned: SeatChange[]
  released: SeatChange[]
  /** A renamed user's seats: `email` is the new address. */
  moved: Array<SeatChange & { from: string }>
  queued: Array<{ email: string; productGroup: ProductGroup }>
}

export function newSeatOutcome(companyId: string): SeatOutcome {
  return { companyId, assigned: [], released: [], moved: [], queued: [] }
}

export type SeatScope = { trx: Transaction<Database>; companyId: string; now: number; outcome: SeatOutcome }

const assignable = (row: LicenseRow) =>
  canAssignLicense({ productName: row.product_name, isMultiUser: row.is_multi_user === 1 })

const preference = (a: LicenseRow, b: LicenseRow) =>
  byPreference(
    { expiration: Number(a.expiration), order: a.order_id, key: a.key_number },
    { expiration: Number(b.expiration), order: b.order_id, key: b.key_number },
  )

/** Held by `holder` when given, else free ones; best first. */
async function poolLicenses(
  { trx, companyId, now }: SeatScope,
  group: ProductGroup,
  holder: string,
): Promise<LicenseRow[]> {
  let query = trx
    .selectFrom('licenses')
    .selectAll()
    .where('owner', '=', companyId)
    .where('company_id', '=', companyId)
    .where('product_group', '=', group)
    .where('assigned_to', '=', holder)
    .where('expiration', '>', now)
  // A lapsing license ends with its term: it is not handed to anybody new.
  if (holder === '') query = query.where('lapsing', '=', 0)
  return (await query.execute()).filter(assignable).sort(preference)
}

export async function ownsProduct(trx: Transaction<Database>, companyId: string, group: ProductGroup) {
  const row = await trx
    .selectFrom('directory_products')
    .select('owned')
    .where('company_id', '=', companyId)
    .where('product_group', '=', group)
    .executeTakeFirst()
  return row?.owned === 1
}

/** A no-op when the person already holds one of that source; whether it was new. */
export async function addClaim(
  scope: SeatScope,
  claim: { productGroup: ProductGroup; email: string; source: ClaimSource },
): Promise<boolean> {
  const { trx, companyId, now } = scope
  const last = await trx
    .selectFrom('directory_claims')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('company_id', '=', companyId)
    .where('product_group', '=', claim.productGroup)
    .executeTakeFirst()
  const result = await trx
    .insertInto('directory_claims')
    .values({ company_id: companyId, ...toRow(claim), seq: Number(last?.seq ?? 0) + 1, created_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'product_group', 'email', 'source']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1
}

const toRow = (c: { productGroup: ProductGroup; email: string; source: ClaimSource }) => ({
  product_group: c.productGroup,
  email: c.email,
  source: c.source,
})

export async function dropClaim(
  { trx, companyId }: SeatScope,
  claim: { productGroup: ProductGroup; email: string; source: ClaimSource },
): Promise<boolean> {
  const { numDeletedRows } = await trx
    .deleteFrom('directory_claims')
    .where('company_id', '=', companyId)
    .where('product_group', '=', claim.productGroup)
    .where('email', '=', claim.email)
    .where('source', '=', claim.source)
    .executeTakeFirst()
  return numDeletedRows > 0n
}

async function assign(scope: SeatScope, row: LicenseRow, email: string): Promise<boolean> {
  // Compare-and-set: the license is taken only if it is still free.
  const { numUpdatedRows } = await scope.trx
    .updateTable('licenses')
    .set({ assigned_to: email })
    .where('id', '=', row.id)
    .where('assigned_to', '=', '')
    .executeTakeFirst()
  if (numUpdatedRows !== 1n) return false
  await scope.trx
    .insertInto('directory_seats')
    .values({
      license_id: row.id,
      company_id: scope.companyId,
      product_group: row.product_group,
      email,
      assigned_at: scope.now,
    })
    .onConflict((oc) => oc.column('license_id').doUpdateSet({ email, assigned_at: scope.now }))
    .execute()
  scope.outcome.assigned.push({ row, email })
  return true
}

/** `quietly` for a seat that ended by itself (expired). */
async function release(scope: SeatScope, row: LicenseRow, email: string, quietly = false): Promise<void> {
  await scope.trx
    .updateTable('licenses')
    .set({ assigned_to: '' })
    .where('id', '=', row.id)
    .where('assigned_to', '=', email)
    .execute()
  await scope.trx.deleteFrom('directory_seats').where('license_id', '=', row.id).execute()
  if (!quietly) scope.outcome.released.push({ row, email })
}

/** Without a claim the directory seat is freed (and a hand-assigned one when the directory owns the product). */
export async function settlePerson(scope: SeatScope, group: ProductGroup, email: string): Promise<void> {
  const { trx, companyId, now } = scope
  const seatRows = await trx
    .selectFrom('directory_seats')
    .innerJoin('licenses', 'licenses.id', 'directory_seats.license_id')
    .selectAll('licenses')
    .where('directory_seats.company_id', '=', companyId)
    .where('directory_seats.product_group', '=', group)
    .where('directory_seats.email', '=', email)
    .execute()
  for (const row of seatRows) {
    if (row.assigned_to !== email) await trx.deleteFrom('directory_seats').where('license_id', '=', row.id).execute()
    else if (Number(row.expiration) <= now) await release(scope, row, email, true)
  }
  const directory = new Set(seatRows.filter((r) => r.assigned_to === email).map((r) => r.id))
  const held = await poolLicenses(scope, group, email)
  const claimed = await trx
    .selectFrom('directory_claims')
    .select('email')
    .where('company_id', '=', companyId)
    .where('product_group', '=', group)
    .where('email', '=', email)
    .executeTakeFirst()
  const owned = await ownsProduct(trx, companyId, group)
  if (!claimed) {
    for (const row of held) if (directory.has(row.id) || owned) await release(scope, row, email)
    return
  }
  const ours = held.filter((row) => directory.has(row.id) || owned)
  for (const row of ours.filter((r) => !directory.has(r.id))) {
    await trx
      .insertInto('directory_seats')
      .values({ license_id: row.id, company_id: companyId, product_group: group, email, assigned_at: now })
      .execute()
  }
  // One seat per person: the best one stays (held is sorted best first).
  for (const row of ours.slice(1)) await release(scope, row, email)
}

/** Longest-waiting first (at most `limit`). */
export async function waitingPeople(
  { trx, companyId, now }: Pick<SeatScope, 'trx' | 'companyId' | 'now'>,
  group: ProductGroup,
  limit?: number,
): Promise<Array<{ email: string; since: number }>> {
  let query = trx
    .selectFrom('directory_claims as c')
    .select((eb) => ['c.email', eb.fn.min('c.seq').as('seq'), eb.fn.min('c.created_at').as('since')])
    .where('c.company_id', '=', companyId)
    .where('c.product_group', '=', group)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('licenses as l')
            .select('l.id')
            .whereRef('l.assigned_to', '=', 'c.email')
            .where('l.company_id', '=', companyId)
            .where('l.product_group', '=', group)
            .where('l.expiration', '>', now),
        ),
      ),
    )
    .groupBy('c.email')
    .orderBy('seq')
    .orderBy('c.email')
  if (limit !== undefined) query = query.limit(limit)
  return (await query.execute()).map((r) => ({ email: r.email, since: Number(r.since) }))
}

export async function serveQueue(scope: SeatScope, group: ProductGroup): Promise<void> {
  const free = await poolLicenses(scope, group, '')
  if (free.length === 0) return
  const waiting = await waitingPeople(scope, group, free.length)
  let next = 0
  for (const person of waiting) {
    while (next < free.length && !(await assign(scope, free[next++], person.email))) {
      // Taken meanwhile by a write of this transaction: try the next free license.
    }
  }
}

/** The one call every change of claims ends with; people newly left waiting are reported as queued. */
export async function settle(
  scope: SeatScope,
  changes: ReadonlyArray<{ productGroup: ProductGroup; email: string }>,
): Promise<void> {
  const groups = [...new Set(changes.map((c) => c.productGroup))]
  for (const c of changes) await settlePerson(scope, c.productGroup, c.email)
  for (const group of groups) {
    await serveQueue(scope, group)
    const waiting = new Set((await waitingPeople(scope, group)).map((p) => p.email))
    for (const c of changes) {
      if (c.productGroup === group && waiting.has(c.email))
        scope.outcome.queued.push({ email: c.email, productGroup: group })
    }
  }
}

export async function everyoneOf(scope: SeatScope, group: ProductGroup): Promise<string[]> {
  const { trx, companyId, now } = scope
  const holders = await trx
    .selectFrom('licenses')
    .select('assigned_to as email')
    .distinct()
    .where('owner', '=', companyId)
    .where('product_group', '=', group)
    .where('assigned_to', '!=', '')
    .where('expiration', '>', now)
    .execute()
  const claimants = await trx
    .selectFrom('directory_claims')
    .select('email')
    .distinct()
    .where('company_id', '=', companyId)
    .where('product_group', '=', group)
    .execute()
  const seated = await trx
    .selectFrom('directory_seats')
    .select('email')
    .distinct()
    .where('company_id', '=', companyId)
    .where('product_group', '=', group)
    .execute()
  return [...new Set([...holders, ...claimants, ...seated].map((r) => r.email))].sort()
}

/** The same licenses and the same place in the queue. */
export async function moveSeats(scope: SeatScope, from: string, to: string): Promise<void> {
  const { trx, companyId } = scope
  const seats = await trx
    .selectFrom('directory_seats')
    .innerJoin('licenses', 'licenses.id', 'directory_seats.license_id')
    .selectAll('licenses')
    .where('directory_seats.company_id', '=', companyId)
    .where('directory_seats.email', '=', from)
    .where('licenses.assigned_to', '=', from)
    .execute()
  for (const row of seats) {
    await trx.updateTable('licenses').set({ assigned_to: to }).where('id', '=', row.id).execute()
    scope.outcome.moved.push({ row, email: to, from })
  }
  await trx
    .updateTable('directory_seats')
    .set({ email: to })
    .where('company_id', '=', companyId)
    .where('email', '=', from)
    .execute()
  await trx
    .updateTable('directory_claims')
    .set({ email: to })
    .where('company_id', '=', companyId)
    .where('email', '=', from)
    .where('source', '=', 'scim')
    .execute()
}
