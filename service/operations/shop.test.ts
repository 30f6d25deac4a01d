import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPaddleMocks, PADDLE_CHECKOUT_URL } from '../../tests/mocks/paddle.js'
import type { PaymentProvider } from '../payments/provider.js'
import { createPaymentsTestService, inputValue, listen, postForm, type TestService } from '../payments/test-helpers.js'
import { demoRefs } from '../db/seed.js'
import { verifiedCompanyPurchase } from '../payments/passthrough.js'
import { signInAs } from '../testing.js'
import { PRICE_LOOKUP_TIMEOUT_MS } from './shop.js'

let service: TestService
beforeAll(async () => {
  service = await createPaymentsTestService()
})
afterAll(async () => {
  await service.close()
})

type Body = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (request: object) => (await service.call(request)).body as Body

describe('catalog', () => {
  it('lists the products on sale, the country table, currency symbols and the sandbox checkout', async () => {
    const { catalog } = await call({ catalog: {} })
    expect(catalog.products).toEqual([
      { slug: 'console-ninja', name: 'Console Ninja PRO', productGroup: 'other' },
      { slug: 'wallaby', name: 'Wallaby.js', productGroup: 'wallaby' },
      { slug: 'quokka', name: 'Quokka.js PRO', productGroup: 'quokka' },
    ])
    expect(catalog.countries).toContainEqual({ code: 'US', name: 'United States', requiresZip: true })
    expect(catalog.countries).toContainEqual({ code: 'DE', name: 'Germany', taxName: 'MwSt.', requiresZip: true })
    expect(catalog.countries).toContainEqual({ code: 'AU', name: 'Australia', taxName: 'GST', requiresZip: true })
    expect(catalog.countries).toContainEqual({ code: 'AT', name: 'Austria', taxName: 'MwSt.' })
    expect(catalog.currencySymbols).toMatchObject({ USD: '$', EUR: '€', GBP: '£' })
    expect(catalog.checkout).toEqual({ provider: 'sandbox', checkoutUrl: '/sandbox/checkout' })
  })
})

describe('prices (sandbox provider)', () => {
  it('answers the four plans of a product with the plan fields of spec §3', async () => {
    const { prices } = await call({ prices: { product: 'console-ninja' } })
    expect(prices.country).toBe('US')
    expect(prices.plans.map((p: Body) => [p.id, p.type, p.billingPeriod, p.gross])).toEqual([
      ['console-ninja-organization-year', 'organization', 'year', 116],
      ['console-ninja-organization-month', 'organization', 'month', 12.1],
      ['console-ninja-personal-year', 'personal', 'year', 58],
      ['console-ninja-personal-month', 'personal', 'month', 6.05],
    ])
    expect(prices.plans[0]).toEqual({
      id: 'console-ninja-organization-year',
      name: 'Console Ninja PRO Organization (1 year)',
      type: 'organization',
      billingPeriod: 'year',
      usNetListPrice: 116,
      countryNetListPrice: 116,
      countryDiscountAmount: 0,
      countryDiscountPercent: 0,
      couponDiscountAmount: 0,
      couponDiscountPercent: 0,
      countryNetPrice: 116,
      tax: 0,
      taxRate: 0,
      grossListPrice: 116,
      gross: 116,
      currency: 'USD',
      country: 'US',
    })
  })

  it('measures a country discount against the US list price, and adds the tax', async () => {
    const india = (await call({ prices: { product: 'wallaby', country: 'in' } })).prices
    expect(india.country).toBe('IN')
    expect(india.plans[0]).toMatchObject({
      usNetListPrice: 116,
      countryNetListPrice: 69.6,
      countryDiscountAmount: 46.4,
      countryDiscountPercent: 40,
      taxRate: 18,
      tax: 12.53,
      currency: 'USD',
    })
  })

  it('applies a coupon and says which', async () => {
    const gb = (await call({ prices: { product: 'quokka', country: 'GB', coupon: 'SAVE10' } })).prices
    expect(gb.plans[2]).toMatchObject({
      currency: 'GBP',
      countryNetListPrice: 45.82,
      couponDiscountAmount: 4.58,
      couponDiscountPercent: 10,
      countryNetPrice: 41.24,
      taxRate: 20,
      coupon: 'SAVE10',
      // No country discount across currencies.
      countryDiscountAmount: 0,
    })
  })

  it('answers NOT_FOUND for a product the catalog does not have', async () => {
    expect(await call({ prices: { product: 'nope' } })).toMatchObject({ error: 'NOT_FOUND' })
  })
})

describe('prices fallback', () => {
  it('answers the built-in defaults when the provider has not answered within 8 seconds', async () => {
    let signal: AbortSignal | undefined
    const unused = () => Promise.reject(new Error('not used by the price lookup'))
    const hanging: PaymentProvider = {
      environment: 'sandbox',
      checkoutClient: { provider: 'sandbox', checkoutUrl: '/sandbox/checkout', pricesUrl: '/sandbox/api/2.0/prices' },
      prices: (_query, s) => {
        signal = s
        return new Promise(() => {})
      },
      generatePayLink: unused,
      getSubscription: unused,
      updateSubscription: unused,
      cancelSubscription: unused,
      charge: unused,
      payments: unused,
      webhookPublicKey: () => undefined,
    }
    const slow = await createPaymentsTestService({
      adapters: {
        payments: {
          provider: hanging,
          config: { provider: 'sandbox', checkoutWaitMs: 0 },
          log: () => {},
          close: () => {},
        },
      },
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let settled = false
      const pending = slow.call({ prices: { product: 'wallaby', country: 'DE' } }).then((answer) => {
        settled = true
        return answer
      })
      await vi.advanceTimersByTimeAsync(PRICE_LOOKUP_TIMEOUT_MS - 1)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      const answer = (await pending).body as Body
      expect(signal?.aborted).toBe(true)
      expect(answer.prices.country).toBe('DE')
      expect(answer.prices.plans.map((p: Body) => [p.type, p.billingPeriod, p.gross, p.currency, p.tax])).toEqual([
        ['organization', 'year', 116, 'USD', 0],
        ['organization', 'month', 12.1, 'USD', 0],
        ['personal', 'year', 58, 'USD', 0],
        ['personal', 'month', 6.05, 'USD', 0],
      ])
      expect(answer.prices.plans[0].id).toBe('wallaby-organization-year')
    } finally {
      vi.useRealTimers()
      await slow.close()
    }
  })

  describe('with Paddle Classic', () => {
    const paddle = createPaddleMocks({
      vendorId: '1234',
      authCode: 'code',
      prices: {
        '811031': { title: 'Wallaby Org Year', net: 116 },
        '811032': { title: 'Wallaby Org Month', net: 12.1 },
        '811033': { title: 'Wallaby Personal Year', net: 58 },
        '811034': { title: 'Wallaby Personal Month', net: 6.05 },
      },
    })
    const server = setupServer(...paddle.handlers)
    let withPaddle: TestService
    beforeAll(async () => {
      server.listen({ onUnhandledRequest: 'error' })
      withPaddle = await createPaymentsTestService({
        env: { NODE_ENV: 'test', PADDLE_VENDOR_ID: '1234', PADDLE_VENDOR_AUTH_CODE: 'code' },
      })
    })
    afterEach(() => server.resetHandlers())
    afterAll(async () => {
      server.close()
      await withPaddle.close()
    })

    it("asks Paddle for the customer's country and for the US, with the Paddle plan ids", async () => {
      const answer = (await withPaddle.call({ prices: { product: 'wallaby', country: 'DE', coupon: 'TENOFF' } }))
        .body as Body
      const queries = paddle.requests
        .filter((r) => r.path === '/prices')
        .map((r) => Object.fromEntries(r.url.searchParams))
      expect(queries).toEqual([
        { product_ids: '811031,811032,811033,811034', customer_country: 'DE', coupons: 'TENOFF' },
        { product_ids: '811031,811032,811033,811034', customer_country: 'US' },
      ])
      expect(answer.prices.plans[0]).toMatchObject({
        id: '811031',
        usNetListPrice: 116,
        countryNetListPrice: 106.72,
        currency: 'EUR',
        couponDiscountAmount: 10.67,
        countryNetPrice: 96.05,
        taxRate: 19,
        coupon: 'TENOFF',
      })
      expect((await withPaddle.call({ catalog: {} })).body).toMatchObject({
        catalog: { checkout: { provider: 'paddle', vendorId: 1234, environment: 'production' } },
      })
    })

    it('falls back to the defaults when Paddle refuses', async () => {
      server.use(
        http.get(`${PADDLE_CHECKOUT_URL}/prices`, () =>
          HttpResponse.json({ success: false, error: { code: 1, message: 'down' } }),
        ),
      )
      const answer = (await withPaddle.call({ prices: { product: 'wallaby', country: 'DE' } })).body as Body
      expect(answer.prices.plans[0]).toMatchObject({ id: '811031', gross: 116, currency: 'USD', country: 'DE' })
    })
  })
})

describe('activeSubscriptionCheck', () => {
  it('knows an address with a personal subscription, and not company-only or unknown ones', async () => {
    expect(await call({ activeSubscriptionCheck: { email: 'Pat@Personal.test' } })).toEqual({
      activeSubscriptionCheck: { exists: true },
    })
    expect(await call({ activeSubscriptionCheck: { email: 'olivia@acme.test' } })).toEqual({
      activeSubscriptionCheck: { exists: false },
    })
    expect(await call({ activeSubscriptionCheck: { email: 'nobody@example.test', dev: true } })).toEqual({
      activeSubscriptionCheck: { exists: false },
    })
  })
})

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

describe('the JSON endpoints of spec §7', () => {
  it('answer the operations at their own paths', async () => {
    const server = await listen(service)
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      let response = await post('/api/activeSubscriptionCheck', { dev: false, email: 'pat@personal.test' })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ exists: true })

      response = await post('/api/createSubscriptionOnCheckout', {
        checkoutId: 'chk_unknown',
        dev: false,
        passthrough: '{}',
      })
      expect(await response.json()).toEqual({ immediatelyAvailable: false, state: 'pending' })

      response = await post('/api/console-ninja/coupon', { dev: false, type: 'query', coupon: 'EXPIRED2025' })
      expect(await response.json()).toEqual({ status: 'expired', months: 12 })

      response = await post('/api/console-ninja/coupon', {
        dev: false,
        type: 'use',
        coupon: 'EXPIRED2025',
        email: 'bad',
        name: 'x',
      })
      expect(response.status).toBe(500)
      expect(await response.json()).toMatchObject({ error: 'INVALID_PAYLOAD' })

      response = await fetch(`${server.url}/api/activeSubscriptionCheck`, { method: 'POST', body: '{nope' })
      expect(response.status).toBe(500)
      expect(await response.json()).toMatchObject({ error: 'MALFORMED_REQUEST' })
    } finally {
      await server.close()
    }
  })
})
