import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createPaddleMocks,
  PADDLE_CHECKOUT_URL,
  PADDLE_SANDBOX_CHECKOUT_URL,
  PADDLE_SANDBOX_VENDORS_URL,
  PADDLE_VENDORS_URL,
} from '../../tests/mocks/paddle.js'
import { ServiceError } from '../dispatch/errors.js'
import { PaddleProvider } from './paddle.js'

const credentials = { vendorId: '1234', authCode: 'auth-code-1' }
const subscription = {
  subscription_id: 502198,
  plan_id: 811031,
  user_id: 425123,
  user_email: 'buyer@example.test',
  state: 'active' as const,
  quantity: 3,
  unit_price: 116,
  currency: 'USD',
  next_bill_date: '2027-03-01',
  card: { card_type: 'visa', last_four_digits: '4242', expiry_date: '09/2028' },
}

let paddle: ReturnType<typeof createPaddleMocks>
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
beforeEach(() => {
  paddle = createPaddleMocks({
    ...credentials,
    prices: {
      '811031': { title: 'Wallaby.js Organization', net: 116 },
      '811032': { title: 'Wallaby.js Monthly', net: 12.1 },
    },
    subscriptions: [
      subscription,
      { ...subscription, subscription_id: 502199, state: 'paused' },
      {
        ...subscription,
        subscription_id: 502200,
        card: { card_type: 'visa', last_four_digits: '0341', expiry_date: '09/2028' },
      },
    ],
  })
  server.use(...paddle.handlers)
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const provider = () => new PaddleProvider({ ...credentials, sandbox: false })

const increaseBy2 = { subscriptionId: '502198', quantity: 5, prorate: true, billImmediately: true }
/** `increaseBy2` as the vendor API receives it. */
const increaseForm = {
  vendor_id: '1234',
  vendor_auth_code: 'auth-code-1',
  subscription_id: '502198',
  quantity: '5',
  prorate: 'true',
  bill_immediately: 'true',
}

/** The last vendor API request: path and form fields. */
const last = () => paddle.requests[paddle.requests.length - 1]

describe('Paddle Classic: the prices API', () => {
  it('asks the checkout service for the product ids, country and coupon, and reads list and coupon prices', async () => {
    const prices = await provider().prices({ productIds: ['811031', '811032'], country: 'DE', coupons: ['TENOFF'] })
    const request = last()
    expect(request.method).toBe('GET')
    expect(request.url.origin + request.url.pathname).toBe(`${PADDLE_CHECKOUT_URL}/prices`)
    expect(request.url.searchParams.get('product_ids')).toBe('811031,811032')
    expect(request.url.searchParams.get('customer_country')).toBe('DE')
    expect(request.url.searchParams.get('coupons')).toBe('TENOFF')
    expect(prices.customerCountry).toBe('DE')
    expect(prices.products[0]).toEqual({
      productId: '811031',
      title: 'Wallaby.js Organization',
      currency: 'EUR',
      listPrice: { net: 106.72, tax: 20.28, gross: 127 },
      price: { net: 96.05, tax: 18.25, gross: 114.3 },
      appliedCoupon: { code: 'TENOFF', discount: 10.67 },
    })
  })

  it('sends no country or coupon when none is given, and reads "no coupon" (an empty list)', async () => {
    const prices = await provider().prices({ productIds: ['811031'] })
    expect(last().url.searchParams.has('customer_country')).toBe(false)
    expect(last().url.searchParams.has('coupons')).toBe(false)
    expect(prices.products[0].appliedCoupon).toBeUndefined()
  })

  it('uses the sandbox environment when configured', async () => {
    const sandboxed = createPaddleMocks({ ...credentials, sandbox: true, prices: { '56031': { title: 'S', net: 1 } } })
    server.use(...sandboxed.handlers)
    const prices = await new PaddleProvider({ ...credentials, sandbox: true }).prices({ productIds: ['56031'] })
    expect(sandboxed.requests[0].url.origin + sandboxed.requests[0].url.pathname).toBe(
      `${PADDLE_SANDBOX_CHECKOUT_URL}/prices`,
    )
    expect(prices.products).toHaveLength(1)
  })

  it('turns an unanswered request into a PROVIDER_ERROR, and an abort into the abort', async () => {
    server.use(http.get(`${PADDLE_CHECKOUT_URL}/prices`, () => HttpResponse.error()))
    await expect(provider().prices({ productIds: ['811031'] })).rejects.toMatchObject({ code: 'PROVIDER_ERROR' })

    server.use(
      http.get(`${PADDLE_CHECKOUT_URL}/prices`, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const controller = new AbortController()
    const pending = provider().prices({ productIds: ['811031'] }, controller.signal)
    controller.abort()
    await expect(pending).rejects.not.toBeInstanceOf(ServiceError)
  })
})

describe('Paddle Classic: the vendor API', () => {
  it('lists a subscription form-encoded with the vendor credentials, and normalizes it', async () => {
    const sub = await provider().getSubscription('502198')
    const request = last()
    expect(request.method).toBe('POST')
    expect(request.url.href).toBe(`${PADDLE_VENDORS_URL}/subscription/users`)
    expect(Object.fromEntries(request.form)).toEqual({
      vendor_id: '1234',
      vendor_auth_code: 'auth-code-1',
      subscription_id: '502198',
    })
    expect(sub).toMatchObject({
      subscriptionId: '502198',
      planId: '811031',
      email: 'buyer@example.test',
      state: 'active',
      quantity: 3,
      nextPayment: { amount: 348, currency: 'USD', date: Date.UTC(2027, 2, 1) },
      signupDate: Date.UTC(2026, 0, 5, 10, 11, 12),
      paymentMethod: 'card',
      cardType: 'visa',
      lastFourDigits: '4242',
      cardExpiry: '09/2028',
    })
    expect(sub.updateUrl).toContain('subscription=502198')
  })

  it('answers PROVIDER_ERROR for a subscription Paddle does not return', async () => {
    await expect(provider().getSubscription('1')).rejects.toMatchObject({ code: 'PROVIDER_ERROR' })
  })

  it('updates quantity with proration and immediate billing, as strings in the form', async () => {
    const result = await provider().updateSubscription(increaseBy2)
    expect(last().url.pathname).toBe('/api/2.0/subscription/users/update')
    expect(Object.fromEntries(last().form)).toEqual(increaseForm)
    expect(result).toEqual({
      subscriptionId: '502198',
      planId: '811031',
      nextPayment: { amount: 580, currency: 'USD', date: Date.UTC(2027, 2, 1) },
    })
  })

  it('sends plan_id for an upgrade and pause for pause/restart', async () => {
    await provider().updateSubscription({
      subscriptionId: '502198',
      planId: '811032',
      billImmediately: true,
      prorate: true,
    })
    expect(last().form.get('plan_id')).toBe('811032')
    expect(last().form.has('quantity')).toBe(false)
    await provider().updateSubscription({ subscriptionId: '502198', pause: true })
    expect(last().form.get('pause')).toBe('true')
    expect(paddle.subscriptions.get('502198')?.state).toBe('paused')
  })

  it('previews an update through preview_update: charged now, credit kept, the next payment; nothing changes', async () => {
    const increase = await provider().previewSubscriptionUpdate(increaseBy2)
    expect(last().url.pathname).toBe('/api/2.0/subscription/preview_update')
    expect(Object.fromEntries(last().form)).toEqual(increaseForm)
    expect(increase).toEqual({
      immediatePayment: { amount: 116, currency: 'USD', date: Date.UTC(2026, 10, 29) },
      nextPayment: { amount: 580, currency: 'USD', date: Date.UTC(2027, 2, 1) },
    })
    expect(paddle.subscriptions.get('502198')?.quantity).toBe(3)

    // A decrease billed at the next payment: nothing now. A move to a cheaper plan: a credit.
    const decrease = await provider().previewSubscriptionUpdate({ subscriptionId: '502198', quantity: 1 })
    expect(decrease).toEqual({ nextPayment: { amount: 116, currency: 'USD', date: Date.UTC(2027, 2, 1) } })
    const monthly = await provider().previewSubscriptionUpdate({
      subscriptionId: '502198',
      planId: '811032',
      prorate: true,
      billImmediately: true,
    })
    expect(monthly.immediatePayment).toBeUndefined()
    expect(monthly.credit).toEqual({ amount: 137.7, currency: 'USD' })
  })

  it('prices a restart after the paid term by the last payment (Paddle previews no paused subscription)', async () => {
    paddle.subscriptions.set('502199', { ...paddle.subscriptions.get('502199')!, paused_from: '2026-01-05' })
    const restart = await provider().previewSubscriptionUpdate({ subscriptionId: '502199', pause: false })
    expect(last().url.pathname).toBe('/api/2.0/subscription/users')
    expect(restart.immediatePayment).toMatchObject({ amount: 348, currency: 'USD' })
    await expect(
      provider().previewSubscriptionUpdate({ subscriptionId: '502198', pause: false }),
    ).rejects.toMatchObject({ code: 'PROVIDER_ERROR' })
    await expect(
      provider().previewSubscriptionUpdate({ subscriptionId: '502199', quantity: 4, billImmediately: true }),
    ).rejects.toMatchObject({ code: 'PROVIDER_ERROR', message: expect.stringContaining('paused') })
  })

  it("turns Paddle's success:false into a PROVIDER_ERROR with Paddle's reason", async () => {
    const refused = provider().updateSubscription({ subscriptionId: '502199', quantity: 2 })
    await expect(refused).rejects.toBeInstanceOf(ServiceError)
    await expect(refused).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message:
        'The payment provider refused the request: Subscribers in a paused state cannot be modified until they restart their subscription. (Paddle error 122).',
    })
  })

  it('refuses with PROVIDER_ERROR when the credentials are wrong', async () => {
    const wrong = new PaddleProvider({ vendorId: '1234', authCode: 'nope', sandbox: false })
    await expect(wrong.cancelSubscription('502198')).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining("You don't have permission"),
    })
  })

  it('cancels through users_cancel', async () => {
    await provider().cancelSubscription('502198')
    expect(last().url.pathname).toBe('/api/2.0/subscription/users_cancel')
    expect(last().form.get('subscription_id')).toBe('502198')
    expect(paddle.subscriptions.get('502198')?.state).toBe('deleted')
  })

  it('charges through /subscription/{id}/charge; a declined charge is CHARGE_ERROR', async () => {
    const charge = await provider().charge('502198', 92.8, 'Extension: 12 months at 20% off')
    expect(last().url.pathname).toBe('/api/2.0/subscription/502198/charge')
    expect(last().form.get('amount')).toBe('92.80')
    expect(last().form.get('charge_name')).toBe('Extension: 12 months at 20% off')
    expect(charge).toMatchObject({
      invoiceId: '424242',
      amount: 92.8,
      status: 'success',
      paymentDate: Date.UTC(2026, 10, 21),
    })

    await expect(provider().charge('502200', 10, 'x')).rejects.toMatchObject({ code: 'CHARGE_ERROR' })
    await expect(provider().charge('../users', 10, 'x')).rejects.toMatchObject({ code: 'PROVIDER_ERROR' })
  })

  it('lists payments, paid and upcoming', async () => {
    const payments = await provider().payments('502198')
    expect(last().url.pathname).toBe('/api/2.0/subscription/payments')
    expect(payments).toEqual([
      {
        id: '9001',
        subscriptionId: '502198',
        amount: 348,
        currency: 'USD',
        date: Date.UTC(2026, 0, 5),
        isPaid: true,
        receiptUrl: 'https://my.paddle.com/receipt/9001/def',
        isOneOffCharge: false,
      },
      {
        id: '9002',
        subscriptionId: '502198',
        amount: 348,
        currency: 'USD',
        date: Date.UTC(2027, 2, 1),
        isPaid: false,
        isOneOffCharge: false,
      },
    ])
  })

  it('generates a pay link with a price override, the customer and a return URL carrying {checkout_hash}', async () => {
    const { url } = await provider().generatePayLink({
      productId: '811001',
      title: 'Renewal of 2 licenses',
      price: { currency: 'USD', amount: 232 },
      quantity: 1,
      customerEmail: 'olivia@acme.test',
      customerCountry: 'US',
      customerPostcode: '10001',
      passthrough: '{"renewal":[{"id":"lic_1","owner":"acme"}],"coterm":true}',
      returnUrl: 'https://portal.example/manage',
    })
    expect(url).toMatch(/^https:\/\/pay\.paddle\.com\/checkout\/custom\//)
    const form = last().form
    expect(last().url.pathname).toBe('/api/2.0/product/generate_pay_link')
    expect(form.get('product_id')).toBe('811001')
    expect(form.get('prices[0]')).toBe('USD:232.00')
    expect(form.get('quantity')).toBe('1')
    expect(form.get('quantity_variable')).toBe('0')
    expect(form.get('customer_email')).toBe('olivia@acme.test')
    expect(form.get('customer_postcode')).toBe('10001')
    expect(form.get('passthrough')).toBe('{"renewal":[{"id":"lic_1","owner":"acme"}],"coterm":true}')
    expect(form.get('return_url')).toBe('https://portal.example/manage?checkout={checkout_hash}')
  })

  it('reports an answer without a result (an HTML error page) as PROVIDER_ERROR', async () => {
    server.use(
      http.post(
        `${PADDLE_VENDORS_URL}/subscription/users`,
        () => new HttpResponse('<html>502</html>', { status: 502 }),
      ),
    )
    await expect(provider().getSubscription('502198')).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining('status 502'),
    })
  })

  it('talks to the sandbox vendor API in the sandbox environment', async () => {
    const sandboxed = createPaddleMocks({ ...credentials, sandbox: true, subscriptions: [subscription] })
    server.use(...sandboxed.handlers)
    await new PaddleProvider({ ...credentials, sandbox: true }).getSubscription('502198')
    expect(sandboxed.requests[0].url.href).toBe(`${PADDLE_SANDBOX_VENDORS_URL}/subscription/users`)
  })
})
