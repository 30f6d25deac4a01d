// The reclaim policy's calls, for the company's administrators and platform administrators.
import { DAY_MS } from '../../protocol/shared/dates.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { RECLAIM_UNDO_DAYS, undoRefusals } from '../../protocol/reclaim/reclaim.js'
import { ReclaimDays, type Reclaim } from '../../protocol/reclaim/operations.js'
import { recordActivity } from '../activity/log.js'
import type { ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { inTransaction } from '../db/transaction.js'
import { requireCompanyAdministrator } from '../auth/policy.js'
import { applyAssignmentChange } from '../operations/company.js'
import { lockCompanies } from '../db/locks.js'
import type { OperationHandlers } from '../operations/handlers.js'

const forbidden = "Only the company's administrators may manage the reclaim of its idle seats."
const UNDO_MS = RECLAIM_UNDO_DAYS * DAY_MS

async function retrieveReclaims(
  payload: ParsedPayload<'retrieveReclaims'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveReclaims'>> {
  const { company } = await requireCompanyAdministrator(ctx, payload.companyId, forbidden)
  const now = ctx.now()
  const store = ctx.db
  const policy = await store
    .selectFrom('reclaim_policies')
    .select('idle_days')
    .where('company_id', '=', company.id)
    .executeTakeFirst()
  const rows = await store
    .selectFrom('seat_reclaims as r')
    .innerJoin('licenses as l', 'l.id', 'r.license_id')
    .select(['r.id', 'r.license_id', 'r.holder', 'r.idle_days', 'r.reclaimed_at', 'r.undone_at', 'r.undone_by'])
    .select(['l.product_name', 'l.order_id', 'l.key_number'])
    .where('r.company_id', '=', company.id)
    .where('r.reclaimed_at', '>', now - UNDO_MS)
    .orderBy('r.reclaimed_at', 'desc')
    .orderBy('r.id')
    .limit(100)
    .execute()
  const parsed = ReclaimDays.safeParse(policy?.idle_days)
  return {
    company,
    idleDays: parsed.success ? parsed.data : null,
    reclaims: rows.map((r): Reclaim => ({
      id: r.id,
      licenseId: r.license_id,
      productName: r.product_name,
      order: r.order_id,
      key: Number(r.key_number),
      holder: r.holder,
      idleDays: Number(r.idle_days),
      reclaimedAt: Number(r.reclaimed_at),
      undoUntil: r.undone_at === null ? Number(r.reclaimed_at) + UNDO_MS : null,
      undoneAt: r.undone_at === null ? null : Number(r.undone_at),
      undoneBy: r.undone_by,
    })),
  }
}

/** A changed policy forgets its warnings, so every seat is warned afresh a full week before it is reclaimed. */
async function setReclaimPolicy(
  payload: ParsedPayload<'setReclaimPolicy'>,
  ctx: ServiceContext,
): Promise<Result<'setReclaimPolicy'>> {
  const { company, actor } = await requireCompanyAdministrator(ctx, payload.companyId, forbidden)
  return inTransaction(ctx.db, async (trx) => {
    await lockCompanies(trx, [company.id])
    const before = await trx
      .selectFrom('reclaim_policies')
      .select('idle_days')
      .where('company_id', '=', company.id)
      .executeTakeFirst()
    const was = before ? Number(before.idle_days) : null
    if (was === payload.idleDays) return { idleDays: payload.idleDays, changed: false }
    if (payload.idleDays === null) {
      await trx.deleteFrom('reclaim_policies').where('company_id', '=', company.id).execute()
    } else {
      await trx
        .insertInto('reclaim_policies')
        .values({ company_id: company.id, idle_days: payload.idleDays, changed_by: actor, changed_at: ctx.now() })
        .onConflict((oc) =>
          oc
            .column('company_id')
            .doUpdateSet({ idle_days: payload.idleDays ?? 0, changed_by: actor, changed_at: ctx.now() }),
        )
        .execute()
    }
    await trx.deleteFrom('reclaim_warnings').where('company_id', '=', company.id).execute()
    await recordActivity(trx, {
      kind: 'assignment',
      actor,
      companyId: company.id,
      summary:
        payload.idleDays === null
          ? 'turned off the reclaim of idle seats'
          : `set idle seats to be reclaimed after ${payload.idleDays} days`,
      details: [],
      people: [],
      at: ctx.now(),
    })
    return { idleDays: payload.idleDays, changed: true }
  })
}

/** The seat goes back to its former holder if it is still free; a repeat answers `undone: false`. */
async function undoReclaim(payload: ParsedPayload<'undoReclaim'>, ctx: ServiceContext): Promise<Result<'undoReclaim'>> {
  const { company, actor, caller } = await requireCompanyAdministrator(ctx, payload.companyId, forbidden)
  const store = ctx.db
  const reclaim = await store
    .selectFrom('seat_reclaims')
    .selectAll()
    .where('id', '=', payload.reclaimId)
    .where('company_id', '=', company.id)
    .executeTakeFirst()
  if (!reclaim) throw new ServiceError('NOT_FOUND', 'This reclaim was not found.')
  const answer = { holder: reclaim.holder, licenseId: reclaim.license_id }
  if (reclaim.undone_at !== null) return { ...answer, undone: false }
  const now = ctx.now()
  if (Number(reclaim.reclaimed_at) <= now - UNDO_MS)
    throw new ServiceError('CANNOT_ASSIGN', undoRefusals.expired(reclaim.holder))
  const license = await ctx.db
    .selectFrom('licenses')
    .select(['owner', 'assigned_to', 'expiration'])
    .where('id', '=', reclaim.license_id)
    .executeTakeFirst()
  if (!license) throw new ServiceError('NOT_FOUND', 'This reclaim was not found.')
  if (license.assigned_to !== '')
    throw new ServiceError('ASSIGNMENT_CHANGED', undoRefusals.taken(reclaim.holder, license.assigned_to))
  if (Number(license.expiration) <= now) throw new ServiceError('CANNOT_ASSIGN', undoRefusals.ended(reclaim.holder))
  try {
    await applyAssignmentChange(
      ctx,
      {
        licenses: [{ id: reclaim.license_id, owner: license.owner, assignedTo: reclaim.holder, assignedToBefore: '' }],
        sendEmail: true,
      },
      {
        log: actor,
        mail: caller.email,
        async mayAssign() {},
        async alongside(trx) {
          const undone = await trx
            .updateTable('seat_reclaims')
            .set({ undone_at: now, undone_by: actor })
            .where('id', '=', reclaim.id)
            .where('undone_at', 'is', null)
            .executeTakeFirst()
          if (Number(undone.numUpdatedRows) !== 1)
            throw new ServiceError('ASSIGNMENT_CHANGED', 'This reclaim was undone already.')
          // The holder starts afresh: idle from now on, not from before the reclaim.
          await trx
            .insertInto('seat_holders')
            .values({ license_id: reclaim.license_id, company_id: company.id, holder: reclaim.holder, since: now })
            .onConflict((oc) => oc.column('license_id').doUpdateSet({ holder: reclaim.holder, since: now }))
            .execute()
        },
      },
    )
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'ASSIGNMENT_CHANGED') {
      const again = await store
        .selectFrom('seat_reclaims')
        .select('undone_at')
        .where('id', '=', reclaim.id)
        .executeTakeFirst()
      if (again?.undone_at != null) return { ...answer, undone: false }
      const holderNow = await ctx.db
        .selectFrom('licenses')
        .select('assigned_to')
        .where('id', '=', reclaim.license_id)
        .executeTakeFirst()
      throw new ServiceError(
        'ASSIGNMENT_CHANGED',
        undoRefusals.taken(reclaim.holder, holderNow?.assigned_to || 'someone else'),
      )
    }
    throw err
  }
  return { ...answer, undone: true }
}

export const reclaimOperationHandlers: OperationHandlers = { retrieveReclaims, setReclaimPolicy, undoReclaim }
