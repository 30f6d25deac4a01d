// The sandbox's inline checkout page: the order, its labelled fields, re-pricing, and the pages that refuse.
import { describe, expect, it } from 'vitest'
import { inputValue, postForm } from '../tests/support/payments.js'
import { openCheckout, orgPurchase, sandbox, server, startSandbox } from '../tests/support/sandbox.js'

startSandbox()

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
