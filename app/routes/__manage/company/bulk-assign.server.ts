/**
 * Bulk assign for a company (spec §2, §5 "Company bulk assign", §7 `changeAssignment`): the plan is shown before
 * Update — without script as a preview step the server renders, with script as the user types — and Update sends the
 * whole plan in one `changeAssignment` call, which the service applies in one transaction.
 */
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, redirect } from '@remix-run/node'
import type { License, ProductGroup } from '#protocol/entities'
import { bulkAssignProducts, companyAssignees, planCompanyBulkAssign, type BulkAssignProduct } from '#app/rules/company'
import { bulkAssignmentChanged } from '#app/rules/messages'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { setPreferences } from '#app/utils/preferences.server'
import type { DialogLoader, ManageAction } from '../shared/registry'
import { currentDetails, findCompany, notFound, refusal } from '../shared/details.server'
import { bulkAssignSchema } from './license-schemas'
import { SEEN_HOLDERS_FIELD } from './seen-fields'
import { pageUrl } from '../shared/urls'
import { normalizeEmail } from '#protocol/email'

export type BulkAssignDialogData = {
  company: { id: string; name: string }
  /** The licenses the plan is made over: the browser works out another product's list and plan from them. */
  licenses: License[]
  products: BulkAssignProduct[]
  /** The chosen product group (`?group=`), or the first one offered; absent when nothing can be offered. */
  group?: ProductGroup
  /** The starting text: the current holders of the group's unexpired licenses, one per line. */
  emails: string
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
 */
export const bulkAssignDialog: DialogLoader<BulkAssignDialogData> = async (args) => {
  const { url, preferences } = args
  const details = await currentDetails(args)
  const companyId = url.searchParams.get('company')
  const company = findCompany(details, companyId)
  if (!company || !company.canAssign) notFound()
  const now = Date.now()
  const products = bulkAssignProducts(company, now)
  const asked = url.searchParams.get('group')
  const group = products.find((p) => p.group === asked)?.group ?? products[0]?.group
  return {
    company: { id: company.id, name: company.name },
    licenses: company.licenses,
    products,
    group,
    emails: group ? companyAssignees(company.licenses, group, now) : '',
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
  const details = await currentDetails(args)
  const company = findCompany(details, String(args.formData.get('company') ?? ''))
  if (!company || !company.canAssign) notFound()
  const now = Date.now()
  const submission = parseWithZod(args.formData, { schema: bulkAssignSchema(company.licenses, now) })
  if (submission.status !== 'success') {
    return json<BulkAssignActionData>({ intent: 'bulk-assign', result: submission.reply() }, { status: 400 })
  }
  const { group, emails, sendEmail, stage } = submission.value
  const plan = planCompanyBulkAssign({ licenses: company.licenses, group: group as ProductGroup, text: emails, now })
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
  const changed = () =>
    json<BulkAssignActionData>(
      { intent: 'bulk-assign', result: submission.reply({ formErrors: [bulkAssignmentChanged] }) },
      { status: 409 },
    )
  // The holders the dialog started from must still be the holders: otherwise someone else assigned or unassigned a
  // license of the product since, and the list the user edited would undo that without saying so.
  const seen = args.formData.get(SEEN_HOLDERS_FIELD)
  if (typeof seen === 'string' && !sameHolders(seen, companyAssignees(company.licenses, group as ProductGroup, now))) {
    return changed()
  }
  if (plan.changes.length > 0) {
    // Each change carries the holder read just now, so that the whole plan is refused if one changes before it lands.
    const holders = new Map(company.licenses.map((l) => [l.id, l.assignedTo]))
    const answer = await callLicensing(
      'changeAssignment',
      { licenses: plan.changes.map((c) => ({ ...c, assignedToBefore: holders.get(c.id) ?? '' })), sendEmail },
      { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
    )
    if (!answer.ok) {
      if (answer.error === 'ASSIGNMENT_CHANGED') return changed()
      const { message, status } = refusal(answer.error)
      return json<BulkAssignActionData>(
        { intent: 'bulk-assign', result: submission.reply({ formErrors: [message] }) },
        { status },
      )
    }
  }
  return redirect(pageUrl(args.url), {
    headers: { 'Set-Cookie': await setPreferences(args.request, { sendEmailOnAssign: sendEmail }) },
  })
}
