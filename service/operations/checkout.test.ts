// Buying: coupons, the hosted checkout, and checkouts for a company (New Subscription).
import { describe, expect, it } from 'vitest'
import { inputValue, listen, postForm } from '../../tests/support/payments.js'
import { demoRefs } from '../../demo/seed.js'
import { verifiedCompanyPurchase } from '../payments/passthrough.js'
import { signInAs } from '../../tests/support/service.js'
import { call, service, startShopService, type Body } from '../../tests/support/shop-service.js'

startShopService()

describe('coupons', () => {
  const query = async (coupon: string, product = 'console-ninja') =>
    (await call({ coupon: { type: 'query', product, coupon } })).coupon
  const use = async (coupon: string, email: string, product = 'console-ninja') =>
    (await call({ coupon: { type: 'use', product, coupon, email, name: 'Coupon User' } })).coupon

  it('answers each status of the demo coupons, with the months', async () => {
    expect(await query('FREEMONTH')).toEqual({ status: 'active', months: 1 })
    expect(await query('freeyear')).toEqual({ status: 'active', months: 12 })
    expect(await query('EXPIRED2025')).toEqual({ status: 'expired', months: 12 })
    expect(await query('USEDCOUPON')).toEqual({ status: 'redeemed', months: 12 })
    expect(await query('NOSUCHCOUPON')).toEqual({ status: 'invalid' })
    expect(await query('FREEYEAR', 'wallaby')).toEqual({ status: 'invalid' })
    expect(await query('FREEYEAR', 'no-such-product')).toEqual({ status: 'invalid' })
  })

  it('reads a code typed with spaces inside or around it as the code', async () => {
    expect(await query(' FREE YEAR\n')).toEqual({ status: 'active', months: 12 })
    expect(await query('free\u00a0year')).toEqual({ status: 'active', months: 12 })
    expect(await query('EXPIRED 2025')).toEqual({ status: 'expired', months: 12 })
  })

  it('creates a new promotional license once; the second use finds it redeemed', async () => {
    const before = Date.now()
    expect(await use('FREEMONTH', 'newcomer@example.test')).toEqual({ status: 'createdNew', months: 1 })
    const licenses = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('owner', '=', 'newcomer@example.test')
      .execute()
    expect(licenses).toHaveLength(1)
    expect(licenses[0]).toMatchObject({
      product_name: 'Console Ninja',
      product_group: 'other',
      promotional: 1,
      license_type: 'personal',
    })
    const expiry = new Date(before)
    expiry.setUTCMonth(expiry.getUTCMonth() + 1)
    expect(Math.abs(Number(licenses[0].expiration) - expiry.getTime())).toBeLessThan(60_000)
    expect(
      await service.db
        .selectFrom('accounts')
        .select('email')
        .where('email', '=', 'newcomer@example.test')
        .executeTakeFirst(),
    ).toBeDefined()
    expect(await use('FREEMONTH', 'someone-else@example.test')).toEqual({ status: 'redeemed', months: 1 })
    expect(await query('FREEMONTH')).toEqual({ status: 'redeemed', months: 1 })
    const mail = await service.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to', '=', 'newcomer@example.test')
      .execute()
    expect(mail.map((m) => m.subject)).toEqual(['1 month of Console Ninja PRO for free'])
  })

  it('extends the license of that product the address already has', async () => {
    const [garys] = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('owner', '=', 'gary@google.test')
      .where('product_group', '=', 'other')
      .execute()
    expect(await use('FREEYEAR', 'gary@google.test')).toEqual({ status: 'addedToExisting', months: 12 })
    const after = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('id', '=', garys.id)
      .executeTakeFirstOrThrow()
    const expected = new Date(Number(garys.expiration))
    expected.setUTCFullYear(expected.getUTCFullYear() + 1)
    expect(Number(after.expiration)).toBe(expected.getTime())
    expect(
      await service.db.selectFrom('licenses').select('id').where('owner', '=', 'gary@google.test').execute(),
    ).toHaveLength(1)
  })

  it('does not redeem expired, redeemed or unknown coupons', async () => {
    expect(await use('EXPIRED2025', 'late@example.test')).toEqual({ status: 'expired', months: 12 })
    expect(await use('USEDCOUPON', 'late@example.test')).toEqual({ status: 'redeemed', months: 12 })
    expect(await use('NOSUCHCOUPON', 'late@example.test')).toEqual({ status: 'invalid' })
    expect(
      await service.db.selectFrom('licenses').select('id').where('owner', '=', 'late@example.test').execute(),
    ).toHaveLength(0)
  })

  it('lets only one of two simultaneous redemptions through', async () => {
    await service.db
      .insertInto('coupons')
      .values({
        code: 'RACE',
        product: 'console-ninja',
        months: 3,
        expires_at: null,
        redeemed_by: null,
        redeemed_at: null,
        created_at: Date.now(),
      })
      .execute()
    const results = await Promise.all([use('RACE', 'racer1@example.test'), use('RACE', 'racer2@example.test')])
    expect(results.map((r) => r.status).sort()).toEqual(['createdNew', 'redeemed'])
    const owners = await service.db
      .selectFrom('licenses')
      .select('owner')
      .where('owner', 'in', ['racer1@example.test', 'racer2@example.test'])
      .execute()
    expect(owners).toHaveLength(1)
  })
})

describe('hostedCheckout', () => {
  const base = {
    product: 'wallaby',
    planId: 'wallaby-organization-year',
    email: 'buyer@example.test',
    country: 'US',
    postcode: '10001',
    quantity: 5,
    passthrough: { name: 'Buyer Inc' },
    returnUrl: 'http://portal.test/shop/wallaby/buy/',
  }
  it('answers a checkout URL, and refuses what the shop would not sell', async () => {
    expect(await call({ hostedCheckout: base })).toMatchObject({
      hostedCheckout: { url: expect.stringMatching(/^\/sandbox\/checkout\?link=/) },
    })
    expect(await call({ hostedCheckout: { ...base, planId: 'quokka-organization-year' } })).toMatchObject({
      error: 'INVALID_REQUEST',
    })
    expect(await call({ hostedCheckout: { ...base, planId: 'wallaby-personal-year' } })).toMatchObject({
      error: 'INVALID_REQUEST',
      message: 'An individual subscription is for one user.',
    })
    expect(await call({ hostedCheckout: { ...base, postcode: '' } })).toMatchObject({
      error: 'INVALID_REQUEST',
      message: 'Zip/Post code must be provided.',
    })
    expect(await call({ hostedCheckout: { ...base, returnUrl: 'https://evil.example/' } })).toMatchObject({
      error: 'INVALID_REQUEST',
    })
  })
})

describe('companyCheckout and hostedCheckout for a company (New Subscription)', () => {
  const acme = demoRefs.companies.acme
  const card = { cardNumber: '4242 4242 4242 4242', cardExpiry: '12/39', cardCvc: '123', intent: 'pay' }
  const purchaseOf = (checkout: string) =>
    service.db.selectFrom('orders').selectAll().where('provider_checkout_id', '=', checkout).executeTakeFirstOrThrow()
  const subscriptionOf = async (checkout: string) => {
    const order = await purchaseOf(checkout)
    return service.db.selectFrom('subscriptions').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow()
  }

  it("answers the company's name and a signed passthrough only to a caller who may purchase for it", async () => {
    const payload = { companyId: acme, passthrough: { name: 'ignored', referrer: 'https://ref.example/' } }
    expect(await call({ companyCheckout: payload })).toMatchObject({ error: 'NOT_AUTHENTICATED' })
    // A Company Manager may not buy; neither may someone without a role, nor anyone for a company that does not exist.
    const max = await signInAs(service, 'max@acme.test')
    expect((await service.call({ companyCheckout: payload }, max)).body).toMatchObject({ error: 'FORBIDDEN' })
    const carl = await signInAs(service, 'carl@globex.test')
    expect((await service.call({ companyCheckout: payload }, carl)).body).toMatchObject({ error: 'FORBIDDEN' })
    const olivia = await signInAs(service, 'olivia@acme.test')
    expect((await service.call({ companyCheckout: { ...payload, companyId: 'co_nope' } }, olivia)).body).toMatchObject({
      error: 'FORBIDDEN',
    })

    const answer = (await service.call({ companyCheckout: payload }, olivia)).body as Body
    expect(answer.companyCheckout.company).toEqual({ id: acme, name: 'Acme Corp' })
    const passthrough = JSON.parse(answer.companyCheckout.passthrough)
    expect(passthrough).toMatchObject({
      name: 'Acme Corp',
      referrer: 'https://ref.example/',
      companyId: acme,
      email: 'olivia@acme.test',
    })
    expect(verifiedCompanyPurchase(service.config.secret, passthrough)).toEqual({
      companyId: acme,
      email: 'olivia@acme.test',
    })
  })

  it('an inline checkout paid with the signed passthrough lands in the company; an edited one does not', async () => {
    const server = await listen(service)
    try {
      const olivia = await signInAs(service, 'olivia@acme.test')
      const answer = (await service.call({ companyCheckout: { companyId: acme, passthrough: { name: '' } } }, olivia))
        .body as Body
      const pay = async (passthrough: string) => {
        const params = {
          product: 'wallaby-organization-month',
          quantity: '3',
          email: 'olivia@acme.test',
          country: 'US',
          postcode: '10001',
          passthrough,
        }
        const page = await (await fetch(`${server.url}/sandbox/checkout?${new URLSearchParams(params)}`)).text()
        const checkout = inputValue(page, 'checkout')!
        await postForm(`${server.url}/sandbox/checkout`, { ...params, checkout, ...card })
        return checkout
      }

      const paid = await pay(answer.companyCheckout.passthrough)
      expect(await subscriptionOf(paid)).toMatchObject({ owner: acme, company_id: acme, quantity: 3 })

      const edited = JSON.stringify({
        ...JSON.parse(answer.companyCheckout.passthrough),
        companyId: demoRefs.companies.globex,
      })
      const other = await subscriptionOf(await pay(edited))
      expect(other.owner).not.toBe(demoRefs.companies.globex)
      expect(other.owner).not.toBe(acme)
    } finally {
      await server.close()
    }
  })

  it('a hosted checkout for the company needs the signed-in caller to hold a purchasing role, and lands there', async () => {
    const server = await listen(service)
    try {
      const base = {
        product: 'wallaby',
        planId: 'wallaby-organization-year',
        email: 'olivia@acme.test',
        country: 'US',
        postcode: '10001',
        quantity: 2,
        passthrough: { name: 'Acme Corp' },
        returnUrl: 'http://portal.test/shop/wallaby/buy/',
        companyId: acme,
      }
      expect(await call({ hostedCheckout: base })).toMatchObject({ error: 'NOT_AUTHENTICATED' })
      const max = await signInAs(service, 'max@acme.test')
      expect((await service.call({ hostedCheckout: base }, max)).body).toMatchObject({ error: 'FORBIDDEN' })
      const olivia = await signInAs(service, 'olivia@acme.test')
      expect(
        (await service.call({ hostedCheckout: { ...base, planId: 'wallaby-personal-year', quantity: 1 } }, olivia))
          .body,
      ).toMatchObject({ error: 'INVALID_REQUEST' })

      const answer = (await service.call({ hostedCheckout: base }, olivia)).body as Body
      const page = await (await fetch(`${server.url}${answer.hostedCheckout.url}`)).text()
      const link = inputValue(page, 'link')!
      const checkout = inputValue(page, 'checkout')!
      const paid = await postForm(`${server.url}/sandbox/checkout`, {
        link,
        checkout,
        email: 'olivia@acme.test',
        country: 'US',
        postcode: '10001',
        ...card,
      })
      expect(paid.status).toBe(303)
      expect(await subscriptionOf(checkout)).toMatchObject({ owner: acme, company_id: acme, quantity: 2 })
    } finally {
      await server.close()
    }
  })
})
