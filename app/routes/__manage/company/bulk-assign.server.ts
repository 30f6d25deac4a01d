// Company bulk assign (spec §2, §5, §7 `changeAssignment`): the plan shown before Update, then sent in one call.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import { ProductGroup, type License } from '#protocol/entities'
import {
  bulkAssignProducts,
  companyAssignees,
  isBulkAssignable,
  planCompanyBulkAssign,
  type BulkAssignProduct,
} from '#app/rules/company'
import { bulkAssignmentChanged } from '#app/rules/messages/manage'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { setPreferences } from '#app/utils/preferences.server'
import type { DialogLoader, ManageAction } from '../shared/registry'
import { notFound, refusal } from '../shared/details.server'
import { readLicenses } from '../shared/license-reads.server'
import { bulkAssignSchema } from './license-schemas'
import { SEEN_HOLDERS_FIELD } from './seen-fields'
import { anchors } from '../shared/anchors'
import { changed } from '../shared/changed.server'
import { bulkAssigned } from '#app/rules/changes'
import { productNames } from '#protocol/catalog/products'
import { normalizeEmail } from '#protocol/shared/email'

export type BulkAssignDialogData = {
  company: { id: string; name: string }
  products: BulkAssignProduct[]
  /** `?group=`, or the first one offered; absent when nothing can be offered. */
  group?: ProductGroup
  /** The current holders of the group's unexpired licenses, one per line. */
  emails: string
  /** Every product's, so that choosing another product with script asks the server nothing. */
  licenses: License[]
  sendEmail: boolean
  /** So that server and browser agree on what has expired. */
  now: number
  /** A repeat of this one submission applies the plan once. */
  idempotencyKey: string
}

export type BulkAssignActionData = {
  intent: 'bulk-assign'
  result: SubmissionResult<string[]>
  /** The preview step's summary (spec §5). */
  summary?: string
  /** The preview step's holders who lose their license. */
  losing?: string[]
}

/** `?dialog=bulk-assign&company=ID[&group=G]`: the company's license table alone (auto-open, §2, is the page's). */
export const bulkAssignDialog: DialogLoader<BulkAssignDialogData> = async (args) => {
  const { url, preferences } = args
  const { company } = await readLicenses(args, url.searchParams.get('company'), { subscriptionId: null })
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

function sameHolders(a: string, b: string): boolean {
  const set = (text: string) => [...new Set(text.split(/\s+/).map(normalizeEmail).filter(Boolean))].sort().join('\n')
  return set(a) === set(b)
}

/** `stage=preview` answers the plan's summary; `stage=apply` carries it out. */
export const bulkAssign: ManageAction = async (args) => {
  const now = Date.now()
  // The chosen product's licenses of the company's table alone (the schema refuses a product not offered).
  const chosen = ProductGroup.safeParse(args.formData.get('group'))
  const company = chosen.success
    ? (
        await readLicenses(args, String(args.formData.get('company') ?? ''), {
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
    return json<BulkAssignActionData>({
      intent: 'bulk-assign',
      result: submission.reply(),
      summary: plan.summary,
      losing: plan.losing,
    })
  }
  const changedMeanwhile = () =>
    json<BulkAssignActionData>(
      { intent: 'bulk-assign', result: submission.reply({ formErrors: [bulkAssignmentChanged] }) },
      { status: 409 },
    )
  // The holders the dialog started from must still hold: else the edited list would silently undo another's change.
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
