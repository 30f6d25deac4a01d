// Webhooks: a completed checkout becomes its order, licenses and subscription, once.
import { describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { alertTesting } from '../../tests/support/alerts.js'
import { checkoutId, purchaseAlerts } from '../../tests/support/payments.js'

const { service, deliver, subscriptionId, signedFor, ordersOfCheckout, licensesOfCheckout } = alertTesting()

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
    const company = await service()
      .db.selectFrom('companies')
      .selectAll()
      .where('id', '=', order!.owner)
      .executeTakeFirstOrThrow()
    expect(company.name).toBe('Initrode')
    const permissions = await service()
      .db.selectFrom('company_permissions')
      .selectAll()
      .where('company_id', '=', company.id)
      .execute()
    expect(permissions.map((p) => [p.email, p.permissions])).toEqual([['buyer@initrode.test', 'ADMIN']])
    expect(
      await service()
        .db.selectFrom('accounts')
        .select('email')
        .where('email', '=', 'buyer@initrode.test')
        .executeTakeFirst(),
    ).toBeDefined()

    expect(licenses).toHaveLength(5)
    expect(licenses.map((l) => l.key_number)).toEqual([1, 2, 3, 4, 5])
    const sub = await service()
      .db.selectFrom('subscriptions')
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
    const payments = await service()
      .db.selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .execute()
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({
      amount: 580,
      order_id: order!.id,
      receipt_url: 'https://my.paddle.com/receipt/8675309/abc',
    })
    const mail = await service()
      .db.selectFrom('mail_outbox')
      .selectAll()
      .where('to', '=', 'buyer@initrode.test')
      .execute()
    expect(mail.map((m) => m.subject)).toEqual(['Your Wallaby.js licenses are ready'])
    // An organization's licenses are assigned to nobody yet: the mail says how to assign them, not to activate.
    expect(mail[0].text).toContain('The licenses are not assigned to anyone yet.')
    expect(mail[0].text).toContain('choose "Manage assignments" on the new')
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
    const sub = await service()
      .db.selectFrom('subscriptions')
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
    const companiesBefore = (await service().db.selectFrom('companies').select('id').execute()).length
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
    expect((await service().db.selectFrom('companies').select('id').execute()).length).toBe(companiesBefore)
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
    const subscription = await service()
      .db.selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', licenses[0].subscription_id!)
      .executeTakeFirstOrThrow()
    expect(subscription).toMatchObject({ owner: demoRefs.companies.acme, company_id: demoRefs.companies.acme })
    // No new company was made for it, and the buyer's roles are as they were.
    expect(
      await service()
        .db.selectFrom('company_permissions')
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
      (await service().db.selectFrom('companies').select('name').where('id', '=', order.owner).executeTakeFirst())
        ?.name,
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
      const admins = await service()
        .db.selectFrom('company_permissions')
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
    const seen = await service()
      .db.selectFrom('webhook_events')
      .select('alert_id')
      .where('alert_id', '=', created.alert_id)
      .executeTakeFirst()
    expect(seen).toBeUndefined()
  })
})
