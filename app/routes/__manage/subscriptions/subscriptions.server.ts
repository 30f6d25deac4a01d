// The subscription dialogs (`?dialog=NAME&subscription=ID`, spec §2, §4, §5, §7, §8): that subscription alone is read.
import type { SubmissionResult } from '@conform-to/react'
import type { ReceiptPayment, Subscription, SubscriptionPreview } from '#protocol/entities'
import type { Payload, Result } from '#protocol/operations'
import { clampQuantity } from '#protocol/subscriptions/quantity'
import { subscriptionAssignees } from '#app/rules/subscription'
import type { ErrorCode } from '#protocol/shared/errors'
import { errorMessageFor } from '#app/rules/messages/errors'
import { callLicensing, newIdempotencyKey } from '#app/utils/licensing.server'
import { notFound } from '../shared/details.server'
import { readSubscription } from '../shared/license-reads.server'
import type { DialogArgs, DialogLoader, ManageArgs } from '../shared/registry'
import {
  subscriptionPermitted,
  subscriptionTransition,
  type SubscriptionNeed,
  type SubscriptionOperation,
} from '#protocol/subscriptions/subscriptions'

export type SubscriptionDialogData = {
  subscription: Subscription
  companyName?: string
  /** So that server and browser agree. */
  now: number
  /** The dialog says so instead of offering it. */
  refusal?: string
  /** A repeat of this one submission changes the subscription once. */
  idempotencyKey: string
}

export type ReceiptsDialogData = SubscriptionDialogData & { payments?: ReceiptPayment[]; error?: string }
export type PaymentMethodDialogData = SubscriptionDialogData & {
  checkout?: Result<'catalog'>['checkout']
}
/** What the change would charge, as the payment provider computes it; or why it could not be asked. */
export type PricedChange = { preview?: SubscriptionPreview; previewError?: string }
export type PricedDialogData = SubscriptionDialogData & PricedChange
export type QuantityDialogData = PricedDialogData & {
  /** The quantity the preview is for (the URL's `quantity`). */
  previewed?: number
}
export type OfferDialogData = SubscriptionDialogData & {
  country: string
  countries: Array<{ code: string; name: string }>
}
export type AssignDialogData = SubscriptionDialogData & {
  emails: string
  lapsingEmails: string
  /** The dialog asks for the lapsing holders apart. */
  withLapsing: boolean
  sendEmail: boolean
}

export type SubscriptionActionData = {
  intent: string
  subscription: string
  /** CHARGE_ERROR and CURRENCY_MISMATCH have their own texts (spec §8). */
  kind?: 'charge' | 'currency'
  message?: string
  result?: SubmissionResult<string[]>
  /** The review/preview step of the quantity and assignment forms. */
  reviewed?: boolean
  priced?: PricedChange & { quantity: number }
  summary?: string
}

type Need = SubscriptionNeed

/** A 404 when not there, not the user's to see, or not one their role may act on as `need` says. */
export async function requireSubscription(
  args: Pick<ManageArgs, 'user' | 'context'>,
  subscriptionId: string | null,
  need: Need,
) {
  const read = await readSubscription(args, subscriptionId)
  if (!subscriptionPermitted(read.company, need)) notFound()
  return { subscription: read.subscription, company: read.company }
}

async function dialogData(
  args: DialogArgs,
  need: Need,
  operation: SubscriptionOperation | null,
): Promise<SubscriptionDialogData> {
  const { subscription, company } = await requireSubscription(args, args.url.searchParams.get('subscription'), need)
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
  (args) =>
    dialogData(args, need, operation)

/** Spec §7 `specialOffer` country: a proxy's header, else the browser language's region; the user may correct it. */
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

/** The state machine's reasons and the provider's refusals are written for people. */
const spokenCodes: ReadonlySet<ErrorCode> = new Set([
  'INVALID_STATE',
  'INVALID_PAYLOAD',
  'NOT_ENOUGH_LICENSES',
  'PROVIDER_ERROR',
  'CANNOT_ASSIGN',
])

export function messageFor(code: ErrorCode, message: string): string {
  return spokenCodes.has(code) && message ? message : errorMessageFor(code)
}

export const cancelDialog = simpleDialog('billing', 'cancel')
export const pauseDialog = simpleDialog('billing', 'pause')
export const resumeDialog = simpleDialog('billing', 'resume')
/** Asked of the service (which asks the provider) only for a change the dialog offers. */
export async function pricedChange(
  args: Pick<ManageArgs, 'user' | 'context'>,
  payload: Payload<'subscriptionPreview'>,
): Promise<PricedChange> {
  const answer = await callLicensing('subscriptionPreview', payload, {
    credential: args.user.credential,
    context: args.context,
  })
  if (answer.ok) return { preview: answer.result }
  return {
    previewError: `The payment provider could not say what this costs: ${messageFor(answer.error, answer.message)}`,
  }
}

export const restartDialog: DialogLoader<PricedDialogData> = async (args) => {
  const base = await dialogData(args, 'billing', 'restart')
  if (base.refusal) return base
  return {
    ...base,
    ...(await pricedChange(args, { subscriptionId: base.subscription.subscriptionId, change: 'restart' })),
  }
}

/** `quantity` in the URL: the number typed (with script), whose price is shown before the change. */
export const quantityDialog: DialogLoader<QuantityDialogData> = async (args) => {
  const base = await dialogData(args, 'billing', 'quantity')
  const asked = args.url.searchParams.get('quantity')
  const quantity = asked === null || asked.length > 3 ? undefined : clampQuantity(asked)
  if (base.refusal || quantity === undefined || quantity === base.subscription.quantity) return base
  const subscriptionId = base.subscription.subscriptionId
  return {
    ...base,
    previewed: quantity,
    ...(await pricedChange(args, { subscriptionId, change: 'quantity', quantity })),
  }
}

export const receiptsDialog: DialogLoader<ReceiptsDialogData> = async (args) => {
  const base = await dialogData(args, 'receipts', null)
  const answer = await callLicensing(
    'subscriptionReceipts',
    { subscriptionId: base.subscription.subscriptionId },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) return { ...base, error: messageFor(answer.error, answer.message) } satisfies ReceiptsDialogData
  return { ...base, payments: answer.result.payments } satisfies ReceiptsDialogData
}

export const paymentMethodDialog: DialogLoader<PaymentMethodDialogData> = async (args) => {
  const base = await dialogData(args, 'billing', null)
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

export const upgradeDialog: DialogLoader<PricedDialogData> = async (args) => {
  const base = await dialogData(args, 'billing', 'upgrade')
  if (base.refusal) return base
  return {
    ...base,
    ...(await pricedChange(args, { subscriptionId: base.subscription.subscriptionId, change: 'upgrade' })),
  }
}

export const offerDialog: DialogLoader<OfferDialogData> = async (args) => {
  const base = await dialogData(args, 'billing', 'specialOffer')
  const catalog = await catalogOf(args)
  const countries = (catalog?.countries ?? []).map((c) => ({ code: c.code, name: c.name }))
  const offerCountry = base.subscription.specialOffer?.country ?? 'US'
  const country = detectedCountry(args.request, new Set(countries.map((c) => c.code)), offerCountry)
  return { ...base, country, countries } satisfies OfferDialogData
}

export const assignDialog: DialogLoader<AssignDialogData> = async (args) => {
  const base = await dialogData(args, 'assign', 'assign')
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
