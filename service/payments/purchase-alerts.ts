// Completed payments: a checkout's alerts fulfilled once per checkout id, signed renewals, later terms' payments.
import { findPlan, planByProviderId } from '../../config/catalog/index.js'
import {
  WebhookError,
  amount,
  date,
  parsePassthrough,
  planFor,
  quantityOf,
  required,
  stateOf,
  subscriptionByProviderId,
  type AlertEnv,
  type AlertFields,
} from './alerts.js'
import { addBillingPeriod } from '../../protocol/shared/dates.js'
import { termEnd } from './dates.js'
import { fulfilPurchase, recordPayment } from './fulfilment.js'
import { verifiedRenewal } from './passthrough.js'
import { renewLicenses } from './renewal.js'
import { roundToCent } from '../../protocol/shared/money.js'
import { PAYMENT_PROVIDER } from '../../protocol/activity/activity.js'
import { recordSubscriptionActivity, subscriptionWords } from '../activity/subscriptions.js'

export async function subscriptionCreated(a: AlertFields, env: AlertEnv) {
  const plan = planFor(required(a, 'subscription_plan_id'), env)
  const nextBillDate = date(a, 'next_bill_date')
  if (nextBillDate === undefined) throw new WebhookError(400, 'The subscription_created alert has no next_bill_date.')
  const quantity = quantityOf(a)
  const unitPrice = amount(a, 'unit_price') ?? plan.listPrice
  await fulfilPurchase(
    {
      checkoutId: required(a, 'checkout_id'),
      plan,
      quantity,
      buyerEmail: required(a, 'email'),
      passthrough: a.passthrough ?? '',
      currency: a.currency || 'USD',
      unitPrice,
      subscription: {
        providerId: required(a, 'subscription_id'),
        state: stateOf(a, 'active'),
        nextBillDate,
        ...(a.update_url ? { updateUrl: a.update_url } : {}),
      },
    },
    env,
  )
  env.effects.refresh.add(a.subscription_id)
  return 'processed' as const
}

export async function subscriptionPaymentSucceeded(a: AlertFields, env: AlertEnv) {
  const providerId = required(a, 'subscription_id')
  const existing = await subscriptionByProviderId(env, providerId)
  const nextBillDate = date(a, 'next_bill_date')
  const gross = amount(a, 'sale_gross')
  if (a.initial_payment === '1' || !existing) {
    if (a.initial_payment !== '1') throw new WebhookError(503, `The subscription ${providerId} is not known yet.`)
    const plan = planFor(required(a, 'subscription_plan_id'), env)
    if (nextBillDate === undefined) throw new WebhookError(400, 'The payment alert has no next_bill_date.')
    const quantity = quantityOf(a)
    const { orderId, subscriptionId } = await fulfilPurchase(
      {
        checkoutId: required(a, 'checkout_id'),
        plan,
        quantity,
        ...paidBy(a),
        unitPrice: amount(a, 'unit_price') ?? plan.listPrice,
        ...(gross !== undefined ? { paid: gross } : {}),
        subscription: {
          providerId,
          state: stateOf(a, 'active'),
          nextBillDate,
          ...(amount(a, 'next_payment_amount') !== undefined
            ? { nextPaymentAmount: amount(a, 'next_payment_amount') }
            : {}),
        },
      },
      env,
    )
    await recordPayment(env, {
      id: `pp_${required(a, 'subscription_payment_id')}`,
      subscriptionId,
      orderId,
      date: date(a, 'event_time') ?? env.now,
      currency: a.currency || 'USD',
      amount: gross ?? 0,
      receiptUrl: a.receipt_url ?? '',
    })
    env.effects.refresh.add(providerId)
    return 'processed' as const
  }

  // A later payment: the subscription's term moves on; its non-lapsing licenses run to the new term's end.
  const sub = existing
  if (nextBillDate !== undefined) {
    await env.trx
      .updateTable('licenses')
      .set({ expiration: termEnd(nextBillDate) })
      .where('subscription_id', '=', sub.id)
      .where('lapsing', '=', 0)
      .where('expiration', '<', termEnd(nextBillDate))
      .execute()
  }
  await env.trx
    .updateTable('subscriptions')
    .set({
      state: 'active',
      ...(nextBillDate !== undefined ? { next_payment_date: nextBillDate } : {}),
      ...(amount(a, 'next_payment_amount') !== undefined
        ? { next_payment_amount: amount(a, 'next_payment_amount') }
        : {}),
      ...(amount(a, 'unit_price') !== undefined ? { unit_price: amount(a, 'unit_price') } : {}),
      updated_at: env.now,
    })
    .where('id', '=', sub.id)
    .execute()
  await recordSubscriptionActivity(env.trx, sub, {
    kind: 'renewal',
    actor: PAYMENT_PROVIDER,
    summary: `received the payment of ${subscriptionWords(sub)}; its licenses run on to the next term`,
    at: env.now,
  })
  await recordPayment(env, {
    id: `pp_${required(a, 'subscription_payment_id')}`,
    subscriptionId: sub.id,
    orderId: sub.order_id,
    date: date(a, 'event_time') ?? env.now,
    currency: a.currency || sub.currency,
    amount: gross ?? 0,
    receiptUrl: a.receipt_url ?? '',
  })
  return 'processed' as const
}

export async function paymentSucceeded(a: AlertFields, env: AlertEnv) {
  const passthrough = parsePassthrough(a.passthrough ?? '')
  const checkoutId = required(a, 'checkout_id')
  const gross = amount(a, 'sale_gross') ?? 0
  if (passthrough.kind === 'renewal') {
    // Only a renewal the service priced and signed (see passthrough.ts): one written by the buyer renews nothing.
    if (!verifiedRenewal(env.ctx.config.secret, passthrough)) {
      env.ctx.adapters.payments?.log(
        `payments: refused the renewal paid by checkout ${checkoutId}: its passthrough is not one this service signed (check and refund the payment)`,
      )
      return 'ignored' as const
    }
    await renewLicenses(a, passthrough, env)
    return 'processed' as const
  }
  // A one-off purchase of a catalog plan (one period, no subscription); other products are not this shop's to fulfil.
  const productId = required(a, 'product_id')
  const plan = planByProviderId(productId, env.environment) ?? findPlan(productId)
  if (!plan) {
    env.ctx.adapters.payments?.log(`payments: ignored payment_succeeded for product ${productId}, not in the catalog`)
    return 'ignored' as const
  }
  const quantity = quantityOf(a)
  const { orderId } = await fulfilPurchase(
    {
      checkoutId,
      plan,
      quantity,
      ...paidBy(a),
      unitPrice: roundToCent(gross / quantity),
      paid: gross,
      expiry: addBillingPeriod(env.now, plan.billingPeriod),
    },
    env,
  )
  await recordPayment(env, {
    id: `po_${required(a, 'order_id')}`,
    subscriptionId: null,
    orderId,
    date: date(a, 'event_time') ?? env.now,
    currency: a.currency || 'USD',
    amount: gross,
    receiptUrl: a.receipt_url ?? '',
  })
  return 'processed' as const
}

function paidBy(a: AlertFields) {
  return {
    buyerEmail: required(a, 'email'),
    passthrough: a.passthrough ?? '',
    ...(a.customer_name ? { customerName: a.customer_name } : {}),
    currency: a.currency || 'USD',
    ...(a.receipt_url ? { receiptUrl: a.receipt_url } : {}),
  }
}
