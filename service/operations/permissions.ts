// Company permissions (spec §3, §4, §6, §7): the rules are checked in the changing transaction.
import type { PermissionEntry } from '../../protocol/entities.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { labelled } from '../../protocol/shared/text.js'
import {
  canManageRole,
  mayManagePermissions,
  checkRemoval,
  permissionFlags,
  roleCodes,
  roleDescriptions,
  roleNames,
  roleOf,
  UNKNOWN_ROLE,
  type RoleNumber,
} from '../../protocol/permissions/roles.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import type { Mail } from '../mail/mailer.js'
import { callerRoleIn, callerRolesIn, codesOfColumn, permissionColumn } from '../auth/policy.js'
import { lockCompanies } from '../db/locks.js'
import type { OperationHandlers } from './handlers.js'
import { inTransaction } from '../db/transaction.js'
import { recordActivity } from '../activity/log.js'

function toEntry(row: { company_id: string; email: string; permissions: string }): PermissionEntry {
  return {
    companyId: row.company_id,
    email: row.email,
    permissions: codesOfColumn(row.permissions),
  }
}

/** The roles that may see the Permissions dialog (canAddUsers or canAddResellers). */
const mayManage = (role: RoleNumber | undefined) => mayManagePermissions(permissionFlags(role ?? UNKNOWN_ROLE))

export async function retrievePermissions(
  payload: ParsedPayload<'retrievePermissions'>,
  ctx: ServiceContext,
): Promise<Result<'retrievePermissions'>> {
  const caller = await requireCaller(ctx)
  if (!mayManage(await callerRoleIn(ctx.db, caller, payload.companyId))) {
    throw new ServiceError('FORBIDDEN', 'You may not see the permissions of this company.')
  }
  const rows = await ctx.db
    .selectFrom('company_permissions')
    .select(['company_id', 'email', 'permissions'])
    .where('company_id', '=', payload.companyId)
    .orderBy('email')
    .execute()
  return { permissions: rows.map(toEntry) }
}

/** One transaction: §6 limits which roles the caller manages, §4's rules hold on the result; mails after commit. */
export async function updatePermissions(
  payload: ParsedPayload<'updatePermissions'>,
  ctx: ServiceContext,
): Promise<Result<'updatePermissions'>> {
  const caller = await requireCaller(ctx)
  const key = (companyId: string, email: string) => `${companyId}\u0000${email}`
  const addKeys = payload.add.map((a) => key(a.companyId, a.email))
  if (new Set(addKeys).size !== addKeys.length) {
    throw new ServiceError('INVALID_PAYLOAD', 'Each address may be added only once per company.')
  }
  const adds = payload.add.map((a) => {
    const role = roleOf(a.permissions)
    if (role === UNKNOWN_ROLE)
      throw new ServiceError('INVALID_PAYLOAD', `The permissions ${a.permissions.join(', ')} make no known role.`)
    return { ...a, role, permissions: roleCodes(role) }
  })
  const companyIds = [...new Set([...adds.map((a) => a.companyId), ...payload.remove.map((r) => r.companyId)])]
  if (companyIds.length === 0) return { completed: true }

  const added = await inTransaction(ctx.db, async (trx) => {
    await lockCompanies(trx, companyIds)
    const roles = await callerRolesIn(trx, caller, companyIds)
    const mails: Array<{ email: string; companyId: string; role: RoleNumber }> = []
    for (const companyId of companyIds) {
      const actor = roles.get(companyId)
      if (actor === undefined || !mayManage(actor)) {
        throw new ServiceError('FORBIDDEN', 'You may not change the permissions of this company.')
      }
      const entries = (
        await trx
          .selectFrom('company_permissions')
          .select(['company_id', 'email', 'permissions'])
          .where('company_id', '=', companyId)
          .execute()
      ).map(toEntry)
      const held = new Map(entries.map((e) => [e.email, e]))
      const removing = [...new Set(payload.remove.filter((r) => r.companyId === companyId).map((r) => r.email))]
      const adding = adds.filter((a) => a.companyId === companyId)

      for (const email of removing) {
        const entry = held.get(email)
        if (!entry) throw new ServiceError('NOT_FOUND', `${email} holds no role in this company.`)
        if (!canManageRole(actor, roleOf(entry.permissions))) {
          throw new ServiceError(
            'FORBIDDEN',
            `As ${roleNames[actor]} you may not remove a ${roleNames[roleOf(entry.permissions)]}.`,
          )
        }
      }
      for (const a of adding) {
        if (!canManageRole(actor, a.role)) {
          throw new ServiceError('FORBIDDEN', `As ${roleNames[actor]} you may not add a ${roleNames[a.role]}.`)
        }
        if (held.has(a.email) && !removing.includes(a.email)) throw new ServiceError('USER_EXISTS')
      }
      const refusal = checkRemoval(entries, removing, adding)
      if (refusal) throw new ServiceError(refusal.code, refusal.message)

      if (removing.length > 0) {
        await trx
          .deleteFrom('company_permissions')
          .where('company_id', '=', companyId)
          .where('email', 'in', removing)
          .execute()
      }
      const now = ctx.now()
      for (const a of adding) {
        await trx
          .insertInto('company_permissions')
          .values({
            company_id: companyId,
            email: a.email,
            permissions: permissionColumn(a.permissions),
            created_at: now,
          })
          .execute()
        mails.push({ email: a.email, companyId, role: a.role })
      }
      const lines = permissionChanges(held, removing, adding)
      await recordActivity(trx, {
        kind: 'permission',
        actor: caller.email,
        companyId,
        summary: lines.length === 1 ? lines[0] : `changed ${lines.length} permissions`,
        details: lines.length === 1 ? [] : lines,
        people: [...removing, ...adding.map((a) => a.email)],
        at: now,
      })
    }
    const names = await trx.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute()
    return { mails, companyNames: new Map(names.map((c) => [c.id, c.name])) }
  })

  if (payload.sendEmail) {
    for (const m of added.mails) {
      await ctx.mailer.send(
        permissionMail(
          m.email,
          added.companyNames.get(m.companyId) ?? m.companyId,
          m.role,
          caller.email,
          ctx.config.publicUrl,
        ),
      )
    }
  }
  return { completed: true }
}

/** "added dev@acme.test as Company Manager", "removed …", "changed the role of … from … to …". */
function permissionChanges(
  held: ReadonlyMap<string, PermissionEntry>,
  removing: readonly string[],
  adding: readonly { email: string; role: RoleNumber }[],
): string[] {
  const roleHeld = (email: string) => roleNames[roleOf(held.get(email)?.permissions ?? [])]
  const added = new Map(adding.map((a) => [a.email, a.role]))
  return [
    ...removing.map((email) => {
      const role = added.get(email)
      return role === undefined
        ? `removed ${email} (${roleHeld(email)})`
        : `changed the role of ${email} from ${roleHeld(email)} to ${roleNames[role]}`
    }),
    ...adding.filter((a) => !removing.includes(a.email)).map((a) => `added ${a.email} as ${roleNames[a.role]}`),
  ]
}

function permissionMail(email: string, company: string, role: RoleNumber, addedBy: string, publicUrl: string): Mail {
  return {
    to: email,
    subject: `You are now ${roleNames[role]} of ${labelled('the company', company, 80)}`,
    text: [
      'Hello,',
      '',
      `${addedBy} has given you the role ${roleNames[role]} for the licenses of ${labelled('the company', company)}.`,
      `${roleNames[role]}: ${roleDescriptions[role]}`,
      '',
      `Sign in with this email address at ${publicUrl}/?email=${encodeURIComponent(email)} to manage them.`,
    ].join('\n'),
  }
}

export const permissionOperations: OperationHandlers = {
  retrievePermissions,
  updatePermissions,
}
