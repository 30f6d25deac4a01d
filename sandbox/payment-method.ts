// A subscription's card, replaced from the update-payment page; a past-due one is charged again at once.
import { findPlan, planByProviderId } from '../config/catalog/index.js'
import { inTransaction } from '../service/db/transaction.js'
import { addBillingPeriod } from '../protocol/shared/dates.js'
import { sendPaymentFailed, sendPaymentSucceeded, sendUpdated } from './alerts.js'
import { checkCard, chargeSucceeds, declineReasonOf, type CardInput } from './cards.js'
import type { FieldErrors } from './checkout.js'
import {
  findSubscription,
  paymentFor,
  requireSubscription,
  termCharge,
  type Sandbox,
  type SandboxPayment,
  type SandboxSubscription,
} from './core.js'

/** The subscription an update-payment URL names: the sandbox's id, or the vendor's (the demo data's URLs). */
export async function subscriptionForUpdateUrl(sb: Sandbox, id: string): Promise<SandboxSubscription | undefined> {
  const own = await findSubscription(sb, id)
  if (own) return own
  const vendor = await sb.db
    .selectFrom('subscriptions')
    .select('provider_subscription_id')
    .where('id', '=', id)
    .executeTakeFirst()
  return vendor?.provider_subscription_id ? findSubscription(sb, vendor.provider_subscription_id) : undefined
}

/** What a change of card did: the subscription after it and whether a past-due payment was tried again. */
export type PaymentMethodUpdate =
  | { ok: true; subscription: SandboxSubscription; retried: 'paid' | 'declined' | null }
  | { ok: false; errors: FieldErrors }

/** Replaces the card; a past-due subscription is charged again at once and, when paid, active with a new term. */
export async function updatePaymentMethod(
  sb: Sandbox,
  subscriptionId: string,
  input: CardInput,
): Promise<PaymentMethodUpdate> {
  const sub = await requireSubscription(sb, subscriptionId)
  const now = sb.options.now()
  if (sub.state === 'deleted') return { ok: false, errors: { cardNumber: 'This subscription has been cancelled.' } }
  const card = checkCard(input, now)
  if (!card.ok) return { ok: false, errors: card.errors }
  if (card.outcome === 'declined') {
    return { ok: false, errors: { cardNumber: `${declineReasonOf(card.lastFour)} Please use another card.` } }
  }

  let updated: SandboxSubscription = {
    ...sub,
    payment_method: 'card',
    card_type: card.cardType,
    last_four: card.lastFour,
    card_expiry: card.expiry,
    updated_at: now,
  }
  let payment: SandboxPayment | null = null
  let retried: 'paid' | 'declined' | null = null
  if (sub.state === 'past_due') {
    const plan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
    if (chargeSucceeds(card.lastFour) && plan) {
      updated = { ...updated, state: 'active', next_bill_date: addBillingPeriod(now, plan.billingPeriod) }
      payment = paymentFor(updated, termCharge(updated), plan, now, 0)
      retried = 'paid'
    } else {
      retried = 'declined'
    }
  }
  await inTransaction(sb.db, async (trx) => {
    await trx
      .updateTable('sandbox_subscriptions')
      .set({
        payment_method: 'card',
        card_type: updated.card_type,
        last_four: updated.last_four,
        card_expiry: updated.card_expiry,
        state: updated.state,
        next_bill_date: updated.next_bill_date,
        updated_at: now,
      })
      .where('id', '=', sub.id)
      .execute()
    if (payment) await trx.insertInto('sandbox_payments').values(payment).execute()
  })
  await sendUpdated(sb, sub, updated)
  if (payment) await sendPaymentSucceeded(sb, updated, payment)
  if (retried === 'declined') await sendPaymentFailed(sb, updated, now)
  return { ok: true, subscription: updated, retried }
}
