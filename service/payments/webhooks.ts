/**
 * Payment webhooks (Paddle Classic alerts, form-encoded): verified by signature, applied once per alert id, each in one
 * transaction together with the record that it was seen. Mail and provider look-ups happen after the commit.
 *
 * - A completed checkout (`subscription_created` and `subscription_payment_succeeded` with `initial_payment=1`, in
 *   either order, or `payment_succeeded` for a one-off plan) creates the order, exactly `quantity` licenses and the
 *   subscription, once per checkout id. Passthrough `{name, referrer, email?, companyId?, sig?}`: an organization
 *   purchase goes to a new company named `name` with the buyer as Company Administrator, or to `companyId` when the
 *   service signed that company and buyer `email` (`passthrough.ts`, made when it checked the signed-in buyer's role)
 *   and the buyer still holds a role that may purchase for it; a personal purchase makes personal licenses owned by
 *   the buyer (`email`, else the checkout's). A passthrough naming a company whose signature does not verify was
 *   edited: neither its company nor its email is used.
 * - A renewal (`payment_succeeded` with passthrough `{renewal: [{id, owner}], coterm, sig}`, signed by the service when
 *   it priced the renewal; see passthrough.ts) extends those licenses, co-termed
 *   to one expiry (see `coterm.ts`). A renewed license of a (cancelled, personal) subscription leaves the subscription
 *   and stands alone from then on.
 * - `subscription_payment_succeeded` (later payments) extends the subscription's non-lapsing licenses to the new term;
 *   `subscription_payment_failed` marks it pastDue; `subscription_updated` applies state, plan, quantity (creating or
 *   lapsing licenses to match it), price and next bill date; `subscription_cancelled` marks it deleted.
 * - `high_risk_transaction_created` records the checkout as flagged; `high_risk_transaction_updated` records the
 *   review's outcome (accepted: the purchase alerts that follow complete it; rejected: the checkout failed).
 */
import { z } from 'zod'
import { EMAIL_PATTERN, normalizeEmail } from '../../protocol/email.js'
import type { SubscriptionState } from '../../protocol/entities.js'
import { permissionFlags, roleOf } from '../../protocol/roles.js'
import {
  findPlan,
  licenseProductName,
  licenseTypeOf,
  planByProviderId,
  type Plan,
  type ProviderEnvironment,
} from '../catalog/index.js'
import type { ServiceContext } from '../context.js'
import { newId, newLicenseKey, newOrderId } from '../db/ids.js'
import type { LicenseRow, SubscriptionRow } from '../db/schema.js'
import { cotermExpiry } from './coterm.js'
import { addUtcYears, addPeriod, termEnd } from './dates.js'
import { parseDate } from './paddle.js'
import { cancelledColumns } from '../subscriptions/cancelled.js'
import { verifiedCompanyPurchase, verifiedRenewal } from './passthrough.js'
import { round2 } from './sandbox/pricing.js'
import { verifyAlertSignature, type AlertFields } from './signature.js'
import { paymentsDb, type PaymentsTransaction } from './tables.js'
import type { PaymentsAdapter } from './types.js'
import { bareRecord, ownValue } from '../../protocol/own.js'
import { inTransaction } from '../db/transaction.js'

/** A webhook the handler refuses; `status` is what the HTTP endpoint answers (Paddle retries anything but 2xx). */
export class WebhookError extends Error {
  constructor(
    readonly status: 400 | 403 | 500 | 503,
    message: string,
  ) {
    super(message)
    this.name = 'WebhookError'
  }
}

export type WebhookResult = { outcome: 'processed' | 'duplicate' | 'ignored'; alertName: string }

const SUBSCRIPTION_STATES: Record<string, SubscriptionState> = {
  active: 'active',
  trialing: 'active',
  past_due: 'pastDue',
  paused: 'paused',
  deleted: 'deleted',
}

const PurchasePassthrough = z.object({
  name: z.string().max(200).optional(),
  referrer: z.string().max(500).optional(),
  email: z.string().max(254).optional(),
  companyId: z.string().max(200).optional(),
  sig: z.string().max(200).optional(),
})
type PurchasePassthrough = z.infer<typeof PurchasePassthrough>

const RenewalPassthrough = z.object({
  renewal: z.array(z.object({ id: z.string().min(1), owner: z.string() })).min(1),
  coterm: z.boolean().default(true),
  sig: z.string().max(200).optional(),
})
export type RenewalPassthrough = z.infer<typeof RenewalPassthrough>

type Passthrough = ({ kind: 'purchase' } & PurchasePassthrough) | ({ kind: 'renewal' } & RenewalPassthrough)

/** Reads a checkout passthrough; anything unreadable is an empty purchase passthrough (the alert's own data is used). */
export function parsePassthrough(text: string): Passthrough {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'purchase' }
  }
  const renewal = RenewalPassthrough.safeParse(value)
  if (renewal.success) return { kind: 'renewal', ...renewal.data }
  const purchase = PurchasePassthrough.safeParse(value)
  return purchase.success ? { kind: 'purchase', ...purchase.data } : { kind: 'purchase' }
}

type Effects = {
  mails: Array<{ to: string; subject: string; text: string }>
  /** Provider subscription ids whose payment method to read back after the commit. */
  refresh: Set<string>
}

type Env = {
  trx: PaymentsTransaction
  ctx: ServiceContext
  environment: ProviderEnvironment
  now: number
  effects: Effects
}

/** Verifies and applies one alert. Throws WebhookError for what the endpoint must refuse. */
export async function handleWebhookAlert(fields: Record<string, unknown>, ctx: ServiceContext): Promise<WebhookResult> {
  const payments = ctx.adapters.payments
  if (!payments) throw new WebhookError(500, 'No payment provider is configured.')
  const publicKey = payments.provider.webhookPublicKey()
  if (!publicKey) throw new WebhookError(500, 'Webhooks cannot be verified: PADDLE_PUBLIC_KEY is not set.')
  if (!verifyAlertSignature(fields, publicKey)) throw new WebhookError(403, 'The webhook signature is not valid.')

  const alert: AlertFields = bareRecord()
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') alert[key] = value
  const alertId = alert.alert_id
  const alertName = alert.alert_name
  if (!alertId || !alertName) throw new WebhookError(400, 'The webhook has no alert_id or alert_name.')

  const effects: Effects = { mails: [], refresh: new Set() }
  const now = ctx.now()
  const db = paymentsDb(ctx.db)
  const outcome = await inTransaction(db, async (trx) => {
    // A transaction run again (PostgreSQL, after a lost race) starts with no effects of the attempt that rolled back.
    effects.mails.length = 0
    effects.refresh.clear()
    const seen = await trx
      .insertInto('webhook_events')
      .values({ alert_id: alertId, alert_name: alertName, received_at: now })
      .onConflict((oc) => oc.column('alert_id').doNothing())
      .executeTakeFirst()
    if (Number(seen.numInsertedOrUpdatedRows ?? 0n) === 0) return 'duplicate' as const
    return applyAlert(alert, { trx, ctx, environment: payments.provider.environment, now, effects })
  })
  if (outcome !== 'duplicate') await afterCommit(effects, ctx, payments)
  return { outcome, alertName }
}

async function afterCommit(effects: Effects, ctx: ServiceContext, payments: PaymentsAdapter) {
  for (const mail of effects.mails) {
    try {
      await ctx.mailer.send(mail)
    } catch (err) {
      payments.log(`payments: could not send "${mail.subject}" to ${mail.to}: ${String(err)}`)
    }
  }
  for (const providerId of effects.refresh) {
    await refreshPaymentMethod(providerId, ctx, payments)
  }
}

/** Reads a subscription's payment method and update URL back from the provider (alerts do not carry them). */
async function refreshPaymentMethod(providerId: string, ctx: ServiceContext, payments: PaymentsAdapter) {
  try {
    const info = await payments.provider.getSubscription(providerId)
    await ctx.db
      .updateTable('subscriptions')
      .set({
        payment_method: info.paymentMethod === 'paypal' ? 'paypal' : 'card',
        card_type: info.cardType ?? null,
        last_four: info.lastFourDigits ?? null,
        card_expiry: info.cardExpiry ?? null,
        ...(info.updateUrl ? { update_url: info.updateUrl } : {}),
        updated_at: ctx.now(),
      })
      .where('provider_subscription_id', '=', providerId)
      .execute()
  } catch (err) {
    payments.log(`payments: could not read the payment method of subscription ${providerId}: ${String(err)}`)
  }
}

async function applyAlert(a: AlertFields, env: Env): Promise<'processed' | 'ignored'> {
  switch (a.alert_name) {
    case 'subscription_created':
      return subscriptionCreated(a, env)
    case 'subscription_payment_succeeded':
      return subscriptionPaymentSucceeded(a, env)
    case 'payment_succeeded':
      return paymentSucceeded(a, env)
    case 'subscription_payment_failed':
      return subscriptionPaymentFailed(a, env)
    case 'subscription_updated':
      return subscriptionUpdated(a, env)
    case 'subscription_cancelled':
      return subscriptionCancelled(a, env)
    case 'high_risk_transaction_created':
      return highRiskCreated(a, env)
    case 'high_risk_transaction_updated':
      return highRiskUpdated(a, env)
    default:
      return 'ignored'
  }
}

// ---------------------------------------------------------------------------------------------------- field readers

function required(a: AlertFields, key: string): string {
  const value = a[key]
  if (value === undefined || value === '') throw new WebhookError(400, `The ${a.alert_name} alert has no ${key}.`)
  return value
}

function amount(a: AlertFields, key: string): number | undefined {
  if (a[key] === undefined || a[key] === '') return undefined
  const n = Number(a[key])
  if (!Number.isFinite(n)) throw new WebhookError(400, `The ${a.alert_name} alert's ${key} is not a number.`)
  return n
}

function date(a: AlertFields, key: string): number | undefined {
  if (!a[key]) return undefined
  try {
    return parseDate(a[key])
  } catch {
    throw new WebhookError(400, `The ${a.alert_name} alert's ${key} is not a date.`)
  }
}

function quantityOf(a: AlertFields, key = 'quantity'): number {
  const q = Number(a[key] ?? '1')
  if (!Number.isInteger(q) || q < 1 || q > 1000)
    throw new WebhookError(400, `The ${a.alert_name} alert's ${key} is not valid.`)
  return q
}

function planFor(id: string, env: Env): Plan {
  const plan = planByProviderId(id, env.environment) ?? findPlan(id)
  // A paid plan the catalog does not know must not be dropped: the alert fails and the provider retries it.
  if (!plan) throw new WebhookError(500, `The product ${id} is not in the catalog (service/catalog/catalog.ts).`)
  return plan
}

async function subscriptionByProviderId(env: Env, providerId: string): Promise<SubscriptionRow | undefined> {
  return env.trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', providerId)
    .executeTakeFirst()
}

async function requireSubscription(a: AlertFields, env: Env): Promise<SubscriptionRow> {
  const providerId = required(a, 'subscription_id')
  const row = await subscriptionByProviderId(env, providerId)
  // Alerts can arrive out of order: one about a subscription not created yet is answered "try again later".
  if (!row) throw new WebhookError(503, `The subscription ${providerId} is not known yet.`)
  return row
}

// ---------------------------------------------------------------------------------------------------- purchases

type Purchase = {
  checkoutId: string
  plan: Plan
  quantity: number
  buyerEmail: string
  passthrough: string
  customerName?: string
  currency: string
  unitPrice: number
  /** What the customer paid for the order (sale gross). */
  paid?: number
  receiptUrl?: string
  subscription?: {
    providerId: string
    state: SubscriptionState
    nextBillDate: number
    nextPaymentAmount?: number
    updateUrl?: string
  }
  /** Licenses without a subscription end here. */
  expiry?: number
}

async function subscriptionCreated(a: AlertFields, env: Env) {
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
        state: ownValue(SUBSCRIPTION_STATES, a.status ?? '') ?? 'active',
        nextBillDate,
        ...(a.update_url ? { updateUrl: a.update_url } : {}),
      },
    },
    env,
  )
  env.effects.refresh.add(a.subscription_id)
  return 'processed' as const
}

async function subscriptionPaymentSucceeded(a: AlertFields, env: Env) {
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
        buyerEmail: required(a, 'email'),
        passthrough: a.passthrough ?? '',
        ...(a.customer_name ? { customerName: a.customer_name } : {}),
        currency: a.currency || 'USD',
        unitPrice: amount(a, 'unit_price') ?? plan.listPrice,
        ...(gross !== undefined ? { paid: gross } : {}),
        ...(a.receipt_url ? { receiptUrl: a.receipt_url } : {}),
        subscription: {
          providerId,
          state: ownValue(SUBSCRIPTION_STATES, a.status ?? '') ?? 'active',
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

async function paymentSucceeded(a: AlertFields, env: Env) {
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
  // A one-off purchase of a catalog plan: licenses for one billing period, no subscription. A one-off product the
  // catalog does not sell (the provider account may sell other things) is not this shop's to fulfil.
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
      buyerEmail: required(a, 'email'),
      passthrough: a.passthrough ?? '',
      ...(a.customer_name ? { customerName: a.customer_name } : {}),
      currency: a.currency || 'USD',
      unitPrice: round2(gross / quantity),
      paid: gross,
      ...(a.receipt_url ? { receiptUrl: a.receipt_url } : {}),
      expiry: addPeriod(env.now, plan.billingPeriod),
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

/**
 * Creates the order, `quantity` licenses and (for a subscription plan) the subscription of a completed checkout, once
 * per checkout id; a second alert about the same checkout only fills in what the first lacked.
 */
async function fulfilPurchase(p: Purchase, env: Env): Promise<{ orderId: string; subscriptionId: string | null }> {
  const { trx, now } = env
  const existing = await trx
    .selectFrom('orders')
    .select(['id', 'receipt_url'])
    .where('provider_checkout_id', '=', p.checkoutId)
    .executeTakeFirst()
  if (existing) {
    if (p.receiptUrl && !existing.receipt_url) {
      await trx
        .updateTable('orders')
        .set({ receipt_url: p.receiptUrl, ...(p.paid !== undefined ? { amount: p.paid } : {}) })
        .where('id', '=', existing.id)
        .execute()
    }
    let subscriptionId: string | null = null
    if (p.subscription) {
      const sub = await subscriptionByProviderId(env, p.subscription.providerId)
      if (sub) {
        subscriptionId = sub.id
        await trx
          .updateTable('subscriptions')
          .set({
            ...(p.subscription.updateUrl ? { update_url: p.subscription.updateUrl } : {}),
            ...(p.subscription.nextPaymentAmount !== undefined
              ? { next_payment_amount: p.subscription.nextPaymentAmount }
              : {}),
            updated_at: now,
          })
          .where('id', '=', sub.id)
          .execute()
      }
    }
    return { orderId: existing.id, subscriptionId }
  }

  const pass = parsePassthrough(p.passthrough)
  const purchase: PurchasePassthrough = pass.kind === 'purchase' ? pass : {}
  // A company purchase is only what the service signed; an edited one is an ordinary purchase by the checkout's buyer.
  const forCompany = purchase.companyId ? verifiedCompanyPurchase(env.ctx.config.secret, purchase) : null
  const tampered = Boolean(purchase.companyId) && !forCompany
  if (tampered) {
    env.ctx.adapters.payments?.log(
      `payments: checkout ${p.checkoutId} names company ${purchase.companyId} without a valid signature; ignored`,
    )
  }
  const passEmail = forCompany ? forCompany.email : purchase.email && !tampered ? normalizeEmail(purchase.email) : ''
  const ownerEmail = EMAIL_PATTERN.test(passEmail) ? passEmail : normalizeEmail(p.buyerEmail)
  const customerName = purchase.name?.trim() || p.customerName?.trim() || ownerEmail
  await trx
    .insertInto('accounts')
    .values({ email: ownerEmail, admin: 0, logon_link: 'default', github_id: null, google_id: null, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()

  let owner = ownerEmail
  let companyId: string | null = null
  if (p.plan.type === 'organization') {
    // The buyer's role is checked again now: it may have been taken away since the checkout was opened.
    if (forCompany && (await mayPurchaseFor(trx, forCompany.email, forCompany.companyId))) {
      companyId = forCompany.companyId
    } else {
      companyId = newId('co')
      await trx.insertInto('companies').values({ id: companyId, name: customerName, created_at: now }).execute()
      await trx
        .insertInto('company_permissions')
        .values({ company_id: companyId, email: ownerEmail, permissions: 'ADMIN', created_at: now })
        .execute()
    }
    owner = companyId
  }

  const orderId = await unusedOrderId(trx)
  const total = p.paid ?? round2(p.unitPrice * p.quantity)
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      owner,
      company_id: companyId,
      customer_name: customerName,
      customer_email: normalizeEmail(p.buyerEmail),
      referrer: purchase.referrer?.trim() || null,
      currency: p.currency,
      amount: total,
      provider_checkout_id: p.checkoutId,
      receipt_url: p.receiptUrl ?? null,
      created_at: now,
    })
    .execute()

  let subscriptionId: string | null = null
  let expiration = p.expiry ?? addUtcYears(now, 1)
  if (p.subscription) {
    subscriptionId = newId('sub')
    const active = p.subscription.state === 'active' || p.subscription.state === 'pastDue'
    expiration = termEnd(p.subscription.nextBillDate)
    await trx
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        owner,
        company_id: companyId,
        state: p.subscription.state,
        product_name: licenseProductName(p.plan),
        product_group: p.plan.product.group,
        plan_id: p.plan.providerIds[env.environment],
        billing_period: p.plan.billingPeriod,
        quantity: p.quantity,
        next_payment_date: active ? p.subscription.nextBillDate : null,
        next_payment_amount: active ? (p.subscription.nextPaymentAmount ?? round2(p.unitPrice * p.quantity)) : null,
        currency: p.currency,
        unit_price: p.unitPrice,
        payment_method: null,
        card_type: null,
        last_four: null,
        card_expiry: null,
        update_url: p.subscription.updateUrl ?? null,
        special_offer: null,
        pending_change: null,
        provider_subscription_id: p.subscription.providerId,
        order_id: orderId,
        created_at: now,
        updated_at: now,
      })
      .execute()
  }

  await trx
    .insertInto('licenses')
    .values(
      Array.from({ length: p.quantity }, (_, i) => ({
        id: newId('lic'),
        owner,
        company_id: companyId,
        order_id: orderId,
        license_key: newLicenseKey(p.plan.product.group),
        key_number: i + 1,
        product_name: licenseProductName(p.plan),
        product_group: p.plan.product.group,
        license_type: licenseTypeOf(p.plan),
        expiration,
        assigned_to: '',
        is_multi_user: 0,
        trial: 0,
        promotional: 0,
        subscription_id: subscriptionId,
        billing_period: subscriptionId ? p.plan.billingPeriod : null,
        lapsing: 0,
        created_at: now,
      })),
    )
    .execute()

  const count = p.quantity === 1 ? '1 license' : `${p.quantity} licenses`
  env.effects.mails.push({
    to: ownerEmail,
    subject: `Your ${p.plan.product.name} ${p.quantity === 1 ? 'license is' : 'licenses are'} ready`,
    text: [
      `Thank you for your purchase (order ${orderId}).`,
      '',
      `${count} of ${p.plan.product.name} ${p.quantity === 1 ? 'is' : 'are'} ready${
        companyId ? ` for ${customerName}` : ''
      }. Sign in to see, assign and manage them:`,
      '',
      `${env.ctx.config.publicUrl}/?email=${encodeURIComponent(ownerEmail)}`,
    ].join('\n'),
  })
  return { orderId, subscriptionId }
}

/** May this address buy for the company (a role that can renew: Company or Reseller Administrator, Reseller Manager)? */
async function mayPurchaseFor(trx: PaymentsTransaction, email: string, companyId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('company_permissions')
    .select('permissions')
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .executeTakeFirst()
  return row ? permissionFlags(roleOf(row.permissions.split(','))).canRenew : false
}

async function unusedOrderId(trx: PaymentsTransaction): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const id = newOrderId()
    const taken = await trx.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()
    if (!taken) return id
  }
  throw new Error('could not find an unused order number')
}

async function recordPayment(
  env: Env,
  p: {
    id: string
    subscriptionId: string | null
    orderId: string
    date: number
    currency: string
    amount: number
    receiptUrl: string
  },
) {
  await env.trx
    .insertInto('payments')
    .values({
      id: p.id,
      subscription_id: p.subscriptionId,
      order_id: p.orderId,
      date: p.date,
      currency: p.currency,
      amount: p.amount,
      receipt_url: p.receiptUrl,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

// ---------------------------------------------------------------------------------------------------- renewals

async function renewLicenses(a: AlertFields, pass: RenewalPassthrough, env: Env) {
  const { trx, now } = env
  const checkoutId = required(a, 'checkout_id')
  const done = await trx
    .selectFrom('orders')
    .select('id')
    .where('provider_checkout_id', '=', checkoutId)
    .executeTakeFirst()
  if (done) return
  const ids = pass.renewal.map((r) => r.id)
  const rows = await trx.selectFrom('licenses').selectAll().where('id', 'in', ids).execute()
  // Only the licenses the renewal named, with the owner it named (a license moved since is not renewed here).
  const licenses = rows.filter((row) => pass.renewal.some((r) => r.id === row.id && r.owner === row.owner))
  if (licenses.length === 0)
    throw new WebhookError(500, `The renewal of checkout ${checkoutId} names no known license.`)

  const expiries = renewedExpiries(licenses, pass.coterm, now)
  for (const license of licenses) {
    // The renewal service only lets a license of a cancelled personal subscription be renewed (renewalRefusal): paid
    // for on its own, it leaves the subscription, which no longer renews it, and stands alone with its new expiry.
    const detach = license.subscription_id !== null ? { subscription_id: null, billing_period: null, lapsing: 0 } : {}
    await trx
      .updateTable('licenses')
      .set({ expiration: expiries.get(license.id)!, ...detach })
      .where('id', '=', license.id)
      .execute()
  }
  const first = licenses[0]
  const orderId = await unusedOrderId(trx)
  const gross = amount(a, 'sale_gross') ?? 0
  const buyer = normalizeEmail(required(a, 'email'))
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      owner: first.owner,
      company_id: first.company_id,
      customer_name: a.customer_name?.trim() || buyer,
      customer_email: buyer,
      referrer: null,
      currency: a.currency || 'USD',
      amount: gross,
      provider_checkout_id: checkoutId,
      receipt_url: a.receipt_url || null,
      created_at: now,
    })
    .execute()
  await recordPayment(env, {
    id: `po_${required(a, 'order_id')}`,
    subscriptionId: null,
    orderId,
    date: date(a, 'event_time') ?? now,
    currency: a.currency || 'USD',
    amount: gross,
    receiptUrl: a.receipt_url ?? '',
  })
  const until = new Date(Math.max(...expiries.values())).toISOString().slice(0, 10)
  env.effects.mails.push({
    to: buyer,
    subject: `${licenses.length === 1 ? 'Your license has' : `${licenses.length} licenses have`} been renewed`,
    text: [
      `Thank you for renewing (order ${orderId}).`,
      '',
      `${licenses.map((l) => `${l.product_name} (order ${l.order_id}, key ${l.key_number})`).join('\n')}`,
      '',
      `${pass.coterm ? 'They now all expire on' : 'The latest now expires on'} ${until}. Editors pick up a renewal within an hour.`,
    ].join('\n'),
  })
}

/** The new expiry of each renewed license: co-termed to one date, or each one year on from its own expiry (or now). */
export function renewedExpiries(licenses: Pick<LicenseRow, 'id' | 'expiration'>[], coterm: boolean, now: number) {
  const result = new Map<string, number>()
  if (coterm) {
    const expiry = cotermExpiry(
      licenses.map((l) => Number(l.expiration)),
      now,
    )
    for (const l of licenses) result.set(l.id, expiry)
  } else {
    for (const l of licenses) result.set(l.id, addUtcYears(Math.max(now, Number(l.expiration)), 1))
  }
  return result
}

// ---------------------------------------------------------------------------------------------------- subscriptions

async function subscriptionPaymentFailed(a: AlertFields, env: Env) {
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
  return 'processed' as const
}

async function subscriptionUpdated(a: AlertFields, env: Env) {
  const sub = await requireSubscription(a, env)
  const state = ownValue(SUBSCRIPTION_STATES, a.status ?? '') ?? sub.state
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
  env.effects.refresh.add(sub.provider_subscription_id ?? required(a, 'subscription_id'))
  return 'processed' as const
}

/**
 * Makes the subscription's non-lapsing licenses number exactly `quantity`: more seats first take back lapsing licenses
 * that have not ended, then add new licenses to the current term; fewer seats mark the extra licenses lapsing (they end
 * at term end), unassigned ones first, then the highest key numbers. A caller that lets the user choose which licenses
 * lapse marks them before the provider's change arrives; then nothing is left to choose here.
 */
export async function reconcileQuantity(env: Pick<Env, 'trx' | 'now'>, sub: SubscriptionRow, quantity: number) {
  const { trx, now } = env
  const licenses = await trx
    .selectFrom('licenses')
    .selectAll()
    .where('subscription_id', '=', sub.id)
    .orderBy('key_number')
    .execute()
  const active = licenses.filter((l) => l.lapsing === 0)
  if (active.length < quantity) {
    let missing = quantity - active.length
    const revivable = licenses.filter((l) => l.lapsing === 1 && Number(l.expiration) > now)
    for (const license of revivable.slice(0, missing)) {
      await trx.updateTable('licenses').set({ lapsing: 0 }).where('id', '=', license.id).execute()
      missing--
    }
    if (missing > 0) {
      const expiration = Math.max(
        sub.next_payment_date !== null ? termEnd(Number(sub.next_payment_date)) : now,
        ...licenses.map((l) => Number(l.expiration)),
      )
      const nextKey = Math.max(0, ...licenses.map((l) => l.key_number)) + 1
      await trx
        .insertInto('licenses')
        .values(
          Array.from({ length: missing }, (_, i) => ({
            id: newId('lic'),
            owner: sub.owner,
            company_id: sub.company_id,
            order_id: sub.order_id,
            license_key: newLicenseKey(sub.product_group),
            key_number: nextKey + i,
            product_name: sub.product_name,
            product_group: sub.product_group,
            license_type: sub.company_id ? ('company' as const) : ('personal' as const),
            expiration,
            assigned_to: '',
            is_multi_user: 0,
            trial: 0,
            promotional: 0,
            subscription_id: sub.id,
            billing_period: sub.billing_period,
            lapsing: 0,
            created_at: now,
          })),
        )
        .execute()
    }
  } else if (active.length > quantity) {
    const order = [...active].sort(
      (x, y) => Number(x.assigned_to !== '') - Number(y.assigned_to !== '') || y.key_number - x.key_number,
    )
    for (const license of order.slice(0, active.length - quantity)) {
      await trx.updateTable('licenses').set({ lapsing: 1 }).where('id', '=', license.id).execute()
    }
  }
}

async function subscriptionCancelled(a: AlertFields, env: Env) {
  const providerId = required(a, 'subscription_id')
  const sub = await subscriptionByProviderId(env, providerId)
  // A platform administrator's removeSubscription cancels at the provider, then deletes the subscription: its alert
  // may arrive afterwards, with nothing left to cancel. (Asking the provider to retry would never succeed.)
  if (!sub) {
    env.ctx.adapters.payments?.log(`payments: ignored subscription_cancelled for unknown subscription ${providerId}`)
    return 'ignored' as const
  }
  await env.trx.updateTable('subscriptions').set(cancelledColumns(env.now)).where('id', '=', sub.id).execute()
  return 'processed' as const
}

// ---------------------------------------------------------------------------------------------------- flagged orders

async function highRiskCreated(a: AlertFields, env: Env) {
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

async function highRiskUpdated(a: AlertFields, env: Env) {
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
