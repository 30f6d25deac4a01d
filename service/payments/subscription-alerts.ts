// Alerts about an existing subscription (payment failed, updated, cancelled) and flagged checkouts (high_risk_*).
import { normalizeEmail } from '../../protocol/shared/email.js'
import { licenseProductName } from '../../config/catalog/index.js'
import { cancelledColumns } from '../subscriptions/cancelled.js'
import { reconcileQuantity } from '../subscriptions/reconcile-quantity.js'
import {
  WebhookError,
  amount,
  date,
  planFor,
  quantityOf,
  required,
  requireSubscription,
  stateOf,
  subscriptionByProviderId,
  type AlertEnv,
  type AlertFields,
} from './alerts.js'
import { PAYMENT_PROVIDER } from '../../protocol/activity/activity.js'
import { recordSubscriptionActivity, subscriptionWords } from '../activity/subscriptions.js'

export async function subscriptionPaymentFailed(a: AlertFields, env: AlertEnv) {
  const sub = await requireSubscription(a, env)
  const retry = date(a, 'next_retry_date')
  await env.trx
    .updateTable('subscriptions')
    .set({
      state: 'pastDue',
      ...(retry !== undefined ? { next_payment_date: retry } : {}),
      ...(amount(a, 'amount') !== undefined ? { next_payment_amount: amount(a, 'amount') } : {}),
      updated_at: env.now,
    })
    .where('id', '=', sub.id)
    .execute()
  await recordSubscriptionActivity(env.trx, sub, {
    actor: PAYMENT_PROVIDER,
    summary: `the payment of ${subscriptionWords(sub)} failed: it is past due until the payment method is updated`,
    at: env.now,
    event: 'subscription.payment_failed',
  })
  return 'processed' as const
}

export async function subscriptionUpdated(a: AlertFields, env: AlertEnv) {
  const sub = await requireSubscription(a, env)
  const state = stateOf(a, sub.state)
  const planId = a.subscription_plan_id
  const plan = planId && planId !== sub.plan_id ? planFor(planId, env) : undefined
  const quantity = a.new_quantity ? quantityOf(a, 'new_quantity') : sub.quantity
  const nextBill = date(a, 'next_bill_date')
  const renews = state === 'active' || state === 'pastDue'
  await env.trx
    .updateTable('subscriptions')
    .set({
      state,
      quantity,
      ...(plan
        ? {
            plan_id: planId,
            billing_period: plan.billingPeriod,
            product_name: licenseProductName(plan),
            product_group: plan.product.group,
            // The change the portal showed as under way is now confirmed by the provider.
            pending_change: null,
          }
        : {}),
      ...(amount(a, 'new_unit_price') !== undefined ? { unit_price: amount(a, 'new_unit_price') } : {}),
      next_payment_date: renews ? (nextBill ?? sub.next_payment_date) : null,
      next_payment_amount: renews ? (amount(a, 'new_price') ?? sub.next_payment_amount) : null,
      ...(a.update_url ? { update_url: a.update_url } : {}),
      updated_at: env.now,
    })
    .where('id', '=', sub.id)
    .execute()
  if (plan) {
    await env.trx
      .updateTable('licenses')
      .set({ billing_period: plan.billingPeriod })
      .where('subscription_id', '=', sub.id)
      .execute()
  }
  if (quantity !== sub.quantity || a.new_quantity) await reconcileQuantity(env, sub, quantity)
  const changes = [
    ...(state !== sub.state ? [`its state from ${sub.state} to ${state}`] : []),
    ...(plan && plan.billingPeriod !== sub.billing_period
      ? [`its billing from ${sub.billing_period}ly to ${plan.billingPeriod}ly`]
      : []),
    ...(quantity !== sub.quantity ? [`its quantity from ${sub.quantity} to ${quantity}`] : []),
  ]
  await recordSubscriptionActivity(env.trx, sub, {
    actor: PAYMENT_PROVIDER,
    summary:
      changes.length > 0
        ? `changed ${changes.join(', ')} of ${subscriptionWords(sub)}`
        : `updated the billing details of ${subscriptionWords(sub)}`,
    at: env.now,
  })
  env.effects.refresh.add(sub.provider_subscription_id ?? required(a, 'subscription_id'))
  return 'processed' as const
}

export async function subscriptionCancelled(a: AlertFields, env: AlertEnv) {
  const providerId = required(a, 'subscription_id')
  const sub = await subscriptionByProviderId(env, providerId)
  // Removed by a platform administrator after cancelling at the provider: the alert finds nothing left to cancel.
  if (!sub) {
    env.ctx.adapters.payments?.log(`payments: ignored subscription_cancelled for unknown subscription ${providerId}`)
    return 'ignored' as const
  }
  await env.trx.updateTable('subscriptions').set(cancelledColumns(env.now)).where('id', '=', sub.id).execute()
  if (sub.state !== 'deleted') {
    await recordSubscriptionActivity(env.trx, sub, {
      actor: PAYMENT_PROVIDER,
      summary: `cancelled ${subscriptionWords(sub)}: its licenses run to their expiry`,
      at: env.now,
    })
  }
  return 'processed' as const
}

/** What the shop says of a checkout whose review the provider rejected. */
export const REVIEW_REJECTED_REASON = 'The payment provider rejected the order after reviewing it.'

export async function highRiskCreated(a: AlertFields, env: AlertEnv) {
  const checkoutId = required(a, 'checkout_id')
  await env.trx
    .insertInto('checkout_reviews')
    .values({
      checkout_id: checkoutId,
      state: 'flagged',
      email: normalizeEmail(a.customer_email_address ?? ''),
      passthrough: a.passthrough ?? '',
      case_id: a.case_id || null,
      created_at: env.now,
      updated_at: env.now,
    })
    .onConflict((oc) => oc.column('checkout_id').doNothing())
    .execute()
  return 'processed' as const
}

export async function highRiskUpdated(a: AlertFields, env: AlertEnv) {
  const checkoutId = required(a, 'checkout_id')
  const state = a.status === 'accepted' ? 'accepted' : a.status === 'rejected' ? 'rejected' : undefined
  if (!state) throw new WebhookError(400, `The review outcome "${a.status ?? ''}" is not known.`)
  await env.trx
    .insertInto('checkout_reviews')
    .values({
      checkout_id: checkoutId,
      state,
      email: normalizeEmail(a.customer_email_address ?? ''),
      passthrough: a.passthrough ?? '',
      case_id: a.case_id || null,
      created_at: env.now,
      updated_at: env.now,
    })
    .onConflict((oc) => oc.column('checkout_id').doUpdateSet({ state, updated_at: env.now }))
    .execute()
  return 'processed' as const
}
