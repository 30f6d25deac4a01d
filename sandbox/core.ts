// What the sandbox provider's parts share: store, options, subscriptions, payments and their ids.
import crypto from 'node:crypto'
import { normalizeEmail } from '../protocol/shared/email.js'
import { findPlan, type Plan } from '../config/catalog/index.js'
import type { DB } from '../service/db/database.js'
import { inTransaction } from '../service/db/transaction.js'
import { ServiceError } from '../service/dispatch/errors.js'
import type { AlertFields } from '../service/payments/signature.js'
import type { SandboxCheckoutTable, SandboxPaymentTable, SandboxSubscriptionTable } from '../service/payments/tables.js'
import type { KeyPair } from './keys.js'
import type { PriceAmounts } from '../service/payments/provider.js'
import { amounts, totalFor } from './pricing.js'
import { roundToCent } from '../protocol/shared/money.js'
import { planTitle as titleOfPlan, planTypeWords } from '../protocol/catalog/products.js'

export type SandboxOptions = {
  db: DB
  now: () => number
  log: (line: string) => void
  keys: KeyPair
  /** The service secret: pay links are signed with a key derived from it. */
  secret: Buffer
  /** Delivers a signed alert to the service's webhook handler. */
  deliver: (alert: AlertFields) => Promise<void>
  /** Approve flagged orders by themselves after this long (default: only from the review page). */
  reviewDelayMs?: number
}

export type SandboxCheckout = SandboxCheckoutTable
export type SandboxSubscription = SandboxSubscriptionTable
export type SandboxPayment = SandboxPaymentTable

/** The sandbox's state: its options, the store seen with the payment tables, and the key its pay links are signed with. */
export type Sandbox = { readonly options: SandboxOptions; readonly db: DB; readonly linkKey: Buffer }

export async function findSubscription(sb: Sandbox, id: string): Promise<SandboxSubscription | undefined> {
  const own = await sb.db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).executeTakeFirst()
  return own ?? (await adopt(sb, id))
}

export async function requireSubscription(sb: Sandbox, id: string): Promise<SandboxSubscription> {
  const sub = await findSubscription(sb, id)
  if (!sub) throw providerError(`The subscription ${id} does not exist.`)
  return sub
}

/** Takes over a subscription that exists only in the vendor's store (the demo data), with its payments. */
export async function adopt(sb: Sandbox, providerId: string): Promise<SandboxSubscription | undefined> {
  const vendor = await sb.db
    .selectFrom('subscriptions')
    .innerJoin('orders', 'orders.id', 'subscriptions.order_id')
    .selectAll('subscriptions')
    .select([
      'orders.customer_email as customerEmail',
      'orders.customer_name as customerName',
      'orders.referrer as referrer',
      'orders.provider_checkout_id as checkoutId',
    ])
    .where('subscriptions.provider_subscription_id', '=', providerId)
    .executeTakeFirst()
  if (!vendor) return undefined
  const expiry = await sb.db
    .selectFrom('licenses')
    .select((eb) => eb.fn.max('expiration').as('latest'))
    .where('subscription_id', '=', vendor.id)
    .executeTakeFirst()
  const state: SandboxSubscription['state'] =
    vendor.state === 'pastDue'
      ? 'past_due'
      : vendor.state === 'paused'
        ? 'paused'
        : vendor.state === 'deleted'
          ? 'deleted'
          : 'active'
  const plan = findPlan(vendor.plan_id)
  const row: SandboxSubscription = {
    id: providerId,
    checkout_id: vendor.checkoutId ?? '',
    plan_id: plan ? plan.providerIds.sandbox : vendor.plan_id,
    user_id: userIdOf(vendor.customerEmail),
    quantity: vendor.quantity,
    state,
    email: vendor.customerEmail,
    currency: vendor.currency,
    unit_price: vendor.unit_price,
    // The vendor's store keeps what the customer pays; taken over as it is.
    tax_percent: 0,
    next_bill_date: Number(vendor.next_payment_date ?? expiry?.latest ?? vendor.updated_at),
    paused_at: state === 'paused' ? Number(vendor.updated_at) : null,
    paused_from: state === 'paused' ? Number(vendor.updated_at) : null,
    payment_method: vendor.payment_method ?? 'card',
    card_type: vendor.card_type,
    last_four: vendor.last_four,
    card_expiry: vendor.card_expiry,
    passthrough: JSON.stringify({
      name: vendor.customerName,
      ...(vendor.referrer ? { referrer: vendor.referrer } : {}),
    }),
    created_at: Number(vendor.created_at),
    updated_at: Number(vendor.updated_at),
  }
  const payments = await sb.db.selectFrom('payments').selectAll().where('subscription_id', '=', vendor.id).execute()
  await inTransaction(sb.db, async (trx) => {
    await trx
      .insertInto('sandbox_subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    for (const p of payments) {
      await trx
        .insertInto('sandbox_payments')
        .values({
          id: p.id,
          subscription_id: providerId,
          checkout_id: vendor.checkoutId,
          order_id: p.order_id ?? vendor.order_id,
          description: vendor.product_name,
          quantity: vendor.quantity,
          amount: p.amount,
          tax: 0,
          currency: p.currency,
          date: Number(p.date),
          is_paid: 1,
          one_off: 0,
          customer_email: vendor.customerEmail,
          customer_name: vendor.customerName,
          country: 'US',
          card_type: vendor.card_type,
          last_four: vendor.last_four,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
    }
  })
  return sb.db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', providerId).executeTakeFirst()
}

type Priced = Pick<SandboxSubscription, 'unit_price' | 'tax_percent' | 'quantity'>

/** One license for one term as the customer pays it: the net price with their country's tax. */
export function unitCharge(sub: Priced): PriceAmounts {
  return amounts(sub.unit_price, sub.tax_percent)
}

/** One term of the subscription as the customer pays it: each license's price with tax, times the seats. */
export function termCharge(sub: Priced): PriceAmounts {
  return totalFor(unitCharge(sub), sub.quantity)
}

/** A net amount (a prorated charge) with the subscription's tax on top. */
export function withTax(net: number, sub: Priced): PriceAmounts {
  return amounts(net, sub.tax_percent)
}

/** An amount the customer pays, tax included (a one-off charge at a gross price), split into net and tax. */
export function fromGross(gross: number, sub: Priced): PriceAmounts {
  const net = roundToCent(gross / (1 + sub.tax_percent / 100))
  return { net, tax: roundToCent(gross - net), gross: roundToCent(gross) }
}

/** The next payment as the provider answers it: the amount the customer will pay, tax included. */
export function nextPaymentOf(sub: SandboxSubscription) {
  return { amount: termCharge(sub).gross, currency: sub.currency, date: sub.next_bill_date }
}

export function paymentFor(
  sub: SandboxSubscription,
  charge: PriceAmounts,
  plan: Plan | undefined,
  now: number,
  oneOff: 0 | 1,
): SandboxPayment {
  return {
    id: unusedPaymentId(),
    subscription_id: sub.id,
    checkout_id: sub.checkout_id || null,
    order_id: `${crypto.randomInt(10_000_000, 99_999_999)}-${crypto.randomInt(1_000_000, 9_999_999)}`,
    description: plan ? planTitle(plan) : sub.plan_id,
    quantity: sub.quantity,
    amount: charge.gross,
    tax: charge.tax,
    currency: sub.currency,
    date: now,
    is_paid: 1,
    one_off: oneOff,
    customer_email: sub.email,
    customer_name: customerNameOf(sub.passthrough, sub.email),
    country: 'US',
    card_type: sub.card_type,
    last_four: sub.last_four,
  }
}

export function providerError(message: string): ServiceError {
  return new ServiceError('PROVIDER_ERROR', message)
}

/** "Wallaby.js Organization, yearly" */
export function planTitle(plan: Plan): string {
  return titleOfPlan(plan.product.name, planTypeWords[plan.type], plan.billingPeriod)
}

/** A new provider subscription id (8 digits), unused by the sandbox and by the vendor's store (the demo's have 7). */
export async function unusedSubscriptionId(db: Pick<DB, 'selectFrom'>): Promise<string> {
  for (;;) {
    const id = String(crypto.randomInt(10_000_000, 99_999_999))
    const own = await db.selectFrom('sandbox_subscriptions').select('id').where('id', '=', id).executeTakeFirst()
    const vendor = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('provider_subscription_id', '=', id)
      .executeTakeFirst()
    if (!own && !vendor) return id
  }
}

export function unusedPaymentId(): string {
  // Nine digits: never the demo data's `pay_…` ids, which the receipt page also serves.
  return String(crypto.randomInt(100_000_000, 999_999_999))
}

export function userIdOf(email: string): string {
  return String(parseInt(crypto.createHash('sha1').update(normalizeEmail(email)).digest('hex').slice(0, 7), 16))
}

export function customerNameOf(passthrough: string, email: string): string {
  try {
    const value = JSON.parse(passthrough) as { name?: unknown }
    if (typeof value.name === 'string' && value.name.trim()) return value.name.trim()
  } catch {
    // not JSON: no name in it
  }
  return email
}

export function updateUrlOf(subscriptionId: string): string {
  return `/sandbox/update-payment/${subscriptionId}`
}
