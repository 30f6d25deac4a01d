// The sandbox's prices API, as Paddle.js asks it for the shop's prices.
import { describe, expect, it } from 'vitest'
import { server, startSandbox } from '../tests/support/sandbox.js'

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
