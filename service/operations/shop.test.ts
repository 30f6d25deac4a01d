// The shop: the catalog, prices (and their fallback when the provider is slow or refuses), the active subscription
// check and the JSON endpoints of spec §7.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPaddleMocks, PADDLE_CHECKOUT_URL } from '../../tests/mocks/paddle.js'
import {
  createPaymentsTestService,
  listen,
  pricesOnlyPayments,
  type TestService,
} from '../../tests/support/payments.js'
import { PRICE_LOOKUP_TIMEOUT_MS } from '../../protocol/shared/money.js'
import { plan } from '../../tests/support/entities.js'
import { call, service, startShopService, type Body } from '../../tests/support/shop-service.js'
import { signInAs } from '../../tests/support/service.js'

startShopService()

describe('catalog', () => {
  it('lists the products on sale, the country table, currency symbols and the sandbox checkout', async () => {
    const { catalog } = await call({ catalog: {} })
    expect(catalog.products.map(({ slug, name, productGroup }: Body) => ({ slug, name, productGroup }))).toEqual([
      { slug: 'console-ninja', name: 'Console Ninja PRO', productGroup: 'other' },
      { slug: 'wallaby', name: 'Wallaby.js', productGroup: 'wallaby' },
      { slug: 'quokka', name: 'Quokka.js PRO', productGroup: 'quokka' },
    ])
    // §9 built-in plans: the catalog's list prices in USD, no tax, with the provider's ids.
    for (const product of catalog.products) {
      expect(product.defaultPlans.map((p: Body) => [p.id, p.gross, p.currency, p.tax, p.country])).toEqual([
        [`${product.slug}-organization-year`, 116, 'USD', 0, 'US'],
        [`${product.slug}-organization-month`, 12.1, 'USD', 0, 'US'],
        [`${product.slug}-personal-year`, 58, 'USD', 0, 'US'],
        [`${product.slug}-personal-month`, 6.05, 'USD', 0, 'US'],
      ])
    }
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
    expect(prices.plans[0]).toEqual(
      plan({ id: 'console-ninja-organization-year', name: 'Console Ninja PRO Organization, yearly' }),
    )
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
    const slow = await createPaymentsTestService({
      adapters: {
        payments: pricesOnlyPayments((_query, s) => {
          signal = s
          return new Promise(() => {})
        }),
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
      server.listen({ onUnhandledFrame: 'error' })
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

  it('with the product, counts only a subscription to it: a trial or another product never blocks', async () => {
    // pat: a Quokka.js PRO subscription, a paused Wallaby.js one, a Console Ninja trial (a license, no subscription).
    const check = async (product: string, credential?: string) =>
      (
        (await service.call({ activeSubscriptionCheck: { email: 'pat@personal.test', product } }, credential))
          .body as Body
      ).activeSubscriptionCheck
    expect(await check('console-ninja')).toEqual({ exists: false })
    expect(await check('quokka')).toEqual({ exists: true })
    expect(await check('wallaby')).toEqual({ exists: true })
    expect(await call({ activeSubscriptionCheck: { email: 'pat@personal.test', product: 'nope' } })).toMatchObject({
      error: 'NOT_FOUND',
    })
  })

  it('names the subscription only to its owner, signed in', async () => {
    const check = async (credential?: string) =>
      (
        (await service.call({ activeSubscriptionCheck: { email: 'pat@personal.test', product: 'quokka' } }, credential))
          .body as Body
      ).activeSubscriptionCheck
    expect(await check(await signInAs(service, 'pat@personal.test'))).toEqual({
      exists: true,
      subscription: {
        id: expect.any(String),
        productName: 'Quokka.js PRO personal license',
        billingPeriod: 'month',
        quantity: 1,
      },
    })
    expect(await check(await signInAs(service, 'olivia@acme.test'))).toEqual({ exists: true })
    expect(await check('not-a-session')).toEqual({ exists: true })
  })
})

describe('shopBuyer', () => {
  it('is the signed-in address with the name of its newest personal order', async () => {
    expect((await service.call({ shopBuyer: {} }, await signInAs(service, 'pat@personal.test'))).body).toEqual({
      shopBuyer: { email: 'pat@personal.test', name: 'Pat Personal' },
    })
    expect(await call({ shopBuyer: {} })).toMatchObject({ error: 'NOT_AUTHENTICATED' })
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
