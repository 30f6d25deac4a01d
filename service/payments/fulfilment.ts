// A completed checkout becomes the order, its licenses and subscription, once per checkout id.
import { EMAIL_PATTERN, normalizeEmail } from '../../protocol/shared/email.js'
import type { SubscriptionState } from '../../protocol/entities.js'
import { labelled, oneLine, quoted } from '../../protocol/shared/text.js'
import { licenseProductName, licenseTypeOf, type Plan } from '../../config/catalog/index.js'
import { newId, newLicenseKey, newOrderId } from '../db/ids.js'
import { flagsIn, permissionColumn } from '../auth/policy.js'
import { COMPANY_ADMINISTRATOR, roleCodes } from '../../protocol/permissions/roles.js'
import { addUtcYears, termEnd } from './dates.js'
import { parsePassthrough, subscriptionByProviderId, type AlertEnv, type PurchasePassthrough } from './alerts.js'
import { verifiedCompanyPurchase } from './passthrough.js'
import { roundToCent } from '../../protocol/shared/money.js'
import { PAYMENT_PROVIDER } from '../../protocol/activity/activity.js'
import { recordActivity } from '../activity/log.js'
import { countOf } from '../../protocol/shared/words.js'
import { SEAT_QUEUE, serveFreedSeats } from '../directory/queue.js'
import type { Database } from '../db/schema.js'
import type { Transaction } from 'kysely'

export type Purchase = {
  checkoutId: string
  plan: Plan
  quantity: number
  buyerEmail: string
  passthrough: string
  customerName?: string
  currency: string
  unitPrice: number
  /** Sale gross. */
  paid?: number
  receiptUrl?: string
  subscription?: {
    providerId: string
    state: SubscriptionState
    nextBillDate: number
    nextPaymentAmount?: number
    updateUrl?: string
  }
  expiry?: number
}

/** A second alert about the same checkout only fills in what the first lacked. */
export async function fulfilPurchase(p: Purchase, env: AlertEnv): Promise<Fulfilled> {
  const { trx, now } = env
  const existing = await trx
    .selectFrom('orders')
    .select(['id', 'receipt_url'])
    .where('provider_checkout_id', '=', p.checkoutId)
    .executeTakeFirst()
  if (existing) return completeKnownOrder(existing, p, env)

  const buyer = await resolveBuyer(p, env)
  const orderId = await unusedOrderId(trx)
  const total = p.paid ?? roundToCent(p.unitPrice * p.quantity)
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      owner: buyer.owner,
      company_id: buyer.companyId,
      customer_name: buyer.customerName,
      customer_email: normalizeEmail(p.buyerEmail),
      referrer: buyer.referrer,
      currency: p.currency,
      amount: total,
      provider_checkout_id: p.checkoutId,
      receipt_url: p.receiptUrl ?? null,
      created_at: now,
    })
    .execute()
  const subscriptionId = p.subscription ? await insertSubscription(p, p.subscription, buyer, orderId, env) : null
  const expiration = p.subscription ? termEnd(p.subscription.nextBillDate) : (p.expiry ?? addUtcYears(now, 1))
  await insertLicenses(p, buyer, { orderId, subscriptionId, expiration }, env)
  const licenses = `${countOf(p.quantity, 'license')} of ${p.plan.product.name}`
  await recordActivity(trx, {
    kind: subscriptionId ? 'subscription' : 'license',
    actor: PAYMENT_PROVIDER,
    companyId: buyer.companyId,
    account: buyer.companyId ? null : buyer.owner,
    summary: subscriptionId
      ? `created subscription ${subscriptionId} with ${licenses} (order ${orderId}) for ${buyer.ownerEmail}`
      : `added ${licenses} (order ${orderId}) for ${buyer.ownerEmail}`,
    people: [buyer.ownerEmail],
    at: now,
  })
  env.effects.mails.push(readyMail(p, buyer, orderId, env))
  // Seats bought for a company go first to the people waiting for one.
  if (buyer.companyId) {
    const queued = await serveFreedSeats(
      trx,
      [{ company_id: buyer.companyId, product_group: p.plan.product.group }],
      now,
      { log: PAYMENT_PROVIDER, mail: SEAT_QUEUE },
      env.ctx.config.publicUrl,
    )
    env.effects.mails.push(...queued)
  }
  return { orderId, subscriptionId }
}

type Fulfilled = { orderId: string; subscriptionId: string | null }

type Buyer = {
  ownerEmail: string
  customerName: string
  owner: string
  companyId: string | null
  referrer: string | null
}

async function completeKnownOrder(
  existing: { id: string; receipt_url: string | null },
  p: Purchase,
  env: AlertEnv,
): Promise<Fulfilled> {
  const { trx, now } = env
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

/** For an organization plan, finds or creates the company the licenses go to. */
async function resolveBuyer(p: Purchase, env: AlertEnv): Promise<Buyer> {
  const { trx, now } = env
  const pass = parsePassthrough(p.passthrough)
  const purchase: PurchasePassthrough = pass.kind === 'purchase' ? pass : {}
  // A company purchase is only what the service signed; an edited one is an ordinary purchase by the checkout's buyer.
  const forCompany = purchase.companyId ? verifiedCompanyPurchase(env.ctx.config.secret, purchase) : null
  const tampered = Boolean(purchase.companyId) && !forCompany
  if (tampered) {
    env.ctx.adapters.payments?.log(
      `payments: checkout ${quoted(p.checkoutId)} names company ${quoted(purchase.companyId ?? '')} without a valid signature; ignored`,
    )
  }
  const passEmail = forCompany ? forCompany.email : purchase.email && !tampered ? normalizeEmail(purchase.email) : ''
  const ownerEmail = EMAIL_PATTERN.test(passEmail) ? passEmail : normalizeEmail(p.buyerEmail)
  // Text from outside (the checkout's passthrough, the provider's customer name): one line.
  const customerName = oneLine(purchase.name ?? '', 200) || oneLine(p.customerName ?? '', 200) || ownerEmail
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
        .values({
          company_id: companyId,
          email: ownerEmail,
          permissions: permissionColumn(roleCodes(COMPANY_ADMINISTRATOR)),
          created_at: now,
        })
        .execute()
    }
    owner = companyId
  }
  return { ownerEmail, customerName, owner, companyId, referrer: oneLine(purchase.referrer ?? '', 500) || null }
}

async function insertSubscription(
  p: Purchase,
  sub: NonNullable<Purchase['subscription']>,
  buyer: Buyer,
  orderId: string,
  env: AlertEnv,
): Promise<string> {
  const { now } = env
  const subscriptionId = newId('sub')
  const active = sub.state === 'active' || sub.state === 'pastDue'
  await env.trx
    .insertInto('subscriptions')
    .values({
      id: subscriptionId,
      owner: buyer.owner,
      company_id: buyer.companyId,
      state: sub.state,
      product_name: licenseProductName(p.plan),
      product_group: p.plan.product.group,
      plan_id: p.plan.providerIds[env.environment],
      billing_period: p.plan.billingPeriod,
      quantity: p.quantity,
      next_payment_date: active ? sub.nextBillDate : null,
      next_payment_amount: active ? (sub.nextPaymentAmount ?? roundToCent(p.unitPrice * p.quantity)) : null,
      currency: p.currency,
      unit_price: p.unitPrice,
      payment_method: null,
      card_type: null,
      last_four: null,
      card_expiry: null,
      update_url: sub.updateUrl ?? null,
      special_offer: null,
      pending_change: null,
      provider_subscription_id: sub.providerId,
      order_id: orderId,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return subscriptionId
}

/** Keys numbered from 1, unassigned. */
async function insertLicenses(
  p: Purchase,
  buyer: Buyer,
  order: { orderId: string; subscriptionId: string | null; expiration: number },
  env: AlertEnv,
) {
  await env.trx
    .insertInto('licenses')
    .values(
      Array.from({ length: p.quantity }, (_, i) => ({
        id: newId('lic'),
        owner: buyer.owner,
        company_id: buyer.companyId,
        order_id: order.orderId,
        license_key: newLicenseKey(p.plan.product.group),
        key_number: i + 1,
        product_name: licenseProductName(p.plan),
        product_group: p.plan.product.group,
        license_type: licenseTypeOf(p.plan),
        expiration: order.expiration,
        assigned_to: '',
        is_multi_user: 0,
        trial: 0,
        promotional: 0,
        subscription_id: order.subscriptionId,
        billing_period: order.subscriptionId ? p.plan.billingPeriod : null,
        lapsing: 0,
        created_at: env.now,
      })),
    )
    .execute()
}

function readyMail(p: Purchase, buyer: Buyer, orderId: string, env: AlertEnv) {
  const count = p.quantity === 1 ? '1 license' : `${p.quantity} licenses`
  return {
    to: buyer.ownerEmail,
    subject: `Your ${p.plan.product.name} ${p.quantity === 1 ? 'license is' : 'licenses are'} ready`,
    text: [
      `Thank you for your purchase (order ${orderId}).`,
      '',
      `${count} of ${p.plan.product.name} ${p.quantity === 1 ? 'is' : 'are'} ready${
        buyer.companyId ? ` for ${labelled('the company', buyer.customerName)}` : ''
      }. Sign in to see, assign and manage them:`,
      '',
      `${env.ctx.config.publicUrl}/?email=${encodeURIComponent(buyer.ownerEmail)}`,
      // An organization's licenses are assigned to nobody yet: nobody can activate until they are.
      ...(buyer.companyId
        ? [
            '',
            'The licenses are not assigned to anyone yet. After signing in, choose "Manage assignments" on the new',
            "subscription in your organization's section and enter the email address of each person who uses it (yours",
            'too, if you use it yourself). Each of them then activates it in their editor with their own address.',
          ]
        : []),
    ].join('\n'),
  }
}

/** A role that can renew: Company or Reseller Administrator, Reseller Manager. */
async function mayPurchaseFor(trx: Transaction<Database>, email: string, companyId: string): Promise<boolean> {
  return (await flagsIn(trx, email, companyId))?.canRenew ?? false
}

export async function unusedOrderId(trx: Transaction<Database>): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const id = newOrderId()
    const taken = await trx.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()
    if (!taken) return id
  }
  throw new Error('could not find an unused order number')
}

export async function recordPayment(
  env: AlertEnv,
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
