// A sandbox checkout is paid once: reopened, paid again, paid twice at once, flagged or declined before.
import { describe, expect, it } from 'vitest'
import { inputValue, postForm } from '../tests/support/payments.js'
import { card, count, orgPurchase, pay, server, service, startSandbox } from '../tests/support/sandbox.js'

startSandbox()

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
