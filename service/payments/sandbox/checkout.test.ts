// The sandbox's checkout: the prices API, the inline checkout page, paying with the test cards, and the automatic
// review of flagged orders.
import { describe, expect, it } from 'vitest'
import { createPaymentsTestService, inputValue, postForm } from '../../../tests/support/payments.js'
import {
  card,
  openCheckout,
  orgPurchase,
  outcome,
  pay,
  sandbox,
  sandboxOf,
  server,
  service,
  startSandbox,
} from '../../../tests/support/sandbox.js'

startSandbox()

describe('the prices API', () => {
  it("answers Paddle's shape as JSON, and as a script callback", async () => {
    const json = await fetch(
      `${server.url}/sandbox/api/2.0/prices?product_ids=wallaby-organization-year,nope&customer_country=GB&coupons=SAVE10`,
    )
    const body = await json.json()
    expect(body.success).toBe(true)
    expect(body.response.customer_country).toBe('GB')
    expect(body.response.products).toEqual([
      expect.objectContaining({
        product_id: 'wallaby-organization-year',
        currency: 'GBP',
        list_price: { net: 91.64, tax: 18.33, gross: 109.97 },
        price: { net: 82.48, tax: 16.5, gross: 98.98 },
        applied_coupon: { code: 'SAVE10', discount: 9.16 },
      }),
    ])
    const script = await fetch(
      `${server.url}/sandbox/api/2.0/prices?product_ids=wallaby-organization-year&callback=onPrices`,
    )
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/)
    expect(await script.text()).toMatch(/^\/\*\*\/ onPrices\(\{"success":true,/)
    expect((await fetch(`${server.url}/sandbox/api/2.0/prices?product_ids=x&callback=alert(1)`)).status).toBe(400)
  })
})

describe('the inline checkout page', () => {
  it('shows the order, the fields with labels, the test cards, and the Checkout.Loaded event', async () => {
    const { response, html, checkout } = await openCheckout(orgPurchase('page@example.test'))
    expect(response.status).toBe(200)
    expect(checkout).toMatch(/^chk_[0-9a-z]{16}$/)
    expect(html).toContain('<h1>Checkout</h1>')
    expect(html).toContain('Console Ninja PRO Organization, yearly')
    for (const label of ['Email address', 'Country', 'Zip/Post code', 'Card number', 'Expiry date', 'Security code']) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+">${label.replace('/', '\\/')}</label>`))
    }
    expect(html).toContain('Pay $580')
    expect(html).toContain('4000 0000 0000 9235')
    expect(html).toContain('send("Checkout.Loaded"')
    expect(html).toContain(`"id":"${checkout}"`)
    expect(html).toContain('"total":"580.00","total_tax":"0.00"')
  })

  it('re-prices for another country without paying (intent=update)', async () => {
    const params = orgPurchase('reprice@example.test', 1)
    const { checkout } = await openCheckout(params)
    const response = await postForm(`${server.url}/sandbox/checkout`, {
      ...params,
      checkout,
      country: 'DE',
      intent: 'update',
    })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('MwSt. (19%)')
    expect(html).toContain('Pay €127')
    expect(inputValue(html, 'checkout')).toBe(checkout)
  })

  it('refuses an unknown product and a tampered pay link with a page that says so', async () => {
    const unknown = await fetch(`${server.url}/sandbox/checkout?product=nope`)
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('is not sold here')
    const { url } = await sandbox.generatePayLink({
      productId: 'wallaby-personal-year',
      quantity: 1,
      passthrough: '{}',
    })
    const tampered = await fetch(`${server.url}${url.replace(/\.[^.]+$/, '.AAAA')}`)
    expect(tampered.status).toBe(400)
    expect(await tampered.text()).toContain('This checkout link is not valid.')
  })
})

describe('paying with the test cards', () => {
  it('4242… completes the purchase: the webhooks create exactly quantity licenses, once', async () => {
    const params = orgPurchase('success@example.test', 5)
    const { response, html, checkout } = await pay(params, card)
    expect(response.status).toBe(200)
    expect(html).toContain('<h1>Payment complete</h1>')
    expect(html).toContain('send("Checkout.Complete"')
    expect(await outcome(checkout)).toEqual({ immediatelyAvailable: true, state: 'complete' })

    const order = await service.db
      .selectFrom('orders')
      .selectAll()
      .where('provider_checkout_id', '=', checkout)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({
      customer_name: 'Company of success@example.test',
      referrer: 'https://ref.example/',
      amount: 580,
    })
    const licenses = await service.db.selectFrom('licenses').selectAll().where('order_id', '=', order.id).execute()
    expect(licenses).toHaveLength(5)
    const sub = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    // The payment method is read back from the provider after the webhook.
    expect(sub).toMatchObject({
      state: 'active',
      quantity: 5,
      payment_method: 'card',
      last_four: '4242',
      card_expiry: '12/2039',
    })
    expect(sub.update_url).toBe(`/sandbox/update-payment/${sub.provider_subscription_id}`)

    // Paying the same checkout again charges nothing and shows the same outcome.
    const again = await postForm(`${server.url}/sandbox/checkout`, { ...params, checkout, intent: 'pay', ...card })
    expect(await again.text()).toContain('<h1>Payment complete</h1>')
    expect(
      await service.db.selectFrom('orders').select('id').where('provider_checkout_id', '=', checkout).execute(),
    ).toHaveLength(1)

    // The receipt page of the payment.
    const receiptUrl = /href="(\/sandbox\/receipts\/\d+)"/.exec(html)![1]
    expect(order.receipt_url).toBe(receiptUrl)
    const receipt = await fetch(`${server.url}${receiptUrl}`)
    const receiptHtml = await receipt.text()
    expect(receipt.status).toBe(200)
    expect(receiptHtml).toContain('<h1>Receipt</h1>')
    expect(receiptHtml).toContain('$580')
    expect(receiptHtml).toContain('Company of success@example.test')
  })

  it('4000…0002 fails: the Checkout.Error event, no order, the failed state', async () => {
    const { html, checkout } = await pay(orgPurchase('declined@example.test', 1), {
      ...card,
      cardNumber: '4000000000000002',
    })
    expect(html).toContain('<h1>Payment failed</h1>')
    expect(html).toContain('send("Checkout.Error"')
    expect(html).toContain('"completed":false')
    expect(
      await service.db
        .selectFrom('orders')
        .select('id')
        .where('provider_checkout_id', '=', checkout)
        .executeTakeFirst(),
    ).toBeUndefined()
    expect(await outcome(checkout)).toEqual({ immediatelyAvailable: false, state: 'failed' })
  })

  it('answers the form with the errors (422), naming each field', async () => {
    const { response, html } = await pay(
      { ...orgPurchase('', 1), postcode: '' },
      { cardNumber: '1234', cardExpiry: '01/20', cardCvc: '' },
    )
    expect(response.status).toBe(422)
    for (const message of [
      'Email address must be provided.',
      'Zip/Post code must be provided.',
      'Card number is not valid.',
      'The card has expired.',
      'Security code must be provided.',
    ]) {
      expect(html).toContain(message)
    }
    expect(html).toContain('aria-invalid="true" aria-describedby="f-cardNumber-error"')
  })

  it('4000…9235 is flagged; approving on the review page completes it, rejecting fails it', async () => {
    const first = await pay(orgPurchase('flagged1@example.test', 2), { ...card, cardNumber: '4000000000009235' })
    const second = await pay(orgPurchase('flagged2@example.test', 1), { ...card, cardNumber: '4000000000009235' })
    expect(first.html).toContain('<h1>Order under review</h1>')
    expect(first.html).toContain('send("Checkout.Complete"')
    expect(await outcome(first.checkout)).toEqual({ immediatelyAvailable: false, state: 'flagged' })

    const review = await (await fetch(`${server.url}/sandbox/review`)).text()
    expect(review).toContain('<h1>Order review</h1>')
    expect(review).toContain(first.checkout)
    expect(review).toContain(`aria-label="Approve the order of flagged1@example.test (${first.checkout})"`)

    const approved = await postForm(`${server.url}/sandbox/review`, { checkout: first.checkout, decision: 'approve' })
    expect(approved.status).toBe(303)
    expect(approved.headers.get('location')).toBe(`/sandbox/review?checkout=${first.checkout}&decision=approved`)
    expect(await outcome(first.checkout)).toEqual({ immediatelyAvailable: true, state: 'complete' })
    const order = await service.db
      .selectFrom('orders')
      .select('id')
      .where('provider_checkout_id', '=', first.checkout)
      .executeTakeFirstOrThrow()
    expect(
      await service.db.selectFrom('licenses').select('id').where('order_id', '=', order.id).execute(),
    ).toHaveLength(2)

    await postForm(`${server.url}/sandbox/review`, { checkout: second.checkout, decision: 'reject' })
    expect(await outcome(second.checkout)).toEqual({ immediatelyAvailable: false, state: 'failed' })
    // Deciding again changes nothing.
    const late = await postForm(`${server.url}/sandbox/review`, { checkout: second.checkout, decision: 'approve' })
    expect(late.headers.get('location')).toBe(`/sandbox/review?missing=${second.checkout}`)
    expect(await outcome(second.checkout)).toEqual({ immediatelyAvailable: false, state: 'failed' })
  })

  it('a hosted checkout (pay link) goes back to the shop with the checkout id and state', async () => {
    const answer = await service.call({
      hostedCheckout: {
        product: 'quokka',
        planId: 'quokka-personal-month',
        email: 'hosted@example.test',
        country: 'US',
        postcode: '94107',
        quantity: 1,
        passthrough: { name: 'Hosted Buyer', referrer: 'ref' },
        returnUrl: 'http://portal.test/shop/quokka/buy/?billing=monthly',
      },
    })
    const url = (answer.body as { hostedCheckout: { url: string } }).hostedCheckout.url
    expect(url).toMatch(/^\/sandbox\/checkout\?link=/)
    const page = await (await fetch(`${server.url}${url}`)).text()
    expect(page).toContain('Quokka.js PRO Personal, monthly')
    const link = inputValue(page, 'link')!
    const checkout = inputValue(page, 'checkout')!
    const paid = await postForm(`${server.url}/sandbox/checkout`, {
      link,
      checkout,
      email: 'hosted@example.test',
      country: 'US',
      postcode: '94107',
      intent: 'pay',
      ...card,
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(
      `http://portal.test/shop/quokka/buy/?billing=monthly&checkout=${checkout}&state=complete`,
    )
    const order = await service.db
      .selectFrom('orders')
      .selectAll()
      .where('provider_checkout_id', '=', checkout)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ owner: 'hosted@example.test', customer_name: 'Hosted Buyer' })
  })
})

describe('automatic review (SANDBOX_REVIEW_DELAY_SECONDS)', () => {
  it('approves a flagged order once the delay has passed', async () => {
    let now = Date.now()
    const delayed = await createPaymentsTestService({
      env: { NODE_ENV: 'test', SANDBOX_REVIEW_DELAY_SECONDS: '60' },
      now: () => now,
    })
    try {
      const provider = sandboxOf(delayed)
      const resolved = provider.resolveTerms(orgPurchase('auto-review@example.test', 2))
      if (!resolved.ok) throw new Error(resolved.message)
      const result = await provider.pay({ ...card, cardNumber: '4000000000009235' }, resolved.terms)
      expect(result.kind).toBe('flagged')
      const checkoutId = result.kind === 'flagged' ? result.checkout.id : ''
      const state = async () =>
        (
          (await delayed.call({ createSubscriptionOnCheckout: { checkoutId, passthrough: '' } })).body as Record<
            string,
            unknown
          >
        ).createSubscriptionOnCheckout
      now += 59_000
      expect(await state()).toEqual({ immediatelyAvailable: false, state: 'flagged' })
      now += 2_000
      expect(await state()).toEqual({ immediatelyAvailable: true, state: 'complete' })
      expect(await provider.reviewQueue()).toEqual([])
    } finally {
      await delayed.close()
    }
  })
})
