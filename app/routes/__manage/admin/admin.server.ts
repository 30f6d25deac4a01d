// Platform-administrator actions (spec §2, §6, §7), each confirmed first; the service refuses them to anyone else.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import type { Details } from '#protocol/operations'
import { displayName } from '#protocol/catalog/products'
import { subscriptionTitle } from '#protocol/catalog/products'
import { callLicensing } from '#app/utils/licensing.server'
import type { DialogLoader, ManageAction } from '../shared/registry'
import { forbidden, notFound, refusal } from '../shared/details.server'
import { readLicense, readSubscription } from '../shared/license-reads.server'
import { MergeSchema, RemoveLicenseSchema, RemoveSubscriptionSchema } from './admin-schemas'
import { changed } from '../shared/changed.server'
import { namedIn } from '../shared/named'
import { adminChanges } from '#app/rules/changes'
import { oneLine } from '#protocol/shared/text'

export type MergeDialogData = { licenseCount: number }
export type MergeActionData = {
  intent: 'merge'
  result: SubmissionResult<string[]>
  confirm?: { companyName: string }
}

export type RemoveLicenseDialogData = {
  license: {
    id: string
    owner: string
    product: string
    order: string
    key: number
    holder: string
    assignedTo: string
  }
}
export type RemoveSubscriptionDialogData = {
  subscription: { id: string; title: string; holder: string }
}
export type RemoveActionData = { intent: 'remove-license' | 'remove-subscription'; message: string }

function requireAdministrator(details: Details) {
  if (!details.admin) notFound()
}

/** `?dialog=merge`: what a merge moves, as the store counts it. */
export const mergeDialog: DialogLoader<MergeDialogData> = async ({ page }) => {
  requireAdministrator(page)
  return { licenseCount: page.windowed?.ownLicenses ?? 0 } satisfies MergeDialogData
}

/** `stage=confirm` asks, `stage=merge` merges; the service checks the administrator flag again. */
export const merge: ManageAction = async (args) => {
  if (!args.user.admin) notFound()
  const submission = parseWithZod(args.formData, { schema: MergeSchema })
  if (submission.status !== 'success') {
    return json<MergeActionData>({ intent: 'merge', result: submission.reply() }, { status: 400 })
  }
  const { companyName, stage } = submission.value
  if (stage === 'confirm')
    return json<MergeActionData>({ intent: 'merge', result: submission.reply(), confirm: { companyName } })
  const answer = await callLicensing(
    'mergeLicenses',
    { companyName },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) {
    const { message, status } = refusal(answer.error)
    return json<MergeActionData>({ intent: 'merge', result: submission.reply({ formErrors: [message] }) }, { status })
  }
  return changed(args, { message: adminChanges.merged(Number(args.formData.get('licenseCount') ?? 0), companyName) })
}

/** `?dialog=remove-license&license=ID&owner=OWNER`: that one license and nothing else. */
export const removeLicenseDialog: DialogLoader<RemoveLicenseDialogData> = async (args) => {
  if (!args.user.admin) notFound()
  // Read from the table that shows it: its company's, or the administrator's personal table.
  const { license, company } = await readLicense(args)
  return {
    license: {
      id: license.id,
      owner: license.owner,
      product: displayName(license),
      order: license.order,
      key: license.key,
      holder: company?.name ?? license.owner,
      assignedTo: license.assignedTo,
    },
  } satisfies RemoveLicenseDialogData
}

/** The service checks the caller and the license; nothing else is read. */
export const removeLicense: ManageAction = async (args) => {
  if (!args.user.admin) notFound()
  const parsed = RemoveLicenseSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) notFound()
  const answer = await callLicensing(
    'removeLicense',
    { ids: [{ id: parsed.data.license, owner: parsed.data.owner }] },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) {
    if (answer.error === 'NOT_FOUND') notFound()
    if (answer.error === 'FORBIDDEN') forbidden()
    const { message, status } = refusal(answer.error)
    return json<RemoveActionData>({ intent: 'remove-license', message }, { status })
  }
  return changed(args, { message: adminChanges.licenseRemoved(namedIn(args.formData), holderIn(args.formData)) })
}

export const removeSubscriptionDialog: DialogLoader<RemoveSubscriptionDialogData> = async (args) => {
  if (!args.user.admin) notFound()
  const { subscription, company } = await readSubscription(args, args.url.searchParams.get('subscription'))
  return {
    subscription: {
      id: subscription.subscriptionId,
      title: subscriptionTitle(subscription),
      holder: company?.name ?? args.user.email,
    },
  } satisfies RemoveSubscriptionDialogData
}

/** The service checks the caller and the subscription; nothing else is read. */
export const removeSubscription: ManageAction = async (args) => {
  if (!args.user.admin) notFound()
  const parsed = RemoveSubscriptionSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) notFound()
  const answer = await callLicensing(
    'removeSubscription',
    { subscriptionId: parsed.data.subscription },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) {
    if (answer.error === 'NOT_FOUND') notFound()
    if (answer.error === 'FORBIDDEN') forbidden()
    const { message, status } = refusal(answer.error)
    return json<RemoveActionData>({ intent: 'remove-subscription', message }, { status })
  }
  return changed(args, {
    message: adminChanges.subscriptionRemoved(namedIn(args.formData), holderIn(args.formData)),
  })
}

function holderIn(formData: FormData): string {
  const holder = formData.get('holder')
  return typeof holder === 'string' && holder ? oneLine(holder, 200) : 'its holder'
}
