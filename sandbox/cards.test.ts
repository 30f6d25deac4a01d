// Paying the sandbox's checkout with each test card (`cards.ts`): completed, declined, refused, flagged, hosted.
import { describe, expect, it } from 'vitest'
import { inputValue, postForm } from '../tests/support/payments.js'
import { card, count, orgPurchase, outcome, pay, server, service, startSandbox } from '../tests/support/sandbox.js'

startSandbox()

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
