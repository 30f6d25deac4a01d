/**
 * Bulk assign for a company (spec §2, §5 "Company bulk assign", §7 `changeAssignment`): the plan is shown before
 * Update — without script as a preview step the server renders, with script as the user types — and Update sends the
 * whole plan in one `changeAssignment` call, which the service applies in one transaction.
 */
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json } from '@remix-run/node'
import { ProductGroup, type License } from '#protocol/entities'
import {
  bulkAssignProducts,
  companyAssignees,
  isBulkAssignable,
  planCompanyBulkAssign,
  type BulkAssignProduct,
} from '#app/rules/company'
import { bulkAssignmentChanged } from '#app/rules/messages'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { setPreferences } from '#app/utils/preferences.server'
import type { DialogLoader, ManageAction } from '../shared/registry'
import { notFound, refusal } from '../shared/details.server'
import { readCompanyLicenses } from '../shared/license-reads.server'
import { bulkAssignSchema } from './license-schemas'
import { SEEN_HOLDERS_FIELD } from './seen-fields'
import { anchors } from '../shared/anchors'
import { changed } from '../shared/changed.server'
import { bulkAssigned } from '#app/rules/changes'
import { productNames } from '#protocol/products'
import { normalizeEmail } from '#protocol/email'

export type BulkAssignDialogData = {
  company: { id: string; name: string }
  products: BulkAssignProduct[]
  /** The chosen product group (`?group=`), or the first one offered; absent when nothing can be offered. */
  group?: ProductGroup
  /** The starting text: the current holders of the group's unexpired licenses, one per line. */
  emails: string
  /** The company's bulk-assignable licenses (outside subscriptions) of every product offered. */
  licenses: License[]
  sendEmail: boolean
  /** The moment the plan is made for, so that server and browser agree on what has expired. */
  now: number
  /** The form's idempotency key: a repeat of this one submission applies the plan once. */
  idempotencyKey: string
}

export type BulkAssignActionData = {
  intent: 'bulk-assign'
  result: SubmissionResult<string[]>
  /** The preview step's plan summary (spec §5), for the addresses and product the form sent. */
  summary?: string
}

/**
 * `?dialog=bulk-assign&company=ID[&group=G]`. (Its opening by itself once, spec §2, is decided by the /manage loader.)
 * Reads the company's license table alone: the dialog carries every product's bulk-assignable licenses, so that with
 * script choosing another product asks the server nothing.
 */
export const bulkAssignDialog: DialogLoader<BulkAssignDialogData> = async (args) => {
  const { url, preferences } = args
  const { company } = await readCompanyLicenses(args, url.searchParams.get('company'), { subscriptionId: null })
  if (!company.canAssign) notFound()
  const now = Date.now()
  const products = bulkAssignProducts(company, now)
  const asked = url.searchParams.get('group')
  const group = products.find((p) => p.group === asked)?.group ?? products[0]?.group
  return {
    company: { id: company.id, name: company.name },
    products,
    group,
    emails: group ? companyAssignees(company.licenses, group, now) : '',
    licenses: company.licenses.filter(isBulkAssignable),
    sendEmail: preferences.sendEmailOnAssign,
    now,
    idempotencyKey: newIdempotencyKey(),
  } satisfies BulkAssignDialogData
}

/** Two holder lists (one address per line) name the same addresses. */
function sameHolders(a: string, b: string): boolean {
  const set = (text: string) => [...new Set(text.split(/\s+/).map(normalizeEmail).filter(Boolean))].sort().join('\n')
  return set(a) === set(b)
}

/** `intent=bulk-assign`: `stage=preview` answers the plan's summary; `stage=apply` carries the plan out. */
export const bulkAssign: ManageAction = async (args) => {
  const now = Date.now()
  // The chosen product's licenses of the company's table, and nothing else (a product not offered reads nothing: the
  // schema refuses it).
  const chosen = ProductGroup.safeParse(args.formData.get('group'))
  const company = chosen.success
    ? (
        await readCompanyLicenses(args, String(args.formData.get('company') ?? ''), {
          subscriptionId: null,
          productGroup: chosen.data,
        })
      ).company
    : undefined
  if (company && !company.canAssign) notFound()
  const licenses = company?.licenses ?? []
  const submission = parseWithZod(args.formData, { schema: bulkAssignSchema(licenses, now) })
  if (submission.status !== 'success') {
    return json<BulkAssignActionData>({ intent: 'bulk-assign', result: submission.reply() }, { status: 400 })
  }
  const { group, emails, sendEmail, stage } = submission.value
  const plan = planCompanyBulkAssign({ licenses, group: group as ProductGroup, text: emails, now })
  if ('error' in plan) {
    // The schema has just checked the same plan; this only guards against a change in between.
    return json<BulkAssignActionData>(
      { intent: 'bulk-assign', result: submission.reply({ formErrors: [plan.error] }) },
      { status: 400 },
    )
  }
  if (stage === 'preview') {
    return json<BulkAssignActionData>({ intent: 'bulk-assign', result: submission.reply(), summary: plan.summary })
  }
  const changedMeanwhile = () =>
    json<BulkAssignActionData>(
      { intent: 'bulk-assign', result: submission.reply({ formErrors: [bulkAssignmentChanged] }) },
      { status: 409 },
    )
  // The holders the dialog started from must still be the holders: otherwise someone else assigned or unassigned a
  // license of the product since, and the list the user edited would undo that without saying so.
  const seen = args.formData.get(SEEN_HOLDERS_FIELD)
  if (typeof seen === 'string' && !sameHolders(seen, companyAssignees(licenses, group as ProductGroup, now))) {
    return changedMeanwhile()
  }
  if (plan.changes.length > 0) {
    // Each change carries the holder read just now, so that the whole plan is refused if one changes before it lands.
    const holders = new Map(licenses.map((l) => [l.id, l.assignedTo]))
    const answer = await callLicensing(
      'changeAssignment',
      { licenses: plan.changes.map((c) => ({ ...c, assignedToBefore: holders.get(c.id) ?? '' })), sendEmail },
      { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
    )
    if (!answer.ok) {
      if (answer.error === 'ASSIGNMENT_CHANGED') return changedMeanwhile()
      const { message, status } = refusal(answer.error)
      return json<BulkAssignActionData>(
        { intent: 'bulk-assign', result: submission.reply({ formErrors: [message] }) },
        { status },
      )
    }
  }
  return changed(args, {
    message: bulkAssigned(productNames[group as ProductGroup], company?.name ?? '', {
      assigned: plan.assignedCount,
      unassigned: plan.unassignedCount,
      mailed: sendEmail,
    }),
    ...(company ? { target: anchors.company(company.id) } : {}),
    cookies: [await setPreferences(args.request, { sendEmailOnAssign: sendEmail })],
  })
}
