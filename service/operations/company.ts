// Company licenses (spec §6, §7): `changeAssignment` and `offlineLicense`; the caller's role is read from the store.
import type { Transaction } from 'kysely'
import { canAssignLicense, cannotAssign, showOfflineKey } from '../../protocol/licenses/licenses.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { assignmentChangedMessage } from '../../protocol/shared/errors.js'
import { permissionFlags, UNKNOWN_ROLE } from '../../protocol/permissions/roles.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import type { DB } from '../db/database.js'
import type { Database, LicenseRow } from '../db/schema.js'
import { ServiceError } from '../dispatch/errors.js'
import { assignmentMails } from '../mail/assignment-mail.js'
import { toLicense } from '../reads/mapping.js'
import { offlineKeySigner } from '../offline-keys/index.js'
import type { OperationHandlers } from './handlers.js'
import { inTransaction } from '../db/transaction.js'
import { lockCompanies } from '../db/locks.js'
import { callerRolesIn } from '../auth/policy.js'
import { assignmentSummary, assignmentWords, groupBy, recordActivity } from '../activity/log.js'
import { guardHandChanges, serveFreedSeats } from '../directory/queue.js'
import type { DirectoryActor } from '../directory/changes.js'
import { emitSeatChanges } from '../webhooks/emit.js'
import { recordOfflineKeys } from '../usage/recording.js'

type Store = DB | Transaction<Database>

/** Row ids per `IN (…)` list: well under SQLite's limit on bound parameters. */
const CHUNK = 500

/** In any order; unknown ids are simply absent. */
export async function licensesByIds(store: Store, ids: readonly string[]): Promise<LicenseRow[]> {
  const rows: LicenseRow[] = []
  const distinct = [...new Set(ids)]
  for (let i = 0; i < distinct.length; i += CHUNK) {
    rows.push(
      ...(await store
        .selectFrom('licenses')
        .selectAll()
        .where('id', 'in', distinct.slice(i, i + CHUNK))
        .execute()),
    )
  }
  return rows
}

/** Each checked against the owner the payload gives (NOT_FOUND otherwise). */
async function namedLicenses(store: Store, refs: readonly { id: string; owner: string }[]): Promise<LicenseRow[]> {
  const rows = new Map(
    (
      await licensesByIds(
        store,
        refs.map((r) => r.id),
      )
    ).map((row) => [row.id, row]),
  )
  return refs.map((ref) => {
    const row = rows.get(ref.id)
    if (!row || row.owner !== ref.owner) throw new ServiceError('NOT_FOUND', `License ${ref.id} was not found.`)
    return row
  })
}

/** changeAssignment (spec §7); the change itself is `applyAssignmentChange`, which the REST API runs too. */
export async function changeAssignment(
  payload: ParsedPayload<'changeAssignment'>,
  ctx: ServiceContext,
): Promise<Result<'changeAssignment'>> {
  const caller = await requireCaller(ctx)
  await applyAssignmentChange(ctx, payload, {
    log: caller.email,
    mail: caller.email,
    async mayAssign(trx, companyIds) {
      const roles = await callerRolesIn(trx, caller, companyIds)
      for (const companyId of companyIds) {
        if (!permissionFlags(roles.get(companyId) ?? UNKNOWN_ROLE).canAssign) {
          throw new ServiceError('FORBIDDEN', 'You may not assign the licenses of this company.')
        }
      }
    },
  })
  return { completed: true }
}

/** Who changes the assignment: the name the log and the mails give, and the check that it may, per company. */
export type AssignmentActor = DirectoryActor & {
  mayAssign(trx: Transaction<Database>, companyIds: readonly string[]): Promise<void>
  /** What the actor records of the change in the same transaction (a reclaim, its undo). */
  alongside?(
    trx: Transaction<Database>,
    done: ReadonlyArray<{ row: LicenseRow; from: string; to: string }>,
  ): Promise<void>
}

/** One transaction; `assignedToBefore` refuses the whole change (ASSIGNMENT_CHANGED); mails go after the commit. */
export async function applyAssignmentChange(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'mailer' | 'config'>,
  payload: ParsedPayload<'changeAssignment'>,
  actor: AssignmentActor,
): Promise<void> {
  const ids = payload.licenses.map((l) => l.id)
  if (new Set(ids).size !== ids.length) {
    throw new ServiceError('INVALID_PAYLOAD', 'Each license may appear only once in an assignment change.')
  }

  const assigned = await inTransaction(ctx.db, async (trx) => {
    const rows = await namedLicenses(trx, payload.licenses)
    const companyIds = [...new Set(rows.map((row) => row.company_id ?? ''))]
    if (companyIds.includes('')) throw new ServiceError('CANNOT_ASSIGN', 'Personal licenses cannot be assigned.')
    await actor.mayAssign(trx, companyIds)
    for (const row of rows) {
      if (!canAssignLicense(toLicense(row))) throw new ServiceError('CANNOT_ASSIGN', cannotAssign)
    }
    await lockCompanies(trx, companyIds)
    // A seat the company's directory holds, or of a product it owns, is not changed by hand.
    await guardHandChanges(
      trx,
      payload.licenses.map((change, i) => ({ row: rows[i], to: change.assignedTo })),
    )

    const changed: Array<{ row: LicenseRow; email: string }> = []
    const done: Array<{ row: LicenseRow; from: string; to: string }> = []
    for (const [i, change] of payload.licenses.entries()) {
      const row = rows[i]
      if (row.assigned_to === change.assignedTo) continue
      // Compare-and-set: the holder the caller saw is part of the UPDATE's condition, so of several writers that saw
      // the same holder exactly one changes the row, whichever process they run in; the others roll back.
      let update = trx.updateTable('licenses').set({ assigned_to: change.assignedTo }).where('id', '=', row.id)
      if (change.assignedToBefore !== undefined) update = update.where('assigned_to', '=', change.assignedToBefore)
      const { numUpdatedRows } = await update.executeTakeFirst()
      if (numUpdatedRows !== 1n) {
        const now = await trx.selectFrom('licenses').select('assigned_to').where('id', '=', row.id).executeTakeFirst()
        throw new ServiceError('ASSIGNMENT_CHANGED', assignmentChangedMessage(now?.assigned_to ?? ''))
      }
      if (change.assignedTo !== '') changed.push({ row, email: change.assignedTo })
      done.push({ row, from: row.assigned_to, to: change.assignedTo })
    }
    for (const [companyId, changes] of groupBy(done, (d) => d.row.company_id ?? '')) {
      const lines = changes.map((d) => assignmentWords(d.row, d.from, d.to))
      await recordActivity(trx, {
        kind: 'assignment',
        actor: actor.log,
        companyId,
        summary: lines.length === 1 ? lines[0] : assignmentSummary(changes),
        details: lines.length === 1 ? [] : lines,
        people: changes.flatMap((d) => [d.from, d.to]).filter((email) => email !== ''),
        at: ctx.now(),
      })
    }
    await actor.alongside?.(trx, done)
    await emitSeatChanges(trx, done, ctx.now())
    // A license this change freed goes to whoever waits for a seat of its product, if anybody does.
    const queueMails = await serveFreedSeats(
      trx,
      done.filter((d) => d.to === '').map((d) => d.row),
      ctx.now(),
      { log: actor.log, mail: actor.mail },
      ctx.config.publicUrl,
    )
    const companies = await trx.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute()
    return { changed, queueMails, companyNames: new Map(companies.map((c) => [c.id, c.name])) }
  })

  for (const mail of assigned.queueMails) await ctx.mailer.send(mail)

  if (payload.sendEmail) {
    for (const mail of assignmentMails(assigned.changed, assigned.companyNames, actor.mail, ctx.config.publicUrl)) {
      await ctx.mailer.send(mail)
    }
  }
}

/** offlineLicense (spec §7): the caller owns, holds or has a role in the company of each license; §5 visibility. */
export async function offlineLicense(
  payload: ParsedPayload<'offlineLicense'>,
  ctx: ServiceContext,
): Promise<Result<'offlineLicense'>> {
  const caller = await requireCaller(ctx)
  const refs = [...new Map(payload.ids.map((ref) => [ref.id, ref])).values()]
  const rows = await namedLicenses(ctx.db, refs)
  const roles = await callerRolesIn(
    ctx.db,
    caller,
    rows.flatMap((row) => (row.company_id ? [row.company_id] : [])),
  )
  const now = ctx.now()
  const signer = offlineKeySigner(ctx.config)
  const licenses = rows.map((row) => {
    const role = row.company_id ? roles.get(row.company_id) : undefined
    const allowed =
      row.owner === caller.email || row.assigned_to === caller.email || (role !== undefined && role !== UNKNOWN_ROLE)
    if (!allowed) throw new ServiceError('FORBIDDEN', 'You may not download the offline key of this license.')
    const license = toLicense(row)
    if (!showOfflineKey(license, now)) {
      throw new ServiceError('INVALID_STATE', `License ${row.id} has no offline key.`)
    }
    const licenseKey = signer.sign({
      v: 1,
      id: row.id,
      licenseKey: row.license_key,
      product: row.product_name,
      productGroup: row.product_group,
      owner: row.owner,
      order: row.order_id,
      key: row.key_number,
      expiration: Number(row.expiration),
    })
    return { id: row.id, owner: row.owner, licenseKey }
  })
  // The holder's own key is the sign of a seat used offline; an administrator's list of the company's keys is not.
  await recordOfflineKeys(
    ctx.db,
    rows.filter((row) => row.assigned_to === caller.email),
    now,
  )
  return { licenses }
}

export const companyOperations: OperationHandlers = {
  changeAssignment,
  offlineLicense,
}
