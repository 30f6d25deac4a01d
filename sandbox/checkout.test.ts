// The sandbox's checkout: the prices API, the inline checkout page, paying with the test cards, and the automatic
// review of flagged orders.
import { describe, expect, it } from 'vitest'
import { createPaymentsTestService, inputValue, postForm } from '../tests/support/payments.js'
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
} from '../tests/support/sandbox.js'

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

const count = async (table: 'orders' | 'sandbox_payments', checkout: string) =>
  (
    await service.db
      .selectFrom(table === 'orders' ? 'orders' : 'sandbox_payments')
      .select('id')
      .where(table === 'orders' ? 'provider_checkout_id' : 'checkout_id', '=', checkout)
      .execute()
  ).length

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

    // Paying the same checkout again is refused: nothing is charged and its outcome is shown.
    const again = await postForm(`${server.url}/sandbox/checkout`, { ...params, checkout, intent: 'pay', ...card })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('<h1>This order is already complete</h1>')
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

  it('4000…0002 is declined in the form: the reason at the card field, Checkout.PaymentFailed, no order', async () => {
    const { response, html, checkout } = await pay(orgPurchase('declined@example.test', 1), {
      ...card,
      cardNumber: '4000000000000002',
    })
    expect(response.status).toBe(402)
    // The payment form again, the decline tied to the card number and what to do, as Paddle's checkout stays open.
    expect(html).toContain('<h1>Checkout</h1>')
    expect(html).toContain(
      '<p class="error" id="f-cardNumber-error">Your card was declined by your bank. No payment was taken. Try another card, or ask your bank.</p>',
    )
    expect(html).toContain('aria-invalid="true" aria-describedby="f-cardNumber-error"')
    // Everything typed is kept but the card number, which is never echoed.
    expect(inputValue(html, 'cardNumber')).toBe('')
    expect(html).not.toContain('4000000000000002')
    expect(inputValue(html, 'cardExpiry')).toBe(card.cardExpiry)
    expect(inputValue(html, 'checkout')).toBe(checkout)
    expect(html).toContain('send("Checkout.PaymentFailed"')
    expect(html).toContain('"error":"Your card was declined by your bank."')
    expect(html).toContain('"completed":false')
    expect(await count('orders', checkout)).toBe(0)
    expect(await outcome(checkout)).toEqual({
      immediatelyAvailable: false,
      state: 'failed',
      reason: 'Your card was declined by your bank.',
    })
    // Another card completes the same checkout, once.
    const again = await postForm(`${server.url}/sandbox/checkout`, {
      ...orgPurchase('declined@example.test', 1),
      checkout,
      intent: 'pay',
      ...card,
    })
    expect(again.status).toBe(200)
    expect(await again.text()).toContain('<h1>Payment complete</h1>')
    expect(await count('orders', checkout)).toBe(1)
  })

  it('4000…9995 is declined for insufficient funds, and says so', async () => {
    const { html, checkout } = await pay(orgPurchase('poor@example.test', 1), {
      ...card,
      cardNumber: '4000000000009995',
    })
    expect(html).toContain(
      'Your card has insufficient funds. No payment was taken. Try another card, or ask your bank.',
    )
    expect(await outcome(checkout)).toMatchObject({ state: 'failed', reason: 'Your card has insufficient funds.' })
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

  it('a refused form keeps everything typed but the card number', async () => {
    const { response, html } = await pay(
      { ...orgPurchase('kept@example.test', 1), postcode: '' },
      { cardNumber: '4242424242424242', cardExpiry: '12/39', cardCvc: '321' },
    )
    expect(response.status).toBe(422)
    expect(inputValue(html, 'cardExpiry')).toBe('12/39')
    expect(inputValue(html, 'cardCvc')).toBe('321')
    expect(inputValue(html, 'cardNumber')).toBe('')
    expect(html).not.toContain('4242424242424242"')
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
    const rejected = {
      immediatelyAvailable: false,
      state: 'failed',
      reason: 'The payment provider rejected the order after reviewing it.',
    }
    expect(await outcome(second.checkout)).toEqual(rejected)
    // Deciding again changes nothing.
    const late = await postForm(`${server.url}/sandbox/review`, { checkout: second.checkout, decision: 'approve' })
    expect(late.headers.get('location')).toBe(`/sandbox/review?missing=${second.checkout}`)
    expect(await outcome(second.checkout)).toEqual(rejected)
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

describe('a checkout is paid once', () => {
  /** A hosted checkout's pay link, as the shop opens it without script. */
  async function payLink(email: string): Promise<string> {
    const answer = await service.call({
      hostedCheckout: {
        product: 'wallaby',
        planId: 'wallaby-organization-year',
        email,
        country: 'US',
        postcode: '10001',
        quantity: 2,
        passthrough: { name: `Company of ${email}` },
        returnUrl: 'http://portal.test/shop/wallaby/buy/',
      },
    })
    return (answer.body as { hostedCheckout: { url: string } }).hostedCheckout.url
  }

  /** Pays the checkout page at `url` (as a browser submits its form) with `cardNumber`. */
  async function payPage(url: string, cardNumber = card.cardNumber) {
    const page = await (await fetch(`${server.url}${url}`)).text()
    const fields = { link: inputValue(page, 'link')!, checkout: inputValue(page, 'checkout')! }
    const paid = await postForm(`${server.url}/sandbox/checkout`, {
      ...fields,
      email: inputValue(page, 'email')!,
      country: 'US',
      postcode: '10001',
      intent: 'pay',
      ...card,
      cardNumber,
    })
    return { ...fields, paid }
  }

  it('Back, a reload or a second tab on a paid pay link shows "This order is already complete", never a payment form', async () => {
    const url = await payLink('reopened@example.test')
    const { checkout, paid } = await payPage(url)
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(
      `http://portal.test/shop/wallaby/buy/?checkout=${checkout}&state=complete`,
    )

    // The pay link opened again is the same checkout: its outcome and the way on.
    const reopened = await fetch(`${server.url}${url}`)
    const html = await reopened.text()
    expect(reopened.status).toBe(200)
    expect(html).toContain('<h1>This order is already complete</h1>')
    expect(html).toContain('Nothing more was charged.')
    expect(html).toContain('<a href="http://portal.test/manage">Go to your licenses</a>')
    expect(html).toContain(
      `<a href="http://portal.test/shop/wallaby/buy/?checkout=${checkout}&amp;state=complete">Back to the shop</a>`,
    )
    expect(html).not.toContain('<form')
    expect(html).not.toContain('Card number')
    expect(await count('orders', checkout)).toBe(1)
    expect(await count('sandbox_payments', checkout)).toBe(1)
  })

  it('a second payment of a paid checkout is refused (409) and charges nothing, hosted or inline', async () => {
    const url = await payLink('twice@example.test')
    const { link, checkout } = await payPage(url)
    const again = await postForm(`${server.url}/sandbox/checkout`, {
      link,
      checkout,
      email: 'twice@example.test',
      country: 'US',
      postcode: '10001',
      intent: 'pay',
      ...card,
    })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('<h1>This order is already complete</h1>')
    // A pay link's checkout is its own: another id in the form cannot make it a new one.
    const renamed = await postForm(`${server.url}/sandbox/checkout`, {
      link,
      checkout: 'chk_0000000000000000',
      email: 'twice@example.test',
      country: 'US',
      postcode: '10001',
      intent: 'pay',
      ...card,
    })
    expect(renamed.status).toBe(409)
    expect(await count('orders', checkout)).toBe(1)
    expect(await count('sandbox_payments', checkout)).toBe(1)

    const inline = await pay(orgPurchase('inline-twice@example.test', 1), card)
    const inlineAgain = await postForm(`${server.url}/sandbox/checkout`, {
      ...orgPurchase('inline-twice@example.test', 1),
      checkout: inline.checkout,
      intent: 'pay',
      ...card,
    })
    expect(inlineAgain.status).toBe(409)
    const inlineHtml = await inlineAgain.text()
    expect(inlineHtml).toContain('<h1>This order is already complete</h1>')
    // Framed, it tells the shop the checkout completed, as the payment did.
    expect(inlineHtml).toContain('send("Checkout.Complete"')
    expect(await count('sandbox_payments', inline.checkout)).toBe(1)
  })

  it('two payments of one checkout at once (a double click) take one payment and make one order', async () => {
    const url = await payLink('double@example.test')
    const page = await (await fetch(`${server.url}${url}`)).text()
    const fields = {
      link: inputValue(page, 'link')!,
      checkout: inputValue(page, 'checkout')!,
      email: 'double@example.test',
      country: 'US',
      postcode: '10001',
      intent: 'pay',
      ...card,
    }
    const answers = await Promise.all([1, 2, 3].map(() => postForm(`${server.url}/sandbox/checkout`, fields)))
    // The one that paid goes back to the shop; the others are refused (or, arriving while the payment was being
    // recorded, see it finished and go back to the shop too).
    const statuses = answers.map((a) => a.status)
    expect(statuses).toContain(303)
    expect(statuses.every((status) => status === 303 || status === 409)).toBe(true)
    expect(await count('sandbox_payments', fields.checkout)).toBe(1)
    expect(await count('orders', fields.checkout)).toBe(1)
  })

  it('a flagged checkout reopened says it is being reviewed; a rejected one that it was not completed', async () => {
    const url = await payLink('reopen-flagged@example.test')
    const { checkout } = await payPage(url, '4000000000009235')
    const flagged = await (await fetch(`${server.url}${url}`)).text()
    expect(flagged).toContain('<h1>This order is already being reviewed</h1>')
    expect(flagged).not.toContain('<form')
    await postForm(`${server.url}/sandbox/review`, { checkout, decision: 'reject' })
    const rejected = await (await fetch(`${server.url}${url}`)).text()
    expect(rejected).toContain('<h1>This order was not completed</h1>')
    expect(rejected).toContain('Back to the shop to start a new checkout')
    expect(rejected).not.toContain('<form')
    expect(await count('sandbox_payments', checkout)).toBe(0)
  })

  it('a declined checkout reopened offers its form again, saying so; paid with another card, it completes once', async () => {
    const url = await payLink('reopen-declined@example.test')
    const { checkout, paid } = await payPage(url, '4000000000000002')
    // The hosted page keeps the buyer too: the form again, never the shop's failed page.
    expect(paid.status).toBe(402)
    const declined = await paid.text()
    expect(declined).toContain('Your card was declined by your bank. No payment was taken. Try another card')
    expect(inputValue(declined, 'link')).toBeTruthy()
    const page = await (await fetch(`${server.url}${url}`)).text()
    expect(page).toContain('The last payment for this order was declined, and no payment was taken.')
    expect(inputValue(page, 'checkout')).toBe(checkout)
    const retried = await payPage(url)
    expect(retried.checkout).toBe(checkout)
    expect(retried.paid.status).toBe(303)
    expect(await count('sandbox_payments', checkout)).toBe(1)
    expect(await count('orders', checkout)).toBe(1)
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

describe('amounts as the customer pays them', () => {
  it('a subscription paid from Germany: its next payment, a quantity change and the alerts carry the 19% VAT', async () => {
    const params = { ...orgPurchase('vat@example.test', 2), country: 'DE', postcode: '10115' }
    const { checkout } = await pay(params, card)
    expect(await outcome(checkout)).toMatchObject({ state: 'complete' })
    const order = await service.db
      .selectFrom('orders')
      .selectAll()
      .where('provider_checkout_id', '=', checkout)
      .executeTakeFirstOrThrow()
    const sub = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    // 116 USD net a license is €106.72 net, €20.28 VAT: €127 a license, €254 for two, as paid at the checkout.
    expect(order.amount).toBe(254)
    expect(sub).toMatchObject({ currency: 'EUR', next_payment_amount: 254 })

    const providerId = sub.provider_subscription_id!
    const raised = await sandbox.updateSubscription({
      subscriptionId: providerId,
      quantity: 3,
      prorate: true,
      billImmediately: true,
    })
    expect(raised.nextPayment).toMatchObject({ currency: 'EUR', amount: 381 })
    const after = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow()
    expect(after.next_payment_amount).toBe(381)
    // The prorated charge for the third license is taxed too.
    const prorated = await service.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('subscription_id', '=', providerId)
      .orderBy('date', 'desc')
      .executeTakeFirstOrThrow()
    expect(prorated.amount).toBeGreaterThan(0)
    expect(prorated.amount).toBeLessThanOrEqual(127)
    expect(prorated.tax).toBeCloseTo(prorated.amount - prorated.amount / 1.19, 1)
  })
})
