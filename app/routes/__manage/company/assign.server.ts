// Assign / unassign one company license (spec §2 "Assign dialog", §5, §7 `changeAssignment`).
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import { changes, licenseName } from '#app/rules/changes'
import { displayName } from '#protocol/catalog/products'
import { canAssignLicense, cannotAssign } from '#protocol/licenses/licenses'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import type { DialogLoader, ManageAction } from '../shared/registry'
import { forbidden, notFound, refusal } from '../shared/details.server'
import { readLicense } from '../shared/license-reads.server'
import { AssignSchema, LicenseRefSchema } from './license-schemas'
import { SEEN_HOLDER_FIELD } from './seen-fields'
import { NAMED_FIELD, namedIn } from '../shared/named'
import { anchors } from '../shared/anchors'
import { changed } from '../shared/changed.server'
import { pageActionUrl } from '../shared/urls'
import { IDEMPOTENCY_FIELD } from '#protocol/shared/idempotency-key'

export type AssignDialogData = {
  license: {
    id: string
    owner: string
    product: string
    order: string
    key: number
    assignedTo: string
    /** "Wallaby.js (order 935369, key 3)", for the sentence after. */
    name: string
  }
  companyName: string
  /** Enterprise and multi-user licenses: the dialog says so instead of offering the form. */
  assignable: boolean
  /** A repeat of this one submission assigns once. */
  idempotencyKey: string
}

/** '' for a free license; absent when the form did not say (the change is then unconditional). */
function seenHolder(formData: FormData): string | undefined {
  const seen = formData.get(SEEN_HOLDER_FIELD)
  return typeof seen === 'string' ? seen : undefined
}

/** The service checks the right and the license: not there is a 404, not the caller's to assign a 403. */
async function changeHolder(
  args: Parameters<ManageAction>[0],
  ref: { license: string; owner: string },
  assignedTo: string,
  sendEmail: boolean,
): Promise<{ message: string; status: number } | null> {
  const seen = seenHolder(args.formData)
  const answer = await callLicensing(
    'changeAssignment',
    {
      licenses: [
        { id: ref.license, owner: ref.owner, assignedTo, ...(seen === undefined ? {} : { assignedToBefore: seen }) },
      ],
      sendEmail,
    },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (answer.ok) return null
  switch (answer.error) {
    case 'NOT_FOUND':
      return notFound()
    case 'FORBIDDEN':
      return forbidden()
    case 'CANNOT_ASSIGN':
      return { message: cannotAssign, status: 400 }
    case 'ASSIGNMENT_CHANGED':
      return { message: answer.message, status: 409 }
    default:
      return refusal(answer.error)
  }
}

export type AssignActionData = { intent: 'assign'; result: SubmissionResult<string[]> }
export type UnassignActionData = { intent: 'unassign'; license: string; message: string }

export const assignDialog: DialogLoader<AssignDialogData> = async (args) => {
  const found = await readLicense(args)
  if (!found.company?.canAssign) notFound()
  const { license, company } = found
  return {
    license: {
      id: license.id,
      owner: license.owner,
      product: displayName(license),
      order: license.order,
      key: license.key,
      assignedTo: license.assignedTo,
      name: licenseName({ product: displayName(license), order: license.order, key: license.key }),
    },
    companyName: company.name,
    assignable: canAssignLicense(license),
    idempotencyKey: newIdempotencyKey(),
  } satisfies AssignDialogData
}

/** The assignee is mailed if the user keeps that preference. */
export const assign: ManageAction = async (args) => {
  const submission = parseWithZod(args.formData, { schema: AssignSchema })
  if (submission.status !== 'success') {
    return json<AssignActionData>({ intent: 'assign', result: submission.reply() }, { status: 400 })
  }
  const { license, owner, email } = submission.value
  const refused = await changeHolder(args, { license, owner }, email, args.preferences.sendEmailOnAssign)
  if (refused)
    return json<AssignActionData>(
      { intent: 'assign', result: submission.reply({ formErrors: [refused.message] }) },
      { status: refused.status },
    )
  return changed(args, {
    message: changes.assigned(namedIn(args.formData), email, seenHolder(args.formData)),
    target: anchors.license({ id: license, owner }),
  })
}

/** Freed at once; the sentence offers Undo, which gives it back if nobody has taken it since. */
export const unassign: ManageAction = async (args) => {
  const parsed = LicenseRefSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A license must be given.' }, { status: 400 })
  const refused = await changeHolder(args, parsed.data, '', false)
  if (refused)
    return json<UnassignActionData>(
      { intent: 'unassign', license: parsed.data.license, message: refused.message },
      { status: refused.status },
    )
  const { license, owner } = parsed.data
  const holder = seenHolder(args.formData) ?? ''
  const name = namedIn(args.formData)
  return changed(args, {
    message: changes.unassigned(name, holder),
    target: anchors.license({ id: license, owner }),
    ...(holder
      ? {
          undo: {
            action: pageActionUrl(args.url),
            intent: 'undo-unassign',
            label: 'Undo',
            fields: {
              license,
              owner,
              email: holder,
              [SEEN_HOLDER_FIELD]: '',
              [NAMED_FIELD]: name,
              [IDEMPOTENCY_FIELD]: newIdempotencyKey(),
            },
          },
        }
      : {}),
  })
}

/** Back to the holder it had, unmailed, only if still free (the service's compare-and-set). */
export const undoUnassign: ManageAction = async (args) => {
  const parsed = AssignSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A license and an address must be given.' }, { status: 400 })
  const { license, owner, email } = parsed.data
  const refused = await changeHolder(args, { license, owner }, email, false)
  const target = anchors.license({ id: license, owner })
  if (refused) return changed(args, { tone: 'refused', message: `Not undone: ${refused.message}`, target })
  return changed(args, { message: changes.assignedBack(namedIn(args.formData), email), target })
}
