// Paying a sandbox checkout with a test card (`cards.ts`), and completing it with the alerts Paddle sends.
import crypto from 'node:crypto'
import { EMAIL_PATTERN, normalizeEmail } from '../protocol/shared/email.js'
import { country as countryOf, planByProviderId, requiresZip } from '../config/catalog/index.js'
import { inTransaction } from '../service/db/transaction.js'
import { addBillingPeriod } from '../protocol/shared/dates.js'
import { paddleDateTime } from '../service/payments/dates.js'
import { sendAlert, sendCompletionAlerts, type Completion } from './alerts.js'
import { REVIEW_REJECTED_REASON } from '../service/payments/subscription-alerts.js'
import { checkCard, declineReasonOf, type CardCheck, type CardInput } from './cards.js'
import {
  customerNameOf,
  unusedPaymentId,
  unusedSubscriptionId,
  userIdOf,
  type Sandbox,
  type SandboxCheckout,
  type SandboxPayment,
  type SandboxSubscription,
} from './core.js'
import { countryPricing } from './pricing.js'
import { checkoutIdFrom, quoteFor, type CheckoutQuote, type CheckoutTerms, type Input } from './terms.js'
import { roundToCent } from '../protocol/shared/money.js'
import type { Database } from '../service/db/schema.js'
import type { Transaction } from 'kysely'

export type FieldErrors = Partial<
  Record<'email' | 'country' | 'postcode' | 'cardNumber' | 'cardExpiry' | 'cardCvc', string>
>

export type PayResult =
  | { kind: 'invalid'; terms: CheckoutTerms; quote: CheckoutQuote; checkoutId: string; errors: FieldErrors }
  | {
      kind: 'complete' | 'flagged' | 'failed'
      terms: CheckoutTerms
      quote: CheckoutQuote
      checkout: SandboxCheckout
      /** The checkout was paid (or refused in review) before this request: nothing was charged now. */
      repeated?: true
    }

/** The checkout with this id, as the sandbox recorded it. */
export async function findCheckout(sb: Sandbox, id: string): Promise<SandboxCheckout | undefined> {
  return sb.db.selectFrom('sandbox_checkouts').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Pays a checkout with a test card: complete, flagged for review, or failed (see `cards.ts`). */
export async function pay(sb: Sandbox, input: Input, terms: CheckoutTerms): Promise<PayResult> {
  const now = sb.options.now()
  const quote = quoteFor(terms)
  const checkoutId = checkoutIdFrom(input, terms)
  const existing = await findCheckout(sb, checkoutId)
  if (existing?.state === 'pending') {
    // Paid, but interrupted before it was completed: complete it now.
    return { kind: 'complete', terms, quote, checkout: await completeCheckout(sb, checkoutId) }
  }
  // Already paid (or waiting for review, or rejected in it): refused, and its outcome shown; never charged twice.
  const repeated = (checkout: SandboxCheckout) =>
    ({ kind: outcomeOf(checkout.state), terms, quote, checkout, repeated: true }) as const
  if (existing && existing.state !== 'failed') return repeated(existing)
  const checked = checkBuyer(terms, input, now)
  if (!checked.ok) return { kind: 'invalid', terms, quote, checkoutId, errors: checked.errors }

  const row = checkoutRow(sb, { id: checkoutId, terms, quote, ...checked, createdAt: existing?.created_at ?? now })
  // Claimed in one statement: a payment of the same checkout that got there first leaves nothing to claim.
  const claimed = await sb.db
    .insertInto('sandbox_checkouts')
    .values(row)
    .onConflict((oc) => {
      const { id: _id, created_at: _created, ...rest } = row
      return oc.column('id').doUpdateSet(rest).where('sandbox_checkouts.state', '=', 'failed')
    })
    .executeTakeFirst()
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return repeated((await findCheckout(sb, checkoutId))!)
  if (row.state === 'failed') return { kind: 'failed', terms, quote, checkout: (await findCheckout(sb, checkoutId))! }
  if (row.state === 'flagged') {
    await sendAlert(sb, 'high_risk_transaction_created', {
      case_id: row.case_id!,
      checkout_id: checkoutId,
      created_at: paddleDateTime(now),
      customer_email_address: row.email,
      customer_user_id: userIdOf(row.email),
      marketing_consent: '0',
      passthrough: row.passthrough,
      product_id: row.product_id,
      risk_score: '87.50',
      status: 'pending',
    })
    return { kind: 'flagged', terms, quote, checkout: (await findCheckout(sb, checkoutId))! }
  }
  return { kind: 'complete', terms, quote, checkout: await completeCheckout(sb, checkoutId) }
}

type CardAccepted = Extract<CardCheck, { ok: true }>

/** The buyer's fields and the card, as the checkout page checks them. */
function checkBuyer(
  terms: CheckoutTerms,
  input: Input,
  now: number,
): { ok: true; email: string; card: CardAccepted; now: number } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const email = normalizeEmail(terms.email)
  if (!email) errors.email = 'Email address must be provided.'
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Email address is not valid.'
  if (!countryOf(terms.country)) errors.country = 'Choose a country from the list.'
  if (requiresZip(terms.country) && !terms.postcode) errors.postcode = 'Zip/Post code must be provided.'
  const card = checkCard(cardInput(input), now)
  if (!card.ok) Object.assign(errors, card.errors)
  if (Object.keys(errors).length > 0 || !card.ok) return { ok: false, errors }
  return { ok: true, email, card, now }
}

/** The checkout as paid with the card: pending (paid, to be completed), flagged for review, or failed. */
function checkoutRow(
  sb: Sandbox,
  c: {
    id: string
    terms: CheckoutTerms
    quote: CheckoutQuote
    email: string
    card: CardAccepted
    now: number
    createdAt: number
  },
): SandboxCheckout {
  const { terms, quote, card, now } = c
  const declined = card.outcome === 'declined' || card.outcome === 'charges-fail'
  const state: SandboxCheckout['state'] = declined ? 'failed' : card.outcome === 'flagged' ? 'flagged' : 'complete'
  return {
    id: c.id,
    product_id: terms.productId,
    title: terms.title,
    quantity: terms.quantity,
    email: c.email,
    country: terms.country,
    postcode: terms.postcode || null,
    passthrough: terms.passthrough,
    coupon: quote.appliedCoupon?.code ?? null,
    currency: quote.currency,
    net: quote.total.net,
    tax: quote.total.tax,
    gross: quote.total.gross,
    // A paid checkout is pending until its subscription and payment are recorded (in one transaction).
    state: state === 'complete' ? 'pending' : state,
    card_type: card.cardType,
    last_four: card.lastFour,
    card_expiry: card.expiry,
    subscription_id: null,
    order_id: null,
    case_id: state === 'flagged' ? String(crypto.randomInt(100_000, 999_999)) : null,
    return_url: terms.returnUrl ?? null,
    price_override: terms.priceOverride ?? null,
    review_due_at:
      state === 'flagged' && sb.options.reviewDelayMs !== undefined ? now + sb.options.reviewDelayMs : null,
    created_at: c.createdAt,
    updated_at: now,
  }
}

/** Completes a paid or approved checkout: subscription, payment, then Paddle's alerts for it. */
export async function completeCheckout(sb: Sandbox, checkoutId: string): Promise<SandboxCheckout> {
  const completion = await inTransaction(sb.db, async (trx) => {
    const checkout = await trx
      .selectFrom('sandbox_checkouts')
      .selectAll()
      .where('id', '=', checkoutId)
      .executeTakeFirst()
    // A paid checkout (pending) or an approved flagged one; anything else was completed or refused already.
    if (!checkout || (checkout.state !== 'pending' && checkout.state !== 'flagged')) return null
    return recordCompletion(trx, checkout, sb.options.now())
  })
  if (completion) await sendCompletionAlerts(sb, completion)
  return (await findCheckout(sb, checkoutId))!
}

/** Records a checkout's subscription (for a subscription plan) and payment, and marks the checkout complete. */
async function recordCompletion(
  trx: Transaction<Database>,
  checkout: SandboxCheckout,
  now: number,
): Promise<Completion> {
  const plan = planByProviderId(checkout.product_id, 'sandbox')
  const orderId = `${crypto.randomInt(10_000_000, 99_999_999)}-${crypto.randomInt(1_000_000, 9_999_999)}`
  let subscription: SandboxSubscription | null = null
  if (plan) {
    subscription = {
      id: await unusedSubscriptionId(trx),
      checkout_id: checkout.id,
      plan_id: checkout.product_id,
      user_id: userIdOf(checkout.email),
      quantity: checkout.quantity,
      state: 'active',
      email: checkout.email,
      currency: checkout.currency,
      unit_price: roundToCent(checkout.net / checkout.quantity),
      // Later terms are taxed as this one was: at the rate of the country the buyer pays from.
      tax_percent: countryPricing(checkout.country).taxPercent,
      next_bill_date: addBillingPeriod(now, plan.billingPeriod),
      paused_at: null,
      paused_from: null,
      payment_method: 'card',
      card_type: checkout.card_type,
      last_four: checkout.last_four,
      card_expiry: checkout.card_expiry,
      passthrough: checkout.passthrough,
      created_at: now,
      updated_at: now,
    }
    await trx.insertInto('sandbox_subscriptions').values(subscription).execute()
  }
  const payment: SandboxPayment = {
    id: unusedPaymentId(),
    subscription_id: subscription?.id ?? null,
    checkout_id: checkout.id,
    order_id: orderId,
    description: checkout.title ?? checkout.product_id,
    quantity: checkout.quantity,
    amount: checkout.gross,
    tax: checkout.tax,
    currency: checkout.currency,
    date: now,
    is_paid: 1,
    one_off: 0,
    customer_email: checkout.email,
    customer_name: customerNameOf(checkout.passthrough, checkout.email),
    country: checkout.country,
    card_type: checkout.card_type,
    last_four: checkout.last_four,
  }
  await trx.insertInto('sandbox_payments').values(payment).execute()
  await trx
    .updateTable('sandbox_checkouts')
    .set({
      state: 'complete',
      subscription_id: subscription?.id ?? null,
      order_id: orderId,
      review_due_at: null,
      updated_at: now,
    })
    .where('id', '=', checkout.id)
    .execute()
  return { checkout, plan, subscription, payment, orderId }
}

/** Why a checkout failed, in the sandbox's words: the card's decline, or the review's rejection. */
export function failureReason(checkout: Pick<SandboxCheckout, 'state' | 'last_four'>): string {
  return checkout.state === 'rejected' ? REVIEW_REJECTED_REASON : declineReasonOf(checkout.last_four)
}

export function outcomeOf(state: SandboxCheckout['state']): 'complete' | 'flagged' | 'failed' {
  return state === 'complete' || state === 'pending' ? 'complete' : state === 'flagged' ? 'flagged' : 'failed'
}

function cardInput(input: Input): CardInput {
  return { number: input.cardNumber ?? '', expiry: input.cardExpiry ?? '', cvc: input.cardCvc ?? '' }
}
