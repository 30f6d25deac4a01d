import { isQuantity, MAX_QUANTITY, MIN_QUANTITY } from '../protocol/subscriptions/quantity.js'
import { findPlan, planByProviderId, type Plan } from '../config/catalog/index.js'
import { inTransaction } from '../service/db/transaction.js'
import { ServiceError } from '../service/dispatch/errors.js'
import { addBillingPeriod, DAY_MS } from '../protocol/shared/dates.js'
import { paddleDate } from '../service/payments/dates.js'
import type {
  ProviderCharge,
  ProviderPayment,
  ProviderSubscription,
  PriceAmounts,
  SubscriptionUpdate,
  SubscriptionUpdatePreview,
  SubscriptionUpdateResult,
} from '../service/payments/provider.js'
import { money, sendAlert, sendPaymentSucceeded, sendUpdated } from './alerts.js'
import { chargeSucceeds } from './cards.js'
import {
  nextPaymentOf,
  paymentFor,
  providerError,
  requireSubscription,
  updateUrlOf,
  type Sandbox,
  type SandboxPayment,
  type SandboxSubscription,
  fromGross,
  termCharge,
  unitCharge,
  withTax,
} from './core.js'
import { receiptUrlOf } from './receipts.js'
import { roundToCent } from '../protocol/shared/money.js'

export async function getSubscription(sb: Sandbox, subscriptionId: string): Promise<ProviderSubscription> {
  const sub = await requireSubscription(sb, subscriptionId)
  const last = await sb.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('subscription_id', '=', sub.id)
    .where('is_paid', '=', 1)
    .orderBy('date', 'desc')
    .executeTakeFirst()
  const renews = sub.state === 'active' || sub.state === 'past_due'
  return {
    subscriptionId: sub.id,
    planId: sub.plan_id,
    userId: sub.user_id,
    email: sub.email,
    state: sub.state,
    quantity: sub.quantity,
    signupDate: sub.created_at,
    ...(last ? { lastPayment: { amount: last.amount, currency: last.currency, date: last.date } } : {}),
    ...(renews ? { nextPayment: nextPaymentOf(sub) } : {}),
    updateUrl: updateUrlOf(sub.id),
    ...(sub.paused_at !== null ? { pausedAt: sub.paused_at } : {}),
    ...(sub.paused_from !== null ? { pausedFrom: sub.paused_from } : {}),
    paymentMethod: sub.payment_method,
    ...(sub.card_type ? { cardType: sub.card_type } : {}),
    ...(sub.last_four ? { lastFourDigits: sub.last_four } : {}),
    ...(sub.card_expiry ? { cardExpiry: sub.card_expiry } : {}),
  }
}

/** What an update of quantity or plan does, by Paddle's rules: the net charged now, the credit left, the new terms. */
type PlannedUpdate = {
  quantity: number
  planId: string
  plan: Plan
  unitPrice: number
  nextBill: number
  charge: number
  credit: number
}

function planUpdate(sub: SandboxSubscription, update: SubscriptionUpdate, now: number): PlannedUpdate {
  if (sub.state === 'paused') throw providerError('A paused subscription cannot be modified until it is restarted.')
  if (sub.state === 'past_due') {
    throw providerError('A past-due subscription can only be paused until its payment method is updated.')
  }
  const quantity = update.quantity ?? sub.quantity
  if (!isQuantity(quantity)) {
    throw providerError(`The quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`)
  }
  const currentPlan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
  const planId = update.planId ?? sub.plan_id
  const plan = planByProviderId(planId, 'sandbox') ?? findPlan(planId)
  if (!currentPlan || !plan) throw providerError(`The plan ${planId} is not known.`)
  const intervalChanges = plan.billingPeriod !== currentPlan.billingPeriod
  if (intervalChanges && update.billImmediately !== true) {
    throw providerError('Moving to a plan with a different billing interval must be billed immediately.')
  }
  const unitPrice =
    plan.key === currentPlan.key
      ? sub.unit_price
      : roundToCent(sub.unit_price * (plan.listPrice / currentPlan.listPrice))

  let charge = 0
  let credit = 0
  let nextBill = sub.next_bill_date
  const remaining = remainingFraction(sub.next_bill_date, currentPlan.billingPeriod, now)
  if (intervalChanges || (plan.key !== currentPlan.key && update.billImmediately)) {
    // A new term starts now; what is left of the old term is credited when prorated.
    const unused = update.prorate === false ? 0 : sub.unit_price * sub.quantity * remaining
    charge = roundToCent(Math.max(0, unitPrice * quantity - unused))
    credit = roundToCent(Math.max(0, unused - unitPrice * quantity))
    nextBill = addBillingPeriod(now, plan.billingPeriod)
  } else if (quantity > sub.quantity && update.billImmediately && update.prorate !== false) {
    charge = roundToCent(unitPrice * (quantity - sub.quantity) * remaining)
  }
  return { quantity, planId, plan, unitPrice, nextBill, charge, credit }
}

/** Paddle's `preview_update`: what an update would charge now and next, tax included, without making it. */
export async function previewUpdate(sb: Sandbox, update: SubscriptionUpdate): Promise<SubscriptionUpdatePreview> {
  const sub = await requireSubscription(sb, update.subscriptionId)
  const now = sb.options.now()
  if (sub.state === 'deleted') throw providerError('A cancelled subscription cannot be changed.')
  if (update.pause === false) {
    if (sub.state !== 'paused') throw providerError('Only a paused subscription can be restarted.')
    const termOver = sub.next_bill_date <= now
    const plan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
    const next = {
      ...sub,
      next_bill_date: termOver && plan ? addBillingPeriod(now, plan.billingPeriod) : sub.next_bill_date,
    }
    return {
      ...(termOver ? { immediatePayment: charged(termCharge(sub), sub.currency, now) } : {}),
      nextPayment: nextPaymentOf(next),
    }
  }
  const planned = planUpdate(sub, update, now)
  const after = { ...sub, quantity: planned.quantity, unit_price: planned.unitPrice, next_bill_date: planned.nextBill }
  return {
    ...(planned.charge > 0 ? { immediatePayment: charged(withTax(planned.charge, sub), sub.currency, now) } : {}),
    ...(planned.credit > 0 ? { credit: { amount: planned.credit, currency: sub.currency } } : {}),
    nextPayment: nextPaymentOf(after),
  }
}

function charged(amounts: PriceAmounts, currency: string, date: number) {
  return { amount: amounts.gross, tax: amounts.tax, currency, date }
}

/** Paddle's update rules; an increase billed now is charged prorated, a decrease takes effect at the next bill. */
export async function updateSubscription(sb: Sandbox, update: SubscriptionUpdate): Promise<SubscriptionUpdateResult> {
  const sub = await requireSubscription(sb, update.subscriptionId)
  const now = sb.options.now()
  if (sub.state === 'deleted') throw providerError('A cancelled subscription cannot be changed.')

  const changes = update.quantity !== undefined || update.planId !== undefined
  if (update.pause !== undefined && changes) {
    throw providerError('Pausing or restarting cannot be combined with other changes.')
  }
  if (update.pause === true) return pause(sb, sub, now)
  if (update.pause === false) return restart(sb, sub, now)
  if (!changes) {
    if (sub.state === 'paused') {
      throw providerError('A paused subscription cannot be modified until it is restarted.')
    }
    if (update.passthrough !== undefined) {
      await sb.db
        .updateTable('sandbox_subscriptions')
        .set({ passthrough: update.passthrough, updated_at: now })
        .where('id', '=', sub.id)
        .execute()
    }
    return { subscriptionId: sub.id, planId: sub.plan_id, nextPayment: nextPaymentOf(sub) }
  }

  const {
    quantity,
    planId: newPlanId,
    plan: newPlan,
    unitPrice: newUnitPrice,
    nextBill,
    charge,
  } = planUpdate(sub, update, now)
  if (charge > 0 && !chargeSucceeds(sub.last_four)) {
    throw new ServiceError('CHARGE_ERROR', 'The payment for this change was declined by the card on file.')
  }

  const updated: SandboxSubscription = {
    ...sub,
    quantity,
    plan_id: newPlanId,
    unit_price: newUnitPrice,
    next_bill_date: nextBill,
    updated_at: now,
  }
  const payment = charge > 0 ? paymentFor(updated, withTax(charge, updated), newPlan, now, 0) : null
  await inTransaction(sb.db, async (trx) => {
    await trx
      .updateTable('sandbox_subscriptions')
      .set({ quantity, plan_id: newPlanId, unit_price: newUnitPrice, next_bill_date: nextBill, updated_at: now })
      .where('id', '=', sub.id)
      .execute()
    if (payment) await trx.insertInto('sandbox_payments').values(payment).execute()
  })
  await sendUpdated(sb, sub, updated)
  if (payment) await sendPaymentSucceeded(sb, updated, payment)
  return { subscriptionId: sub.id, planId: newPlanId, nextPayment: nextPaymentOf(updated) }
}

/** Pausing stops billing now: the state is paused and there is no next payment until it restarts. */
export async function pause(sb: Sandbox, sub: SandboxSubscription, now: number): Promise<SubscriptionUpdateResult> {
  if (sub.state === 'paused') throw providerError('The subscription is already paused.')
  const updated: SandboxSubscription = { ...sub, state: 'paused', paused_at: now, paused_from: now, updated_at: now }
  await sb.db
    .updateTable('sandbox_subscriptions')
    .set({ state: 'paused', paused_at: now, paused_from: now, updated_at: now })
    .where('id', '=', sub.id)
    .execute()
  await sendUpdated(sb, sub, updated, 'voluntary')
  return { subscriptionId: sub.id, planId: sub.plan_id }
}

/** Restart: within the paid term billing resumes at its end; after it, a new term is charged now (spec §4). */
export async function restart(sb: Sandbox, sub: SandboxSubscription, now: number): Promise<SubscriptionUpdateResult> {
  if (sub.state !== 'paused') throw providerError('Only a paused subscription can be restarted.')
  const plan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
  if (!plan) throw providerError(`The plan ${sub.plan_id} is not known.`)
  const termOver = sub.next_bill_date <= now
  if (termOver && !chargeSucceeds(sub.last_four)) {
    throw new ServiceError('CHARGE_ERROR', 'The payment to restart the subscription was declined by the card on file.')
  }
  const nextBill = termOver ? addBillingPeriod(now, plan.billingPeriod) : sub.next_bill_date
  const updated: SandboxSubscription = {
    ...sub,
    state: 'active',
    paused_at: null,
    paused_from: null,
    next_bill_date: nextBill,
    updated_at: now,
  }
  const payment = termOver ? paymentFor(updated, termCharge(updated), plan, now, 0) : null
  await inTransaction(sb.db, async (trx) => {
    await trx
      .updateTable('sandbox_subscriptions')
      .set({ state: 'active', paused_at: null, paused_from: null, next_bill_date: nextBill, updated_at: now })
      .where('id', '=', sub.id)
      .execute()
    if (payment) await trx.insertInto('sandbox_payments').values(payment).execute()
  })
  await sendUpdated(sb, sub, updated)
  if (payment) await sendPaymentSucceeded(sb, updated, payment)
  return { subscriptionId: sub.id, planId: sub.plan_id, nextPayment: nextPaymentOf(updated) }
}

export async function cancelSubscription(sb: Sandbox, subscriptionId: string): Promise<void> {
  const sub = await requireSubscription(sb, subscriptionId)
  if (sub.state === 'deleted') throw providerError('The subscription is already cancelled.')
  const now = sb.options.now()
  await sb.db
    .updateTable('sandbox_subscriptions')
    .set({ state: 'deleted', updated_at: now })
    .where('id', '=', sub.id)
    .execute()
  await sendAlert(sb, 'subscription_cancelled', {
    // Access lasts to the end of the paid term.
    cancellation_effective_date: paddleDate(sub.state === 'paused' ? (sub.paused_from ?? now) : sub.next_bill_date),
    checkout_id: sub.checkout_id,
    currency: sub.currency,
    email: sub.email,
    marketing_consent: '0',
    passthrough: sub.passthrough,
    quantity: String(sub.quantity),
    status: 'deleted',
    subscription_id: sub.id,
    subscription_plan_id: sub.plan_id,
    unit_price: money(unitCharge(sub).gross),
    user_id: sub.user_id,
  })
}

/** A one-off charge on the subscription's card, answered synchronously; no webhook is sent for it. */
export async function charge(
  sb: Sandbox,
  subscriptionId: string,
  amount: number,
  chargeName: string,
): Promise<ProviderCharge> {
  const sub = await requireSubscription(sb, subscriptionId)
  if (sub.state === 'deleted') throw providerError('A cancelled subscription cannot be charged.')
  if (!(amount > 0)) throw providerError('The amount must be positive.')
  if (!chargeSucceeds(sub.last_four)) throw new ServiceError('CHARGE_ERROR', 'The card on file was declined.')
  const now = sb.options.now()
  const plan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
  const payment: SandboxPayment = {
    ...paymentFor(sub, fromGross(amount, sub), plan, now, 1),
    description: chargeName.slice(0, 50),
  }
  await sb.db.insertInto('sandbox_payments').values(payment).execute()
  return {
    invoiceId: payment.id,
    subscriptionId: sub.id,
    amount: payment.amount,
    currency: payment.currency,
    paymentDate: now,
    receiptUrl: receiptUrlOf(payment.id),
    orderId: payment.order_id,
    status: 'success',
  }
}

export async function payments(sb: Sandbox, subscriptionId: string): Promise<ProviderPayment[]> {
  const sub = await requireSubscription(sb, subscriptionId)
  const rows = await sb.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('subscription_id', '=', sub.id)
    .orderBy('date')
    .execute()
  return rows.map((p) => ({
    id: p.id,
    subscriptionId: sub.id,
    amount: p.amount,
    currency: p.currency,
    date: p.date,
    isPaid: p.is_paid === 1,
    receiptUrl: receiptUrlOf(p.id),
    isOneOffCharge: p.one_off === 1,
  }))
}

/** The part of the term still ahead, 0..1, in whole days as Paddle prorates: a preview holds for the day. */
function remainingFraction(nextBill: number, period: 'month' | 'year', now: number): number {
  const start = addBillingPeriod(nextBill, period, -1)
  const days = Math.round((nextBill - start) / DAY_MS)
  const left = Math.ceil((nextBill - now) / DAY_MS)
  return days > 0 ? Math.min(1, Math.max(0, left / days)) : 0
}
