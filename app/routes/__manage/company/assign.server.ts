/**
 * Assign / unassign one company license (spec §2 "Assign dialog", §5, §7 `changeAssignment`).
 */
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, redirect } from '@remix-run/node'
import { canAssignLicense, displayName } from '#app/rules/license'
import { cannotAssign } from '#app/rules/messages'
import { assignmentChangedMessage, type ErrorCode } from '#protocol/operations'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import type { DialogLoader, ManageAction } from '../shared/registry'
import { currentDetails, findCompanyLicense, notFound, refusal } from '../shared/details.server'
import { AssignSchema, LicenseSchema } from './license-schemas'
import { pageUrl, SEEN_HOLDER_FIELD } from '../shared/urls'

export type AssignDialogData = {
  license: { id: string; product: string; order: string; key: number; assignedTo: string }
  companyName: string
  /** Enterprise and multi-user licenses cannot be assigned: the dialog says so instead of offering the form. */
  assignable: boolean
  /** The form's idempotency key: a repeat of this one submission assigns once. */
  idempotencyKey: string
}

/** The holder the form saw; a form that did not say falls back to the holder read just now. */
function seenHolder(formData: FormData, fallback: string): string {
  const seen = formData.get(SEEN_HOLDER_FIELD)
  return typeof seen === 'string' ? seen : fallback
}

/**
 * A refusal of changeAssignment: when someone else changed the license in between, the message names its holder now
 * (read afresh); otherwise the code's message.
 */
async function assignmentRefusal(args: Parameters<ManageAction>[0], licenseId: string, error: ErrorCode) {
  if (error !== 'ASSIGNMENT_CHANGED') return refusal(error)
  const fresh = findCompanyLicense(await currentDetails(args), licenseId)
  return { message: assignmentChangedMessage(fresh?.license.assignedTo ?? ''), status: 409 }
}

export type AssignActionData = { intent: 'assign'; result: SubmissionResult<string[]> }
export type UnassignActionData = { intent: 'unassign'; license: string; message: string }

/** `?dialog=assign&license=ID`: a license of a company where the user may assign. */
export const assignDialog: DialogLoader = async ({ url, details }) => {
  const found = findCompanyLicense(details, url.searchParams.get('license'))
  if (!found || !found.company.canAssign) notFound()
  const { license, company } = found
  return {
    license: {
      id: license.id,
      product: displayName(license),
      order: license.order,
      key: license.key,
      assignedTo: license.assignedTo,
    },
    companyName: company.name,
    assignable: canAssignLicense(license),
    idempotencyKey: newIdempotencyKey(),
  } satisfies AssignDialogData
}

/** `intent=assign`: the license goes to the address given; the assignee is mailed if the user keeps that preference. */
export const assign: ManageAction = async (args) => {
  const submission = parseWithZod(args.formData, { schema: AssignSchema })
  const reply = (formErrors: string[], status: number) =>
    json<AssignActionData>({ intent: 'assign', result: submission.reply({ formErrors }) }, { status })
  if (submission.status !== 'success') {
    return json<AssignActionData>({ intent: 'assign', result: submission.reply() }, { status: 400 })
  }
  const details = await currentDetails(args)
  const found = findCompanyLicense(details, submission.value.license)
  if (!found || !found.company.canAssign) notFound()
  if (!canAssignLicense(found.license)) return reply([cannotAssign], 400)

  const answer = await callLicensing(
    'changeAssignment',
    {
      licenses: [
        {
          id: found.license.id,
          owner: found.license.owner,
          assignedTo: submission.value.email,
          assignedToBefore: seenHolder(args.formData, found.license.assignedTo),
        },
      ],
      sendEmail: args.preferences.sendEmailOnAssign,
    },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    const { message, status } = await assignmentRefusal(args, found.license.id, answer.error)
    return reply([message], status)
  }
  return redirect(pageUrl(args.url))
}

/** `intent=unassign` (the row's Unassign button): the license is freed. */
export const unassign: ManageAction = async (args) => {
  const parsed = LicenseSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A license must be given.' }, { status: 400 })
  const details = await currentDetails(args)
  const found = findCompanyLicense(details, parsed.data.license)
  if (!found || !found.company.canAssign) notFound()

  const answer = await callLicensing(
    'changeAssignment',
    {
      licenses: [
        {
          id: found.license.id,
          owner: found.license.owner,
          assignedTo: '',
          assignedToBefore: seenHolder(args.formData, found.license.assignedTo),
        },
      ],
    },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    const { message, status } = await assignmentRefusal(args, found.license.id, answer.error)
    return json<UnassignActionData>({ intent: 'unassign', license: found.license.id, message }, { status })
  }
  return redirect(pageUrl(args.url))
}
