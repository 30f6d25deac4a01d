/**
 * The subscription dialogs and forms of /manage (spec §2 "Subscription rows" and "Subscription dialogs", §4, §5, §7,
 * §8 "Subscriptions"): manage assignments, cancel, pause, resume, restart, upgrade, change quantity, the extension
 * offer, receipts and update payment method. Each dialog is `/manage?dialog=NAME&subscription=ID`; its loader checks
 * the subscription is one the user may act on (404 otherwise) and which way the state machine allows; each form posts
 * an intent to the index route's action, which reads the details afresh (never trusting the page), calls the
 * licensing service, and redirects back to the page (post/redirect/get) or answers the refusal for the dialog.
 */
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, redirect } from '@remix-run/node'
import type { z } from 'zod'
import type { ReceiptPayment, Subscription } from '#protocol/entities'
import type { Details, OperationName, Payload, Result } from '#protocol/operations'
import type { ErrorCode } from '#protocol/errors'
import { NEWLINES_COMMAS_SEMICOLONS, parseEmailList } from '#app/rules/email'
import { errorMessageFor } from '#app/rules/messages'
import { planQuantityChange, planSubscriptionAssignment, subscriptionAssignees } from '#app/rules/subscription'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { setPreferences } from '#app/utils/preferences.server'
import { currentDetails, findSubscription, forbidden, notFound, refusal } from '../shared/details.server'
import { pageUrl } from '../shared/urls'
import type { DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import {
  OfferSchema,
  PauseResumeSchema,
  SubscriptionFormSchema,
  assignSchema,
  quantitySchema,
} from './subscription-schemas'
import {
  subscriptionPermitted,
  subscriptionTransition,
  type SubscriptionNeed,
  type SubscriptionOperation,
} from '#protocol/subscriptions'

/** What a subscription dialog needs: the subscription as the page shows it, and why the operation is refused, if it is. */
export type SubscriptionDialogData = {
  subscription: Subscription
  companyName?: string
  /** The moment the state machine was asked for, so that server and browser agree. */
  now: number
  /** The state machine's reason when the operation is not allowed now (the dialog says so instead of offering it). */
  refusal?: string
  /** The form's idempotency key: a repeat of this one submission changes the subscription once. */
  idempotencyKey: string
}

export type ReceiptsDialogData = SubscriptionDialogData & { payments?: ReceiptPayment[]; error?: string }
export type PaymentMethodDialogData = SubscriptionDialogData & {
  checkout?: Result<'catalog'>['checkout']
}
export type UpgradeDialogData = SubscriptionDialogData & { annualPrice?: { amount: number; currency: string } }
export type OfferDialogData = SubscriptionDialogData & {
  country: string
  countries: Array<{ code: string; name: string }>
}
export type AssignDialogData = SubscriptionDialogData & {
  emails: string
  lapsingEmails: string
  /** The subscription has lapsing licenses: the dialog asks for their holders apart. */
  withLapsing: boolean
  sendEmail: boolean
}

/** A refusal or outcome an action answers for its dialog. */
export type SubscriptionActionData = {
  intent: string
  subscription: string
  /** CHARGE_ERROR and CURRENCY_MISMATCH have their own texts (spec §8); anything else is a message. */
  kind?: 'charge' | 'currency'
  message?: string
  result?: SubmissionResult<string[]>
  /** The review/preview step of the quantity and assignment forms. */
  reviewed?: boolean
  summary?: string
}

type Need = SubscriptionNeed

function requireSubscription(details: Details, subscriptionId: string | null, need: Need) {
  const found = findSubscription(details, subscriptionId)
  if (!found || !subscriptionPermitted(found.company, need)) notFound()
  return found
}

function dialogData(
  details: Details,
  url: URL,
  need: Need,
  operation: SubscriptionOperation | null,
): SubscriptionDialogData {
  const { subscription, company } = requireSubscription(details, url.searchParams.get('subscription'), need)
  const now = Date.now()
  const transition = operation ? subscriptionTransition(operation, subscription, now) : undefined
  return {
    subscription,
    ...(company ? { companyName: company.name } : {}),
    now,
    ...(transition && !transition.allowed ? { refusal: transition.reason } : {}),
    idempotencyKey: newIdempotencyKey(),
  }
}

const simpleDialog =
  (need: Need, operation: SubscriptionOperation | null): DialogLoader<SubscriptionDialogData> =>
  async ({ url, details }) =>
    dialogData(details, url, need, operation)

/**
 * The country the customer appears to be in, for the extension offer's currency check (spec §7 `specialOffer`
 * country): a country header set by a proxy in front of the portal, else the region of the browser's preferred
 * language, else the offer's own country. The dialog lets the user correct it.
 */
function detectedCountry(request: Request, known: ReadonlySet<string>, fallback: string): string {
  for (const header of ['cf-ipcountry', 'x-vercel-ip-country', 'x-country-code']) {
    const value = request.headers.get(header)?.trim().toUpperCase()
    if (value && known.has(value)) return value
  }
  for (const part of (request.headers.get('accept-language') ?? '').split(',')) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(part.trim())?.[1]?.toUpperCase()
    if (region && known.has(region)) return region
  }
  return fallback
}

async function catalogOf(args: Pick<ManageArgs, 'user' | 'context'>) {
  const answer = await callLicensing('catalog', {}, { credential: args.user.credential, context: args.context })
  return answer.ok ? answer.result : undefined
}

/** The dialogs that confirm one operation (cancel, pause, resume, restart) and the quantity dialog. */
export const cancelDialog = simpleDialog('billing', 'cancel')
export const pauseDialog = simpleDialog('billing', 'pause')
export const resumeDialog = simpleDialog('billing', 'resume')
export const restartDialog = simpleDialog('billing', 'restart')
export const quantityDialog = simpleDialog('billing', 'quantity')

export const receiptsDialog: DialogLoader<ReceiptsDialogData> = async (args) => {
  const base = dialogData(args.details, args.url, 'receipts', null)
  const answer = await callLicensing(
    'subscriptionReceipts',
    { subscriptionId: base.subscription.subscriptionId },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) return { ...base, error: messageFor(answer.error, answer.message) } satisfies ReceiptsDialogData
  return { ...base, payments: answer.result.payments } satisfies ReceiptsDialogData
}

export const paymentMethodDialog: DialogLoader<PaymentMethodDialogData> = async (args) => {
  const base = dialogData(args.details, args.url, 'billing', null)
  const refusalText =
    base.subscription.state === 'deleted'
      ? 'This subscription has been cancelled; its payment method can no longer be changed.'
      : !base.subscription.updateUrl
        ? 'The payment provider has no page to update the payment method of this subscription.'
        : undefined
  const catalog = await catalogOf(args)
  return {
    ...base,
    ...(refusalText ? { refusal: refusalText } : {}),
    ...(catalog ? { checkout: catalog.checkout } : {}),
  } satisfies PaymentMethodDialogData
}

export const upgradeDialog: DialogLoader<UpgradeDialogData> = async (args) => {
  const base = dialogData(args.details, args.url, 'billing', 'upgrade')
  const s = base.subscription
  const catalog = await catalogOf(args)
  const product = catalog?.products.find((p) => p.productGroup === s.licenses[0]?.productGroup)
  let annualPrice: UpgradeDialogData['annualPrice']
  if (product) {
    const prices = await callLicensing('prices', { product: product.slug, country: 'US' }, { context: args.context })
    const type = s.licenses[0]?.licenseType === 'personal' ? 'personal' : 'organization'
    const plan = prices.ok ? prices.result.plans.find((p) => p.type === type && p.billingPeriod === 'year') : undefined
    const currency = s.nextPayment?.currency ?? 'USD'
    if (plan && plan.currency === currency) annualPrice = { amount: plan.countryNetPrice, currency }
  }
  return { ...base, ...(annualPrice ? { annualPrice } : {}) } satisfies UpgradeDialogData
}

export const offerDialog: DialogLoader<OfferDialogData> = async (args) => {
  const base = dialogData(args.details, args.url, 'billing', 'specialOffer')
  const catalog = await catalogOf(args)
  const countries = (catalog?.countries ?? []).map((c) => ({ code: c.code, name: c.name }))
  const offerCountry = base.subscription.specialOffer?.country ?? 'US'
  const country = detectedCountry(args.request, new Set(countries.map((c) => c.code)), offerCountry)
  return { ...base, country, countries } satisfies OfferDialogData
}

export const assignDialog: DialogLoader<AssignDialogData> = async (args) => {
  const base = dialogData(args.details, args.url, 'assign', 'assign')
  const withLapsing = base.subscription.licenses.some((l) => l.lapsing)
  const { text, lapsingText } = subscriptionAssignees(base.subscription.licenses)
  return {
    ...base,
    emails: text,
    lapsingEmails: lapsingText,
    withLapsing,
    sendEmail: args.preferences.sendEmailOnAssign,
  } satisfies AssignDialogData
}

// ─── actions ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Codes whose message the service writes for people (the state machine's reasons, the provider's refusals). */
const spokenCodes: ReadonlySet<ErrorCode> = new Set([
  'INVALID_STATE',
  'INVALID_PAYLOAD',
  'NOT_ENOUGH_LICENSES',
  'PROVIDER_ERROR',
  'CANNOT_ASSIGN',
])

function messageFor(code: ErrorCode, message: string): string {
  return spokenCodes.has(code) && message ? message : errorMessageFor(code)
}

/** A refusal of the service for the dialog: session errors end in the session dialog, the rest become a message. */
function refused(intent: string, subscription: string, error: ErrorCode, message: string) {
  const { status } = refusal(error)
  if (error === 'CHARGE_ERROR')
    return json<SubscriptionActionData>({ intent, subscription, kind: 'charge' }, { status })
  if (error === 'CURRENCY_MISMATCH')
    return json<SubscriptionActionData>({ intent, subscription, kind: 'currency' }, { status })
  return json<SubscriptionActionData>({ intent, subscription, message: messageFor(error, message) }, { status })
}

/**
 * A refusal of a change named by the subscription's id alone: the service checks the subscription and the caller's
 * right, so a subscription not there (or not the caller's to see) is a 404, one the caller may not change a 403, and
 * anything else the dialog's message.
 */
function refusedByReference(intent: string, subscription: string, error: ErrorCode, message: string) {
  if (error === 'NOT_FOUND') notFound()
  if (error === 'FORBIDDEN') forbidden()
  return refused(intent, subscription, error, message)
}

/** A write carries the idempotency key of the form that asked for it. */
const options = (args: Parameters<ManageAction>[0]) => ({
  credential: args.user.credential,
  context: args.context,
  idempotencyKey: idempotencyKeyOf(args.formData),
})

/**
 * A billing action confirmed in its dialog with nothing to fill in (cancel, pause / resume / restart, upgrade): the
 * form names the subscription, the service checks it and the caller's billing right and makes the change (nothing
 * else is read), and the page comes back, or the dialog shows the refusal.
 */
function confirmAction<Schema extends z.ZodType<{ subscription: string }>, O extends OperationName>(config: {
  intent: string
  schema: Schema
  invalid: string
  operation: O
  payload: (form: z.infer<Schema>, subscriptionId: string) => Payload<O>
}): ManageAction {
  return async (args) => {
    const parsed = config.schema.safeParse(Object.fromEntries(args.formData))
    if (!parsed.success) return json({ error: config.invalid }, { status: 400 })
    const id = parsed.data.subscription
    const answer = await callLicensing(config.operation, config.payload(parsed.data, id), options(args))
    if (!answer.ok) return refusedByReference(config.intent, id, answer.error, answer.message)
    return redirect(pageUrl(args.url))
  }
}

export const cancel = confirmAction({
  intent: 'subscription-cancel',
  schema: SubscriptionFormSchema,
  invalid: 'A subscription must be given.',
  operation: 'cancelSubscription',
  payload: (_form, subscriptionId) => ({ subscriptionId }),
})

export const pauseResume = confirmAction({
  intent: 'subscription-pause-resume',
  schema: PauseResumeSchema,
  invalid: 'A subscription and an action must be given.',
  operation: 'subscriptionPauseResume',
  payload: (form, subscriptionId) => ({ action: form.action, subscriptionId }),
})

export const upgrade = confirmAction({
  intent: 'subscription-upgrade',
  schema: SubscriptionFormSchema,
  invalid: 'A subscription must be given.',
  operation: 'subscriptionUpgrade',
  payload: (_form, subscriptionId) => ({ subscriptionId }),
})

export const offer: ManageAction = async (args) => {
  const intent = 'subscription-offer'
  const submission = parseWithZod(args.formData, { schema: OfferSchema })
  const id = String(args.formData.get('subscription') ?? '')
  if (submission.status !== 'success') {
    return json<SubscriptionActionData>({ intent, subscription: id, result: submission.reply() }, { status: 400 })
  }
  const subscriptionId = submission.value.subscription
  const answer = await callLicensing(
    'specialOffer',
    {
      subscriptionId,
      country: submission.value.country,
      price: submission.value.price,
      alwaysAllow: false,
    },
    options(args),
  )
  if (!answer.ok) return refusedByReference(intent, subscriptionId, answer.error, answer.message)
  return redirect(pageUrl(args.url))
}

export const quantity: ManageAction = async (args) => {
  const intent = 'subscription-quantity'
  const details = await currentDetails(args)
  const { subscription } = requireSubscription(details, String(args.formData.get('subscription') ?? ''), 'billing')
  const id = subscription.subscriptionId
  const submission = parseWithZod(args.formData, { schema: quantitySchema(subscription) })
  if (submission.status !== 'success') {
    return json<SubscriptionActionData>({ intent, subscription: id, result: submission.reply() }, { status: 400 })
  }
  const value = submission.value
  if (value.stage === 'review') {
    return json<SubscriptionActionData>({ intent, subscription: id, result: submission.reply(), reviewed: true })
  }
  const plan = planQuantityChange(subscription, value.quantity, value.lapse)
  if ('error' in plan) {
    // The schema has just checked the same plan; this only guards against a change in between.
    return json<SubscriptionActionData>(
      { intent, subscription: id, result: submission.reply({ fieldErrors: { lapse: [plan.error] } }), reviewed: true },
      { status: 400 },
    )
  }
  const answer = await callLicensing(
    'subscriptionUpdateQuantity',
    { subscriptionId: id, quantity: plan.quantity, licensesToLapse: plan.licensesToLapse },
    options(args),
  )
  if (!answer.ok) {
    if (answer.error === 'CHARGE_ERROR') return refused(intent, id, answer.error, answer.message)
    const { status } = refusal(answer.error)
    return json<SubscriptionActionData>(
      {
        intent,
        subscription: id,
        result: submission.reply({ formErrors: [messageFor(answer.error, answer.message)] }),
        reviewed: true,
      },
      { status },
    )
  }
  return redirect(pageUrl(args.url))
}

export const assign: ManageAction = async (args) => {
  const intent = 'subscription-assign'
  const details = await currentDetails(args)
  const { subscription } = requireSubscription(details, String(args.formData.get('subscription') ?? ''), 'assign')
  const id = subscription.subscriptionId
  const now = Date.now()
  const withLapsing = subscription.licenses.some((l) => l.lapsing)
  const submission = parseWithZod(args.formData, { schema: assignSchema(subscription, now, withLapsing) })
  if (submission.status !== 'success') {
    return json<SubscriptionActionData>({ intent, subscription: id, result: submission.reply() }, { status: 400 })
  }
  const value = submission.value
  if (value.stage === 'preview') {
    const plan = planSubscriptionAssignment({
      licenses: subscription.licenses,
      text: value.emails,
      ...(withLapsing ? { lapsingText: value.lapsingEmails } : {}),
      now,
    })
    return json<SubscriptionActionData>({
      intent,
      subscription: id,
      result: submission.reply(),
      reviewed: true,
      ...('error' in plan ? {} : { summary: plan.summary }),
    })
  }
  const emails = parseEmailList(value.emails, NEWLINES_COMMAS_SEMICOLONS).emails
  const lapsingEmails = withLapsing ? parseEmailList(value.lapsingEmails, NEWLINES_COMMAS_SEMICOLONS).emails : undefined
  const answer = await callLicensing(
    'subscriptionAssign',
    { subscriptionId: id, emails, ...(lapsingEmails ? { lapsingEmails } : {}), sendEmail: value.sendEmail },
    options(args),
  )
  if (!answer.ok) {
    const { status } = refusal(answer.error)
    return json<SubscriptionActionData>(
      {
        intent,
        subscription: id,
        result: submission.reply({ formErrors: [messageFor(answer.error, answer.message)] }),
      },
      { status },
    )
  }
  return redirect(pageUrl(args.url), {
    headers: { 'Set-Cookie': await setPreferences(args.request, { sendEmailOnAssign: value.sendEmail }) },
  })
}
