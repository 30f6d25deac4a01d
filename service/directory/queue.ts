// What the rest of the service asks of the directory's seats, in the caller's transaction.
import type { Kysely, Transaction } from 'kysely'
import type { ProductGroup } from '../../protocol/entities.js'
import { directorySeatRefusal, ownedProductRefusal } from '../../protocol/directory.js'
import { productByGroup } from '../catalog/index.js'
import type { ServiceContext } from '../dispatch/context.js'
import type { Database, LicenseRow } from '../db/schema.js'
import { ServiceError } from '../dispatch/errors.js'
import type { Mail } from '../mail/mailer.js'
import { lockCompanies } from '../db/locks.js'
import { changeDirectory, finishSeatChanges, type DirectoryActor } from './changes.js'
import {
  addClaim,
  dropClaim,
  newSeatOutcome,
  serveQueue,
  settle,
  waitingPeople,
  type SeatOutcome,
  type SeatScope,
} from './seats.js'
import type { ClaimSource, DirectoryTables, DirectoryTransaction } from './tables.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyStore = Kysely<any>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTrx = Transaction<any>
const view = (store: AnyStore) => store as unknown as Kysely<DirectoryTables>
const directoryTrx = (trx: AnyTrx) => trx as unknown as DirectoryTransaction
const core = (trx: AnyTrx) => trx as unknown as Transaction<Database>

export async function directorySeatIds(store: AnyStore, licenseIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>()
  const ids = [...new Set(licenseIds)]
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await view(store)
      .selectFrom('directory_seats')
      .select('license_id')
      .where('license_id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const row of rows) found.add(row.license_id)
  }
  return found
}

export async function isDirectorySeat(store: AnyStore, licenseId: string): Promise<boolean> {
  return (await directorySeatIds(store, [licenseId])).has(licenseId)
}

export async function directoryOwns(store: AnyStore, companyId: string, productGroup: ProductGroup): Promise<boolean> {
  const row = await view(store)
    .selectFrom('directory_products')
    .select('owned')
    .where('company_id', '=', companyId)
    .where('product_group', '=', productGroup)
    .executeTakeFirst()
  return row?.owned === 1
}

export type SeatRequest = {
  companyId: string
  productGroup: ProductGroup
  email: string
  source: ClaimSource
  now: number
}

/** `position` 1 is next. */
export type SeatStanding = { state: 'held' } | { state: 'queued'; position: number }

/** A free seat now (one already held counts), else a place in the queue; in the caller's transaction. */
export async function requestSeat(
  trx: AnyTrx,
  request: SeatRequest,
): Promise<{ standing: SeatStanding; outcome: SeatOutcome }> {
  await lockCompanies(core(trx), [request.companyId])
  const scope = scopeOf(trx, request)
  await addClaim(scope, request)
  await settle(scope, [request])
  const waiting = await waitingPeople(scope, request.productGroup)
  const position = waiting.findIndex((p) => p.email === request.email) + 1
  return { standing: position === 0 ? { state: 'held' } : { state: 'queued', position }, outcome: scope.outcome }
}

/** A directory seat the person holds for no other reason is freed (and goes to the queue). */
export async function withdrawSeatRequest(trx: AnyTrx, request: SeatRequest): Promise<SeatOutcome> {
  await lockCompanies(core(trx), [request.companyId])
  const scope = scopeOf(trx, request)
  if (await dropClaim(scope, request)) await settle(scope, [request])
  return scope.outcome
}

export async function requestSeatNow(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'mailer' | 'config'>,
  request: Omit<SeatRequest, 'now'>,
  actor: DirectoryActor,
): Promise<SeatStanding> {
  return changeDirectory(ctx, request.companyId, actor, async (scope) => {
    await addClaim(scope, request)
    await settle(scope, [request])
    const waiting = await waitingPeople(scope, request.productGroup)
    const position = waiting.findIndex((p) => p.email === request.email) + 1
    return position === 0 ? { state: 'held' as const } : { state: 'queued' as const, position }
  })
}

function scopeOf(trx: AnyTrx, request: { companyId: string; now: number }): SeatScope {
  return {
    trx: directoryTrx(trx),
    companyId: request.companyId,
    now: request.now,
    outcome: newSeatOutcome(request.companyId),
  }
}

/** Who hands a seat on, in the mail, when nobody in particular did. */
export const SEAT_QUEUE = 'The seat queue'

export function productName(group: ProductGroup): string {
  return productByGroup(group)?.name ?? group
}

/** The refusal says where the seat is decided. */
export async function guardHandChanges(
  trx: AnyTrx,
  changes: ReadonlyArray<{ row: LicenseRow; to: string }>,
): Promise<void> {
  const changed = changes.filter((c) => c.row.company_id && c.row.assigned_to !== c.to)
  if (changed.length === 0) return
  const held = await directorySeatIds(
    trx,
    changed.map((c) => c.row.id),
  )
  const seat = changed.find((c) => held.has(c.row.id))
  if (seat) throw new ServiceError('CANNOT_ASSIGN', directorySeatRefusal(seat.row.assigned_to))
  const checked = new Map<string, boolean>()
  for (const { row } of changed) {
    const key = `${row.company_id}\u0000${row.product_group}`
    if (!checked.has(key)) checked.set(key, await directoryOwns(trx, row.company_id as string, row.product_group))
    if (checked.get(key)) throw new ServiceError('CANNOT_ASSIGN', ownedProductRefusal(productName(row.product_group)))
  }
}

/** Hands freed or bought seats to the people waiting; a company without a queue costs one query. */
export async function serveFreedSeats(
  trx: AnyTrx,
  licenses: ReadonlyArray<Pick<LicenseRow, 'company_id' | 'product_group'>>,
  now: number,
  actor: DirectoryActor,
  publicUrl: string,
): Promise<Mail[]> {
  const mails: Mail[] = []
  const groups = new Map<string, Set<ProductGroup>>()
  for (const l of licenses)
    if (l.company_id) groups.set(l.company_id, (groups.get(l.company_id) ?? new Set()).add(l.product_group))
  for (const [companyId, products] of groups) {
    const claimed = await view(trx)
      .selectFrom('directory_claims')
      .select('product_group')
      .distinct()
      .where('company_id', '=', companyId)
      .where('product_group', 'in', [...products])
      .execute()
    if (claimed.length === 0) continue
    await lockCompanies(core(trx), [companyId])
    const scope = scopeOf(trx, { companyId, now })
    for (const { product_group } of claimed) await serveQueue(scope, product_group)
    mails.push(...(await finishSeatChanges(scope.trx, scope.outcome, actor, now, publicUrl)))
  }
  return mails
}
