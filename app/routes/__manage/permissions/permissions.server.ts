// Company permissions (spec §2, §4 role-removal rules, §6, §7): shown here, enforced by the service.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import type { Company, PermissionEntry } from '#protocol/entities'
import { userExists } from '#app/rules/messages/manage'
import { DEFAULT_ROLE, roleDescription, roleName, roleOfEntry, rolesOfferedTo } from '#app/rules/roles'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { setPreferences } from '#app/utils/preferences.server'
import type { DialogArgs, DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { findCompany, forbidden, notFound, refusal } from '../shared/details.server'
import { addPermissionSchema, RemovePermissionSchema, UndoRemovePermissionSchema } from './permission-schemas'
import { dialogUrl } from '../shared/urls'
import { changed } from '../shared/changed.server'
import { NAMED_FIELD, namedIn } from '../shared/named'
import { permissionChanges } from '#app/rules/changes'
import { IDEMPOTENCY_FIELD } from '#protocol/shared/idempotency-key'
import { normalizeEmail } from '#protocol/shared/email'
import {
  canManageRole,
  checkRemoval,
  roleCodes,
  UNKNOWN_ROLE,
  type RoleNumber,
  mayManagePermissions,
  permissionFlags,
} from '#protocol/permissions/roles'

export type PermissionRow = { email: string; role: RoleNumber; roleName: string; canRemove: boolean }

export type PermissionsDialogData =
  | { kind: 'list'; company: { id: string; name: string }; rows: PermissionRow[] }
  | { kind: 'error'; company: { id: string; name: string }; message: string }

export type RoleOption = { role: RoleNumber; name: string; description: string }

export type AddPermissionDialogData = {
  company: { id: string; name: string }
  existing: string[]
  roles: RoleOption[]
  defaultRole: RoleNumber
  sendEmail: boolean
  /** A repeat of this one submission adds the permission once. */
  idempotencyKey: string
}

export type RemovePermissionActionData = { intent: 'remove-permission'; email: string; message: string }
export type AddPermissionActionData = { intent: 'add-permission'; result: SubmissionResult<string[]> }

/** The Permissions link shows only with canAddUsers or canAddResellers (spec §5); the dialogs follow it. */
function permissionsCompany(details: DialogArgs['page'], companyId: string | null): Company {
  const company = findCompany(details, companyId)
  if (!company || !mayManagePermissions(company)) notFound()
  return company
}

async function entriesOf(args: Pick<ManageArgs, 'user' | 'context'>, companyId: string) {
  const answer = await callLicensing(
    'retrievePermissions',
    { companyId },
    { credential: args.user.credential, context: args.context },
  )
  return answer.ok
    ? { ok: true as const, entries: answer.result.permissions }
    : { ok: false as const, error: answer.error, ...refusal(answer.error) }
}

function actorRole(entries: readonly PermissionEntry[], email: string): RoleNumber {
  const own = entries.find((e) => normalizeEmail(e.email) === normalizeEmail(email))
  return own ? roleOfEntry(own) : UNKNOWN_ROLE
}

export const permissionsDialog: DialogLoader<PermissionsDialogData> = async (args) => {
  const company = permissionsCompany(args.page, args.url.searchParams.get('company'))
  const summary = { id: company.id, name: company.name }
  const list = await entriesOf(args, company.id)
  if (!list.ok) return { kind: 'error', company: summary, message: list.message } satisfies PermissionsDialogData
  const actor = actorRole(list.entries, args.page.email)
  return {
    kind: 'list',
    company: summary,
    rows: list.entries.map((entry) => {
      const role = roleOfEntry(entry)
      return { email: entry.email, role, roleName: roleName(role), canRemove: canManageRole(actor, role) }
    }),
  } satisfies PermissionsDialogData
}

export const addPermissionDialog: DialogLoader<AddPermissionDialogData> = async (args) => {
  const company = permissionsCompany(args.page, args.url.searchParams.get('company'))
  const list = await entriesOf(args, company.id)
  return {
    company: { id: company.id, name: company.name },
    existing: list.ok ? list.entries.map((e) => e.email) : [],
    roles: rolesOfferedTo(company).map((role) => ({ role, name: roleName(role), description: roleDescription(role) })),
    defaultRole: DEFAULT_ROLE,
    sendEmail: args.preferences.useSendEmailOnAddPermission,
    idempotencyKey: newIdempotencyKey(),
  } satisfies AddPermissionDialogData
}

/** Read by the company's id alone; a company where the caller may not manage permissions is a 403. */
async function listForChange(args: ManageArgs, companyId: string) {
  const list = await entriesOf(args, companyId)
  if (!list.ok && list.error === 'FORBIDDEN') forbidden()
  if (!list.ok && list.error === 'NOT_FOUND') notFound()
  return list
}

/** Checked here first so the message shows at once; the service checks again in the removal's transaction. */
export const removePermission: ManageAction = async (args) => {
  const parsed = RemovePermissionSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company and an email address must be given.' }, { status: 400 })
  const { company: companyId, email } = parsed.data
  const fail = (message: string, status = 400) =>
    json<RemovePermissionActionData>({ intent: 'remove-permission', email, message }, { status })

  const list = await listForChange(args, companyId)
  if (!list.ok) return fail(list.message, list.status)
  const rule = checkRemoval(list.entries, [email])
  if (rule) return fail(rule.message)

  const removed = list.entries.find((e) => normalizeEmail(e.email) === normalizeEmail(email))
  const answer = await callLicensing(
    'updatePermissions',
    { remove: [{ companyId, email }] },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) {
    const { message, status } = refusal(answer.error)
    return fail(message, status)
  }
  const role = removed ? roleOfEntry(removed) : UNKNOWN_ROLE
  const company = namedIn(args.formData) || companyId
  const message = permissionChanges.removed(email, roleName(role), company)
  // Whoever removes their own role may no longer see the list, nor give it back.
  if (normalizeEmail(email) === normalizeEmail(args.user.email)) return changed(args, { message })
  const back = dialogUrl({ dialog: 'permissions', company: companyId }, args.url)
  return changed(args, {
    message,
    to: back,
    ...(removed && role !== UNKNOWN_ROLE
      ? {
          undo: {
            action: back,
            intent: 'undo-remove-permission',
            label: 'Undo',
            fields: {
              company: companyId,
              email: removed.email,
              role: String(role),
              [NAMED_FIELD]: company,
              [IDEMPOTENCY_FIELD]: newIdempotencyKey(),
            },
          },
        }
      : {}),
  })
}

/** Undo after Remove, without a notification; the service refuses it as any addition, and the sentence says so. */
export const undoRemovePermission: ManageAction = async (args) => {
  const parsed = UndoRemovePermissionSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company, an email address and a role must be given.' }, { status: 400 })
  const { company: companyId, email, role } = parsed.data
  const back = dialogUrl({ dialog: 'permissions', company: companyId }, args.url)
  const company = namedIn(args.formData) || companyId
  const answer = await callLicensing(
    'updatePermissions',
    { add: [{ companyId, email, permissions: roleCodes(role) }], sendEmail: false },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'FORBIDDEN') forbidden()
    const why = answer.error === 'USER_EXISTS' ? userExists : refusal(answer.error).message
    return changed(args, { tone: 'refused', message: `Not undone: ${why}`, to: back })
  }
  return changed(args, { message: permissionChanges.addedBack(email, roleName(role), company), to: back })
}

/** Remembers the notification choice (spec §3). */
export const addPermission: ManageAction = async (args) => {
  const companyId = String(args.formData.get('company') ?? '')
  const list = await listForChange(args, companyId)
  if (!list.ok) {
    return json<AddPermissionActionData>(
      { intent: 'add-permission', result: { status: 'error', error: { '': [list.message] } } },
      { status: list.status },
    )
  }
  // The roles offered follow the caller's own role in the company, as the company's flags do (spec §6).
  const offered = rolesOfferedTo(permissionFlags(actorRole(list.entries, args.user.email)))
  const schema = addPermissionSchema(
    list.entries.map((e) => e.email),
    offered,
  )
  const submission = parseWithZod(args.formData, { schema })
  if (submission.status !== 'success') {
    return json<AddPermissionActionData>({ intent: 'add-permission', result: submission.reply() }, { status: 400 })
  }
  const { email, role, sendEmail } = submission.value
  const answer = await callLicensing(
    'updatePermissions',
    { add: [{ companyId, email, permissions: roleCodes(role as RoleNumber) }], sendEmail },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'USER_EXISTS') {
      return json<AddPermissionActionData>(
        { intent: 'add-permission', result: submission.reply({ fieldErrors: { email: [userExists] } }) },
        { status: 400 },
      )
    }
    const { message, status } = refusal(answer.error)
    return json<AddPermissionActionData>(
      { intent: 'add-permission', result: submission.reply({ formErrors: [message] }) },
      { status },
    )
  }
  return changed(args, {
    message: permissionChanges.added(
      email,
      roleName(role as RoleNumber),
      namedIn(args.formData) || companyId,
      sendEmail,
    ),
    to: dialogUrl({ dialog: 'permissions', company: companyId }, args.url),
    cookies: [await setPreferences(args.request, { useSendEmailOnAddPermission: sendEmail })],
  })
}
