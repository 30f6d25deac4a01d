// My machines and their deactivation budget: docs/decisions/0011-machine-deactivation-budget.md.
import type { Selectable, Transaction } from 'kysely'
import {
  DEACTIVATION_BUDGET,
  DEACTIVATION_WINDOW_MS,
  LAST_SEEN_STEP_MS,
  budgetExhausted,
  mayDeactivateMachines,
} from '../../protocol/machines/machines.js'
import type { DeactivationBudget, Machine } from '../../protocol/machines/operations.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { permissionFlags, UNKNOWN_ROLE } from '../../protocol/permissions/roles.js'
import { labelled } from '../../protocol/shared/text.js'
import { licenseWords, recordActivity } from '../activity/log.js'
import { callerRoleIn } from '../auth/policy.js'
import type { DB } from '../db/database.js'
import type { ActivationTable, Database, LicenseRow } from '../db/schema.js'
import { inTransaction } from '../db/transaction.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import type { OperationHandlers } from '../operations/handlers.js'

type Store = DB | Transaction<Database>
type ActivationRow = Selectable<ActivationTable>

/** Marks the machine seen now; a single bounded write, skipped while the last mark is younger than the step. */
export async function noteSeen(db: DB, activationId: string, now: number): Promise<void> {
  await db
    .updateTable('activations')
    .set({ last_seen: now })
    .where('id', '=', activationId)
    .where((eb) => eb.or([eb('last_seen', 'is', null), eb('last_seen', '<', now - LAST_SEEN_STEP_MS)]))
    .execute()
}

/** Takes the license's lock (SQLite: the write lock; PostgreSQL: the row lock) before a check-then-write. */
export async function lockLicense(trx: Transaction<Database>, licenseId: string): Promise<void> {
  await trx
    .updateTable('licenses')
    .set((eb) => ({ lapsing: eb.ref('lapsing') }))
    .where('id', '=', licenseId)
    .execute()
}

/** Deactivates these machines once (`status = 'active'` is the write's condition); `counted` spends the budget. */
export async function deactivateMachines(
  trx: Transaction<Database>,
  licenseId: string,
  ids: readonly string[],
  by: { actor: string; now: number; counted: boolean },
): Promise<string[]> {
  if (ids.length === 0) return []
  const done = await trx
    .updateTable('activations')
    .set({ status: 'deactivated', deactivated_at: by.now, deactivated_by: by.actor, counted: by.counted ? 1 : 0 })
    .where('license_id', '=', licenseId)
    .where('id', 'in', [...ids])
    .where('status', '=', 'active')
    .returning('id')
    .execute()
  return done.map((row) => row.id)
}

/** The machines the license is active on, oldest activation first (the order the confirmation page lists them in). */
export function activeMachines(store: Store, licenseId: string): Promise<ActivationRow[]> {
  return store
    .selectFrom('activations')
    .selectAll()
    .where('license_id', '=', licenseId)
    .where('status', '=', 'active')
    .orderBy('activation_time')
    .orderBy('id')
    .execute()
}

/** The license's budget at `now`: the counted deactivations of the last window and when the oldest leaves it. */
export async function deactivationBudget(store: Store, licenseId: string, now: number): Promise<DeactivationBudget> {
  const rows = await store
    .selectFrom('activations')
    .select('deactivated_at')
    .where('license_id', '=', licenseId)
    .where('counted', '=', 1)
    .where('deactivated_at', '>', now - DEACTIVATION_WINDOW_MS)
    .orderBy('deactivated_at')
    .execute()
  const used = rows.length
  const oldest = used >= DEACTIVATION_BUDGET ? rows[used - DEACTIVATION_BUDGET]!.deactivated_at : null
  return { limit: DEACTIVATION_BUDGET, used, nextAt: oldest === null ? null : oldest + DEACTIVATION_WINDOW_MS }
}

const toMachine = (row: ActivationRow): Machine => ({
  key: row.id,
  hostname: row.hostname,
  firstSeen: row.activation_time ?? row.requested_at,
  lastSeen: row.last_seen,
})

const notFound = (id: string) => new ServiceError('NOT_FOUND', `License ${id} was not found.`)

/** The license and whether the caller may deactivate; NOT_FOUND for others, so nothing is told of another's license. */
async function licenseOfCaller(
  ctx: ServiceContext,
  ref: { id: string; owner: string },
): Promise<{ license: LicenseRow; actor: string; mayDeactivate: boolean }> {
  const caller = await requireCaller(ctx)
  const license = await ctx.db.selectFrom('licenses').selectAll().where('id', '=', ref.id).executeTakeFirst()
  if (!license || license.owner !== ref.owner) throw notFound(ref.id)
  const holder =
    license.assigned_to === caller.email || (license.license_type === 'personal' && license.owner === caller.email)
  if (holder) return { license, actor: caller.email, mayDeactivate: true }
  const role = license.company_id ? await callerRoleIn(ctx.db, caller, license.company_id) : undefined
  if (role === undefined || role === UNKNOWN_ROLE) throw notFound(ref.id)
  return { license, actor: caller.email, mayDeactivate: mayDeactivateMachines(permissionFlags(role)) }
}

async function retrieveMachines(
  payload: ParsedPayload<'retrieveMachines'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveMachines'>> {
  const { license, mayDeactivate } = await licenseOfCaller(ctx, payload.license)
  return {
    machines: (await activeMachines(ctx.db, license.id)).map(toMachine),
    budget: await deactivationBudget(ctx.db, license.id, ctx.now()),
    mayDeactivate,
  }
}

async function deactivateMachine(
  payload: ParsedPayload<'deactivateMachine'>,
  ctx: ServiceContext,
): Promise<Result<'deactivateMachine'>> {
  const { license, actor, mayDeactivate } = await licenseOfCaller(ctx, payload.license)
  if (!mayDeactivate)
    throw new ServiceError('FORBIDDEN', 'You may see the machines of this license, not deactivate them.')
  const now = ctx.now()
  return inTransaction(ctx.db, async (trx) => {
    await lockLicense(trx, license.id)
    const machine = await trx
      .selectFrom('activations')
      .selectAll()
      .where('id', '=', payload.machine)
      .where('license_id', '=', license.id)
      .where('status', 'in', ['active', 'deactivated'])
      .executeTakeFirst()
    if (!machine) throw new ServiceError('NOT_FOUND', 'This machine is not among the machines of the license.')
    const before = await deactivationBudget(trx, license.id, now)
    // A repeat (the machine deactivated already, by this request or another) changes nothing and spends nothing.
    if (machine.status !== 'active') return { deactivated: false, hostname: machine.hostname, budget: before }
    if (before.nextAt !== null) throw new ServiceError('RATE_LIMITED', budgetExhausted(before.nextAt, { utc: true }))
    await deactivateMachines(trx, license.id, [machine.id], { actor, now, counted: true })
    await recordActivity(trx, {
      kind: 'activation',
      actor,
      companyId: license.company_id,
      account: license.assigned_to ?? (license.license_type === 'personal' ? license.owner : null),
      people: license.assigned_to ? [license.assigned_to] : [],
      summary: `deactivated ${licenseWords(license)} on ${labelled('the machine', machine.hostname)}`,
      at: now,
    })
    return { deactivated: true, hostname: machine.hostname, budget: await deactivationBudget(trx, license.id, now) }
  })
}

export const machineOperationHandlers: OperationHandlers = { retrieveMachines, deactivateMachine }
