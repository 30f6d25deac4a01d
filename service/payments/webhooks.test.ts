import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../db/seed.js'
import { companyPurchasePassthrough, renewalPassthrough } from './passthrough.js'
import { paymentsDb } from './tables.js'
import {
  alertId,
  checkoutId,
  createPaymentsTestService,
  listen,
  postForm,
  purchaseAlerts,
  type TestService,
} from './test-helpers.js'
import { handleWebhookAlert, WebhookError } from './webhooks.js'

let service: TestService
beforeAll(async () => {
  service = await createPaymentsTestService()
})
afterAll(async () => {
  await service.close()
})

const deliver = (fields: Record<string, string>) => handleWebhookAlert(service.sign(fields), service.context())
const subscriptionId = () => String(Math.floor(10_000_000 + Math.random() * 89_999_999))
/** The passthrough the service signs when the signed-in `email` may purchase for `companyId` (shop companyCheckout). */
const signedFor = (companyId: string, email: string, name: string) =>
  companyPurchasePassthrough(service.config.secret, { name, companyId, email })

/** The stored expiry of each of these licenses. */
async function expiriesOf(rows: Array<{ id: string }>) {
  return service.db
    .selectFrom('licenses')
    .select(['id', 'expiration'])
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute()
}

/** The orders recorded for a provider checkout (one at most, when all is well). */
function ordersOfCheckout(checkout: string) {
  return service.db.selectFrom('orders').selectAll().where('provider_checkout_id', '=', checkout).execute()
}

async function licensesOfCheckout(checkout: string) {
  const [order] = await ordersOfCheckout(checkout)
  if (!order) return { order, licenses: [] }
  const licenses = await service.db
    .selectFrom('licenses')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('key_number')
    .execute()
  return { order, licenses }
}

describe('a completed checkout', () => {
  it('creates the order, exactly quantity licenses, the company with the buyer as administrator, and the subscription', async () => {
    const checkout = checkoutId()
    const providerId = subscriptionId()
    const { created, paid } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: providerId,
      planId: 'wallaby-organization-year',
      quantity: 5,
      email: 'Buyer@Initrode.test',
      passthrough: { name: 'Initrode', referrer: 'https://blog.example/post' },
    })
    expect(await deliver(created)).toEqual({ outcome: 'processed', alertName: 'subscription_created' })
    expect(await deliver(paid)).toEqual({ outcome: 'processed', alertName: 'subscription_payment_succeeded' })

    const { order, licenses } = await licensesOfCheckout(checkout)
    expect(order).toMatchObject({
      customer_name: 'Initrode',
      customer_email: 'buyer@initrode.test',
      referrer: 'https://blog.example/post',
      amount: 580,
      currency: 'USD',
      receipt_url: 'https://my.paddle.com/receipt/8675309/abc',
    })
    const company = await service.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', order!.owner)
      .executeTakeFirstOrThrow()
    expect(company.name).toBe('Initrode')
    const permissions = await service.db
      .selectFrom('company_permissions')
      .selectAll()
      .where('company_id', '=', company.id)
      .execute()
    expect(permissions.map((p) => [p.email, p.permissions])).toEqual([['buyer@initrode.test', 'ADMIN']])
    expect(
      await service.db
        .selectFrom('accounts')
        .select('email')
        .where('email', '=', 'buyer@initrode.test')
        .executeTakeFirst(),
    ).toBeDefined()

    expect(licenses).toHaveLength(5)
    expect(licenses.map((l) => l.key_number)).toEqual([1, 2, 3, 4, 5])
    const sub = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerId)
      .executeTakeFirstOrThrow()
    for (const l of licenses) {
      expect(l).toMatchObject({
        owner: company.id,
        company_id: company.id,
        product_name: 'Wallaby.js company license',
        product_group: 'wallaby',
        license_type: 'company',
        assigned_to: '',
        subscription_id: sub.id,
        billing_period: 'year',
        lapsing: 0,
        expiration: Date.UTC(2027, 10, 22),
      })
      expect(l.license_key).toMatch(/^WB(-[0-9A-Z]{4}){4}$/)
    }
    expect(sub).toMatchObject({
      owner: company.id,
      state: 'active',
      quantity: 5,
      plan_id: 'wallaby-organization-year',
      billing_period: 'year',
      next_payment_date: Date.UTC(2027, 10, 21),
      next_payment_amount: 580,
      unit_price: 116,
      order_id: order!.id,
      update_url: expect.stringContaining(providerId),
    })
    const payments = await service.db.selectFrom('payments').selectAll().where('subscription_id', '=', sub.id).execute()
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({
      amount: 580,
      order_id: order!.id,
      receipt_url: 'https://my.paddle.com/receipt/8675309/abc',
    })
    const mail = await service.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to', '=', 'buyer@initrode.test')
      .execute()
    expect(mail.map((m) => m.subject)).toEqual(['Your Wallaby.js licenses are ready'])
  })

  it('makes the same single order when the payment alert arrives before subscription_created', async () => {
    const checkout = checkoutId()
    const providerId = subscriptionId()
    const { created, paid } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: providerId,
      planId: 'quokka-organization-month',
      quantity: 3,
      email: 'ops@hooli.test',
      passthrough: { name: 'Hooli' },
      unitPrice: '12.10',
    })
    await deliver(paid)
    await deliver(created)
    expect(await ordersOfCheckout(checkout)).toHaveLength(1)
    const { licenses } = await licensesOfCheckout(checkout)
    expect(licenses).toHaveLength(3)
    const sub = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerId)
      .executeTakeFirstOrThrow()
    expect(sub.update_url).toContain(providerId)
    expect(sub.next_payment_amount).toBe(36.3)
    expect(licenses.every((l) => l.billing_period === 'month')).toBe(true)
  })

  it('makes personal licenses owned by the buyer for a personal plan, with no company', async () => {
    const checkout = checkoutId()
    const { created, paid } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: subscriptionId(),
      planId: 'console-ninja-personal-year',
      quantity: 1,
      email: 'solo@dev.test',
      passthrough: { name: 'Solo Dev', referrer: 'ref-1' },
      unitPrice: '58.00',
    })
    const companiesBefore = (await service.db.selectFrom('companies').select('id').execute()).length
    await deliver(created)
    await deliver(paid)
    const { order, licenses } = await licensesOfCheckout(checkout)
    expect(order).toMatchObject({
      owner: 'solo@dev.test',
      company_id: null,
      customer_name: 'Solo Dev',
      referrer: 'ref-1',
    })
    expect(licenses).toHaveLength(1)
    expect(licenses[0]).toMatchObject({
      owner: 'solo@dev.test',
      company_id: null,
      license_type: 'personal',
      product_name: 'Console Ninja',
    })
    expect((await service.db.selectFrom('companies').select('id').execute()).length).toBe(companiesBefore)
  })

  it("adds an organization purchase to the passthrough's company when the service signed it and the buyer may purchase for it", async () => {
    const forAcme = checkoutId()
    const olivia = purchaseAlerts({
      checkoutId: forAcme,
      subscriptionId: subscriptionId(),
      planId: 'quokka-organization-year',
      quantity: 2,
      // The checkout's address may differ from the signed-in buyer's: the signed email is the buyer.
      email: 'billing@acme.test',
      passthrough: signedFor(demoRefs.companies.acme, 'olivia@acme.test', 'Acme Corp'),
    })
    await deliver(olivia.created)
    await deliver(olivia.paid)
    const { order, licenses } = await licensesOfCheckout(forAcme)
    expect(order).toMatchObject({ owner: demoRefs.companies.acme, company_id: demoRefs.companies.acme })
    expect(licenses).toHaveLength(2)
    expect(licenses.every((l) => l.owner === demoRefs.companies.acme && l.company_id === demoRefs.companies.acme)).toBe(
      true,
    )
    const subscription = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', licenses[0].subscription_id!)
      .executeTakeFirstOrThrow()
    expect(subscription).toMatchObject({ owner: demoRefs.companies.acme, company_id: demoRefs.companies.acme })
    // No new company was made for it, and the buyer's roles are as they were.
    expect(
      await service.db
        .selectFrom('company_permissions')
        .select('company_id')
        .where('email', '=', 'olivia@acme.test')
        .execute(),
    ).toEqual([{ company_id: demoRefs.companies.acme }])
  })

  it('makes a new company when the signed buyer holds no purchasing role in the company (checked again at the webhook)', async () => {
    // max is only a Company Manager of Acme (the service would not have signed this; the webhook checks anyway).
    const byMax = checkoutId()
    const max = purchaseAlerts({
      checkoutId: byMax,
      subscriptionId: subscriptionId(),
      planId: 'quokka-organization-year',
      quantity: 1,
      email: 'max@acme.test',
      passthrough: signedFor(demoRefs.companies.acme, 'max@acme.test', 'Max Side Project'),
    })
    await deliver(max.created)
    const order = (await licensesOfCheckout(byMax)).order!
    expect(order.owner).not.toBe(demoRefs.companies.acme)
    expect(
      (await service.db.selectFrom('companies').select('name').where('id', '=', order.owner).executeTakeFirst())?.name,
    ).toBe('Max Side Project')
  })

  it("ignores a company the passthrough names without the service's signature, or with a signature for another", async () => {
    const acme = demoRefs.companies.acme
    const globex = demoRefs.companies.globex
    const signed = JSON.parse(signedFor(acme, 'olivia@acme.test', 'Acme Corp')) as Record<string, string>
    const cases = [
      // No signature at all (what the portal sent before), even from an Acme administrator.
      { email: 'olivia@acme.test', passthrough: { name: 'Unsigned Co', companyId: acme } },
      // Olivia's signed passthrough for Acme, edited to land in Globex.
      { email: 'olivia@acme.test', passthrough: { ...signed, name: 'Edited Co', companyId: globex } },
      // ... or edited to name Globex's administrator as the buyer.
      {
        email: 'mallory@evil.test',
        passthrough: { ...signed, name: 'Edited Co', email: 'carl@globex.test', companyId: globex },
      },
      // A made-up signature.
      {
        email: 'mallory@evil.test',
        passthrough: { name: 'Forged Co', companyId: acme, email: 'olivia@acme.test', sig: 'x'.repeat(43) },
      },
    ]
    for (const c of cases) {
      const checkout = checkoutId()
      const { created } = purchaseAlerts({
        checkoutId: checkout,
        subscriptionId: subscriptionId(),
        planId: 'wallaby-organization-year',
        quantity: 1,
        email: c.email,
        passthrough: c.passthrough,
      })
      await deliver(created)
      const { order, licenses } = await licensesOfCheckout(checkout)
      expect(order!.owner).not.toBe(acme)
      expect(order!.owner).not.toBe(globex)
      expect(licenses.map((l) => l.company_id)).toEqual([order!.owner])
      // The new company's administrator is the checkout's buyer, never an address from the edited passthrough.
      const admins = await service.db
        .selectFrom('company_permissions')
        .select(['email', 'permissions'])
        .where('company_id', '=', order!.owner)
        .execute()
      expect(admins).toEqual([{ email: c.email, permissions: 'ADMIN' }])
    }
  })

  it('answers 500 (so the provider retries) for a plan the catalog does not know', async () => {
    const { created } = purchaseAlerts({
      checkoutId: checkoutId(),
      subscriptionId: subscriptionId(),
      planId: '999999',
      quantity: 1,
      email: 'x@y.test',
      passthrough: {},
    })
    await expect(deliver(created)).rejects.toMatchObject({ status: 500 })
    // The alert was not recorded as seen: the retry will be processed.
    const seen = await service.db
      .selectFrom('webhook_events')
      .select('alert_id')
      .where('alert_id', '=', created.alert_id)
      .executeTakeFirst()
    expect(seen).toBeUndefined()
  })
})

describe('signatures and idempotency', () => {
  it('refuses a tampered alert with 403 and records nothing', async () => {
    const checkout = checkoutId()
    const { created } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: subscriptionId(),
      planId: 'wallaby-organization-year',
      quantity: 1,
      email: 'mallory@evil.test',
      passthrough: { name: 'Evil' },
    })
    const signed = service.sign(created)
    const tampered = { ...signed, quantity: '100' }
    const refusal = await handleWebhookAlert(tampered, service.context()).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(WebhookError)
    expect(refusal).toMatchObject({ status: 403 })
    expect((await licensesOfCheckout(checkout)).order).toBeUndefined()
    expect(
      await service.db
        .selectFrom('webhook_events')
        .select('alert_id')
        .where('alert_id', '=', created.alert_id)
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it('applies a replayed alert once: the second delivery is a duplicate and changes nothing', async () => {
    const checkout = checkoutId()
    const { created, paid } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: subscriptionId(),
      planId: 'wallaby-organization-year',
      quantity: 4,
      email: 'twice@example.test',
      passthrough: { name: 'Twice' },
    })
    const signed = service.sign(created)
    expect((await handleWebhookAlert(signed, service.context())).outcome).toBe('processed')
    expect((await handleWebhookAlert(signed, service.context())).outcome).toBe('duplicate')
    expect((await licensesOfCheckout(checkout)).licenses).toHaveLength(4)

    // The same payment alert delivered twice records one payment and no second order.
    const signedPaid = service.sign(paid)
    await handleWebhookAlert(signedPaid, service.context())
    await handleWebhookAlert(signedPaid, service.context())
    const { order, licenses } = await licensesOfCheckout(checkout)
    expect(licenses).toHaveLength(4)
    expect(
      await service.db.selectFrom('payments').select('id').where('order_id', '=', order!.id).execute(),
    ).toHaveLength(1)
    expect(await ordersOfCheckout(checkout)).toHaveLength(1)
  })

  it('refuses an alert without an alert id', async () => {
    await expect(deliver({ alert_name: 'subscription_created' })).rejects.toMatchObject({ status: 400 })
  })
})

describe('subscription alerts', () => {
  async function bought(quantity: number) {
    const checkout = checkoutId()
    const providerId = subscriptionId()
    const { created } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: providerId,
      planId: 'wallaby-organization-year',
      quantity,
      email: 'subs@example.test',
      passthrough: { name: 'Subs Inc' },
    })
    await deliver(created)
    const sub = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerId)
      .executeTakeFirstOrThrow()
    return { providerId, sub }
  }

  it('marks the subscription pastDue when a payment fails', async () => {
    const { providerId, sub } = await bought(1)
    await deliver({
      alert_id: alertId(),
      alert_name: 'subscription_payment_failed',
      amount: '116.00',
      currency: 'USD',
      next_retry_date: '2027-11-24',
      status: 'past_due',
      subscription_id: providerId,
    })
    const after = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow()
    expect(after.state).toBe('pastDue')
    expect(after.next_payment_date).toBe(Date.UTC(2027, 10, 24))
  })

  it('extends the non-lapsing licenses when a later payment succeeds', async () => {
    const { providerId, sub } = await bought(2)
    const [first] = await service.db
      .selectFrom('licenses')
      .select('id')
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    await service.db.updateTable('licenses').set({ lapsing: 1 }).where('id', '=', first.id).execute()
    await deliver({
      alert_id: alertId(),
      alert_name: 'subscription_payment_succeeded',
      checkout_id: 'irrelevant',
      currency: 'USD',
      email: 'subs@example.test',
      initial_payment: '0',
      next_bill_date: '2028-11-21',
      next_payment_amount: '232.00',
      receipt_url: 'https://my.paddle.com/receipt/2',
      sale_gross: '232.00',
      status: 'active',
      subscription_id: providerId,
      subscription_payment_id: '777',
      subscription_plan_id: 'wallaby-organization-year',
    })
    const licenses = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    expect(licenses.map((l) => l.expiration)).toEqual([Date.UTC(2027, 10, 22), Date.UTC(2028, 10, 22)])
    const after = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow()
    expect(after.next_payment_date).toBe(Date.UTC(2028, 10, 21))
    expect(
      await service.db.selectFrom('payments').select('id').where('id', '=', 'pp_777').executeTakeFirst(),
    ).toBeDefined()
  })

  it('adds licenses when the quantity grows and lapses unassigned ones first when it shrinks', async () => {
    const { providerId, sub } = await bought(3)
    const update = (quantity: number) =>
      deliver({
        alert_id: alertId(),
        alert_name: 'subscription_updated',
        new_quantity: String(quantity),
        new_unit_price: '116.00',
        new_price: (116 * quantity).toFixed(2),
        next_bill_date: '2027-11-21',
        status: 'active',
        subscription_id: providerId,
        subscription_plan_id: 'wallaby-organization-year',
      })
    await update(5)
    let licenses = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    expect(licenses.map((l) => [l.key_number, l.lapsing])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
    ])
    expect(licenses[4].expiration).toBe(licenses[0].expiration)

    // Keys 4 and 5 are assigned: shrinking to 2 lapses the three unassigned ones (highest key first).
    await service.db
      .updateTable('licenses')
      .set({ assigned_to: 'a@subs.test' })
      .where('id', '=', licenses[3].id)
      .execute()
    await service.db
      .updateTable('licenses')
      .set({ assigned_to: 'b@subs.test' })
      .where('id', '=', licenses[4].id)
      .execute()
    await update(2)
    licenses = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    expect(licenses.map((l) => [l.key_number, l.lapsing])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 0],
      [5, 0],
    ])
    expect(
      (await service.db.selectFrom('subscriptions').select('quantity').where('id', '=', sub.id).executeTakeFirst())
        ?.quantity,
    ).toBe(2)

    // Growing again takes back lapsing licenses before making new ones.
    await update(3)
    licenses = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    expect(licenses).toHaveLength(5)
    expect(licenses.filter((l) => l.lapsing === 0)).toHaveLength(3)
  })

  it('marks a cancelled subscription deleted with no next payment and nothing pending', async () => {
    const { providerId, sub } = await bought(1)
    await service.db
      .updateTable('subscriptions')
      .set({ pending_change: 'Upgrade to annual billing in progress' })
      .where('id', '=', sub.id)
      .execute()
    await deliver({
      alert_id: alertId(),
      alert_name: 'subscription_cancelled',
      cancellation_effective_date: '2027-11-21',
      status: 'deleted',
      subscription_id: providerId,
    })
    expect(
      await service.db
        .selectFrom('subscriptions')
        .select(['state', 'next_payment_date', 'pending_change'])
        .where('id', '=', sub.id)
        .executeTakeFirst(),
    ).toEqual({
      state: 'deleted',
      next_payment_date: null,
      pending_change: null,
    })
  })

  it('answers 503 for a subscription it does not know yet (alerts out of order), recording nothing', async () => {
    const fields = {
      alert_id: alertId(),
      alert_name: 'subscription_updated',
      status: 'active',
      new_quantity: '2',
      subscription_id: '1',
    }
    await expect(deliver(fields)).rejects.toMatchObject({ status: 503 })
    expect(
      await service.db
        .selectFrom('webhook_events')
        .select('alert_id')
        .where('alert_id', '=', fields.alert_id)
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it('ignores the cancellation of a subscription it no longer has (removed by a platform administrator)', async () => {
    const fields = {
      alert_id: alertId(),
      alert_name: 'subscription_cancelled',
      status: 'deleted',
      subscription_id: '2',
    }
    expect(await deliver(fields)).toMatchObject({ outcome: 'ignored', alertName: 'subscription_cancelled' })
  })
})

describe('flagged orders and renewals', () => {
  it('records a flagged checkout, then its review outcome', async () => {
    const accepted = checkoutId()
    const rejected = checkoutId()
    const flag = (checkout: string) =>
      deliver({
        alert_id: alertId(),
        alert_name: 'high_risk_transaction_created',
        case_id: '1',
        checkout_id: checkout,
        customer_email_address: 'risky@example.test',
        passthrough: '{"name":"Risky"}',
        status: 'pending',
      })
    await flag(accepted)
    await flag(rejected)
    const state = async (checkout: string) =>
      (await service.call({ createSubscriptionOnCheckout: { checkoutId: checkout, passthrough: '' } })).body
    expect(await state(accepted)).toEqual({
      createSubscriptionOnCheckout: { immediatelyAvailable: false, state: 'flagged' },
    })

    const outcome = (checkout: string, status: string) =>
      deliver({ alert_id: alertId(), alert_name: 'high_risk_transaction_updated', checkout_id: checkout, status })
    await outcome(rejected, 'rejected')
    expect(await state(rejected)).toEqual({
      createSubscriptionOnCheckout: { immediatelyAvailable: false, state: 'failed' },
    })

    await outcome(accepted, 'accepted')
    expect(await state(accepted)).toEqual({
      createSubscriptionOnCheckout: { immediatelyAvailable: false, state: 'pending' },
    })
    const { created } = purchaseAlerts({
      checkoutId: accepted,
      subscriptionId: subscriptionId(),
      planId: 'wallaby-personal-year',
      quantity: 1,
      email: 'risky@example.test',
      passthrough: { name: 'Risky' },
    })
    await deliver(created)
    expect(await state(accepted)).toEqual({
      createSubscriptionOnCheckout: { immediatelyAvailable: true, state: 'complete' },
    })
    const reviews = await paymentsDb(service.db)
      .selectFrom('checkout_reviews')
      .selectAll()
      .where('checkout_id', '=', accepted)
      .execute()
    expect(reviews.map((r) => r.state)).toEqual(['accepted'])
  })

  it('extends renewed licenses to one common expiry, once', async () => {
    const rows = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('order_id', 'in', [demoRefs.orders.globexWallaby, demoRefs.orders.globexQuokka])
      .orderBy('expiration')
      .execute()
    const latest = Math.max(...rows.map((r) => Number(r.expiration)))
    const checkout = checkoutId()
    const fields = {
      alert_id: alertId(),
      alert_name: 'payment_succeeded',
      checkout_id: checkout,
      currency: 'USD',
      customer_name: 'Rita',
      email: 'rita@reseller.test',
      order_id: '5550001-1',
      passthrough: renewalPassthrough(service.config.secret, {
        renewal: rows.map((r) => ({ id: r.id, owner: r.owner })),
        coterm: true,
      }),
      product_id: 'license-renewal',
      quantity: '1',
      receipt_url: 'https://my.paddle.com/receipt/renewal',
      sale_gross: '500.00',
    }
    await deliver(fields)
    const after = await expiriesOf(rows)
    const expected = new Date(latest)
    expected.setUTCFullYear(expected.getUTCFullYear() + 1)
    expect(new Set(after.map((l) => l.expiration))).toEqual(new Set([expected.getTime()]))
    const [order] = await ordersOfCheckout(checkout)
    expect(order).toMatchObject({ owner: 'globex', amount: 500, receipt_url: 'https://my.paddle.com/receipt/renewal' })

    // The same checkout again (a new alert id): nothing moves a second year.
    await deliver({ ...fields, alert_id: alertId() })
    const again = await expiriesOf(rows)
    expect(new Set(again.map((l) => l.expiration))).toEqual(new Set([expected.getTime()]))
  })

  it('renews nothing for a renewal passthrough the service did not sign (written by the buyer, or edited)', async () => {
    const rows = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('order_id', 'in', [demoRefs.orders.globexWallaby, demoRefs.orders.globexQuokka])
      .execute()
    const refs = rows.map((r) => ({ id: r.id, owner: r.owner }))
    const signedForOne = JSON.parse(
      renewalPassthrough(service.config.secret, { renewal: refs.slice(0, 1), coterm: true }),
    )
    const forged = [
      JSON.stringify({ renewal: refs, coterm: true }),
      JSON.stringify({ ...signedForOne, renewal: refs }),
      JSON.stringify({ ...signedForOne, coterm: false }),
      JSON.stringify({ ...signedForOne, sig: 'x'.repeat(signedForOne.sig.length) }),
    ]
    for (const passthrough of forged) {
      const checkout = checkoutId()
      const answer = await deliver({
        alert_id: alertId(),
        alert_name: 'payment_succeeded',
        checkout_id: checkout,
        currency: 'USD',
        customer_name: 'Mallory',
        email: 'mallory@evil.test',
        order_id: '5550009-1',
        passthrough,
        product_id: 'license-renewal',
        quantity: '1',
        sale_gross: '1.00',
      })
      expect(answer).toEqual({ outcome: 'ignored', alertName: 'payment_succeeded' })
      const [order] = await ordersOfCheckout(checkout)
      expect(order).toBeUndefined()
    }
    const after = await expiriesOf(rows)
    expect(new Map(after.map((l) => [l.id, l.expiration]))).toEqual(new Map(rows.map((r) => [r.id, r.expiration])))
  })

  it('takes a renewed license of a cancelled personal subscription out of the subscription, once', async () => {
    const providerId = subscriptionId()
    const { created } = purchaseAlerts({
      checkoutId: checkoutId(),
      subscriptionId: providerId,
      planId: 'wallaby-personal-year',
      quantity: 2,
      email: 'cancelled@dev.test',
      passthrough: { name: 'Cancelled Dev' },
      nextBillDate: '2036-11-21',
    })
    await deliver(created)
    await deliver({
      alert_id: alertId(),
      alert_name: 'subscription_cancelled',
      status: 'deleted',
      subscription_id: providerId,
    })
    const sub = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerId)
      .executeTakeFirstOrThrow()
    expect(sub.state).toBe('deleted')
    const [renewed, kept] = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    // A license the shrinking subscription had marked lapsing stands alone like any other once renewed.
    await service.db.updateTable('licenses').set({ lapsing: 1 }).where('id', '=', renewed.id).execute()
    expect(renewed).toMatchObject({ company_id: null, billing_period: 'year', expiration: Date.UTC(2036, 10, 22) })

    const fields = {
      alert_id: alertId(),
      alert_name: 'payment_succeeded',
      checkout_id: checkoutId(),
      currency: 'USD',
      customer_name: 'Cancelled Dev',
      email: 'cancelled@dev.test',
      order_id: '5550002-1',
      passthrough: renewalPassthrough(service.config.secret, {
        renewal: [{ id: renewed.id, owner: renewed.owner }],
        coterm: true,
      }),
      product_id: 'license-renewal',
      quantity: '1',
      receipt_url: 'https://my.paddle.com/receipt/renewal-2',
      sale_gross: '116.00',
    }
    const stored = async () =>
      service.db
        .selectFrom('licenses')
        .select(['id', 'expiration', 'subscription_id', 'billing_period', 'lapsing'])
        .where('id', 'in', [renewed.id, kept.id])
        .orderBy('key_number')
        .execute()
    const expected = [
      {
        id: renewed.id,
        expiration: Date.UTC(2037, 10, 22),
        subscription_id: null,
        billing_period: null,
        lapsing: 0,
      },
      // The license the renewal did not name stays in the subscription, as it was.
      { id: kept.id, expiration: Date.UTC(2036, 10, 22), subscription_id: sub.id, billing_period: 'year', lapsing: 0 },
    ]
    expect(await deliver(fields)).toMatchObject({ outcome: 'processed' })
    expect(await stored()).toEqual(expected)

    // The same checkout again (a new alert id), and the same alert again: nothing changes.
    expect(await deliver({ ...fields, alert_id: alertId() })).toMatchObject({ outcome: 'processed' })
    expect(await deliver(fields)).toMatchObject({ outcome: 'duplicate' })
    expect(await stored()).toEqual(expected)
    expect(await ordersOfCheckout(fields.checkout_id)).toHaveLength(1)
  })
})

describe('POST /api/paddle/webhook', () => {
  it('answers 200 for a verified alert, 403 for a bad signature, 400 for a malformed one', async () => {
    const server = await listen(service)
    try {
      const checkout = checkoutId()
      const { created } = purchaseAlerts({
        checkoutId: checkout,
        subscriptionId: subscriptionId(),
        planId: 'quokka-personal-month',
        quantity: 1,
        email: 'http@example.test',
        passthrough: { name: 'Http' },
        unitPrice: '6.05',
      })
      const signed = service.sign(created)
      const ok = await postForm(`${server.url}/api/paddle/webhook`, signed)
      expect(ok.status).toBe(200)
      expect(await ok.text()).toBe('OK')
      expect((await licensesOfCheckout(checkout)).licenses).toHaveLength(1)

      const again = await postForm(`${server.url}/api/paddle/webhook`, signed)
      expect(again.status).toBe(200)
      expect(await again.text()).toBe('Already processed')

      const forged = await postForm(`${server.url}/api/paddle/webhook`, { ...signed, email: 'other@example.test' })
      expect(forged.status).toBe(403)

      const unsigned = await postForm(`${server.url}/api/paddle/webhook`, { alert_name: 'x' })
      expect(unsigned.status).toBe(403)

      const noId = await postForm(
        `${server.url}/api/paddle/webhook`,
        service.sign({ alert_name: 'subscription_created' }),
      )
      expect(noId.status).toBe(400)
    } finally {
      await server.close()
    }
  })
})
