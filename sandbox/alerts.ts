// The sandbox's alerts, signed with its key pair and delivered to the webhook handler as Paddle Classic sends them.
import crypto from 'node:crypto'
import { DAY_MS } from '../protocol/shared/dates.js'
import { paddleDate, paddleDateTime } from '../service/payments/dates.js'
import { signAlert, type AlertFields } from '../service/payments/signature.js'
import type { Plan } from '../config/catalog/index.js'
import {
  unusedPaymentId,
  updateUrlOf,
  type Sandbox,
  type SandboxCheckout,
  type SandboxPayment,
  type SandboxSubscription,
  termCharge,
  unitCharge,
} from './core.js'
import { receiptUrlOf } from './receipts.js'
import { roundToCent } from '../protocol/shared/money.js'

export async function sendUpdated(
  sb: Sandbox,
  before: SandboxSubscription,
  after: SandboxSubscription,
  pausedReason?: 'voluntary',
) {
  const renews = after.state === 'active' || after.state === 'past_due'
  await sendAlert(sb, 'subscription_updated', {
    checkout_id: after.checkout_id,
    currency: after.currency,
    email: after.email,
    marketing_consent: '0',
    new_price: money(termCharge(after).gross),
    new_quantity: String(after.quantity),
    new_unit_price: money(unitCharge(after).gross),
    next_bill_date: renews ? paddleDate(after.next_bill_date) : '',
    old_next_bill_date: paddleDate(before.next_bill_date),
    old_price: money(termCharge(before).gross),
    old_quantity: String(before.quantity),
    old_status: before.state,
    old_subscription_plan_id: before.plan_id,
    old_unit_price: money(unitCharge(before).gross),
    passthrough: after.passthrough,
    ...(after.state === 'paused'
      ? {
          paused_at: paddleDateTime(after.paused_at ?? sb.options.now()),
          paused_from: paddleDateTime(after.paused_from ?? sb.options.now()),
          paused_reason: pausedReason ?? 'voluntary',
        }
      : {}),
    status: after.state,
    subscription_id: after.id,
    subscription_plan_id: after.plan_id,
    update_url: updateUrlOf(after.id),
    user_id: after.user_id,
  })
}

export async function sendPaymentSucceeded(sb: Sandbox, sub: SandboxSubscription, payment: SandboxPayment) {
  await sendAlert(sb, 'subscription_payment_succeeded', {
    ...paymentFields(payment, payment.country, null),
    checkout_id: sub.checkout_id,
    customer_name: payment.customer_name,
    email: sub.email,
    initial_payment: '0',
    instalments: String(
      Number(
        (
          await sb.db
            .selectFrom('sandbox_payments')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('subscription_id', '=', sub.id)
            .where('one_off', '=', 0)
            .executeTakeFirst()
        )?.n ?? 1,
      ),
    ),
    marketing_consent: '0',
    next_bill_date: paddleDate(sub.next_bill_date),
    next_payment_amount: money(termCharge(sub).gross),
    order_id: payment.order_id,
    passthrough: sub.passthrough,
    plan_name: payment.description,
    quantity: String(sub.quantity),
    receipt_url: receiptUrlOf(payment.id),
    status: sub.state,
    subscription_id: sub.id,
    subscription_payment_id: payment.id,
    subscription_plan_id: sub.plan_id,
    unit_price: money(unitCharge(sub).gross),
    user_id: sub.user_id,
  })
}

export async function sendPaymentFailed(sb: Sandbox, sub: SandboxSubscription, now: number) {
  await sendAlert(sb, 'subscription_payment_failed', {
    amount: money(termCharge(sub).gross),
    attempt_number: '1',
    checkout_id: sub.checkout_id,
    currency: sub.currency,
    email: sub.email,
    instalments: '1',
    marketing_consent: '0',
    next_retry_date: paddleDate(now + 3 * DAY_MS),
    order_id: '',
    passthrough: sub.passthrough,
    quantity: String(sub.quantity),
    status: 'past_due',
    subscription_id: sub.id,
    subscription_payment_id: unusedPaymentId(),
    subscription_plan_id: sub.plan_id,
    unit_price: money(unitCharge(sub).gross),
    update_url: updateUrlOf(sub.id),
    user_id: sub.user_id,
  })
}

/** Signs an alert with the sandbox's private key and hands it to the service's webhook handler. */
export async function sendAlert(sb: Sandbox, name: string, fields: Record<string, string>) {
  const now = sb.options.now()
  const alert: AlertFields = {
    alert_id: `${now}${crypto.randomInt(100_000, 999_999)}`,
    alert_name: name,
    event_time: paddleDateTime(now),
    ...fields,
  }
  await sb.options.deliver(signAlert(alert, sb.options.keys.privateKey))
}

export function money(n: number): string {
  return n.toFixed(2)
}

export function paymentFields(payment: SandboxPayment, country: string, coupon: string | null): Record<string, string> {
  const fee = roundToCent(payment.amount * 0.05 + 0.5)
  return {
    country,
    coupon: coupon ?? '',
    currency: payment.currency,
    earnings: money(roundToCent(payment.amount - payment.tax - fee)),
    fee: money(fee),
    payment_method: 'card',
    payment_tax: money(payment.tax),
    sale_gross: money(payment.amount),
  }
}

/** What completing a checkout recorded, for its alerts. */
export type Completion = {
  checkout: SandboxCheckout
  plan: Plan | undefined
  subscription: SandboxSubscription | null
  payment: SandboxPayment
  orderId: string
}

/** Paddle's alerts for a completed checkout (`subscription_created` + `…_payment_succeeded`, or `payment_succeeded`) */
export async function sendCompletionAlerts(
  sb: Sandbox,
  { checkout, plan, subscription, payment, orderId }: Completion,
) {
  const receiptUrl = receiptUrlOf(payment.id)
  if (plan && subscription) {
    await sendAlert(sb, 'subscription_created', {
      checkout_id: checkout.id,
      currency: checkout.currency,
      email: checkout.email,
      marketing_consent: '0',
      next_bill_date: paddleDate(subscription.next_bill_date),
      passthrough: checkout.passthrough,
      quantity: String(checkout.quantity),
      source: '',
      status: 'active',
      subscription_id: subscription.id,
      subscription_plan_id: subscription.plan_id,
      unit_price: money(unitCharge(subscription).gross),
      user_id: subscription.user_id,
      update_url: updateUrlOf(subscription.id),
    })
    await sendAlert(sb, 'subscription_payment_succeeded', {
      ...paymentFields(payment, checkout.country, checkout.coupon),
      checkout_id: checkout.id,
      customer_name: payment.customer_name,
      email: checkout.email,
      initial_payment: '1',
      instalments: '1',
      marketing_consent: '0',
      next_bill_date: paddleDate(subscription.next_bill_date),
      next_payment_amount: money(termCharge(subscription).gross),
      order_id: orderId,
      passthrough: checkout.passthrough,
      plan_name: checkout.title ?? plan.key,
      quantity: String(checkout.quantity),
      receipt_url: receiptUrl,
      status: 'active',
      subscription_id: subscription.id,
      subscription_payment_id: payment.id,
      subscription_plan_id: subscription.plan_id,
      unit_price: money(unitCharge(subscription).gross),
      user_id: subscription.user_id,
    })
  } else {
    await sendAlert(sb, 'payment_succeeded', {
      ...paymentFields(payment, checkout.country, checkout.coupon),
      checkout_id: checkout.id,
      customer_name: payment.customer_name,
      email: checkout.email,
      marketing_consent: '0',
      order_id: orderId,
      passthrough: checkout.passthrough,
      product_id: checkout.product_id,
      product_name: checkout.title ?? checkout.product_id,
      quantity: String(checkout.quantity),
      receipt_url: receiptUrl,
      used_price_override: checkout.price_override !== null ? 'true' : 'false',
    })
  }
}
