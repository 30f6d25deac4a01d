import { describe, expect, it } from 'vitest'
import { configuredTaxRate } from '../service/payments/tax-rate.js'
import { sandboxPrice } from './pricing.js'

describe('sandboxPrice', () => {
  it('gives back every rate the sandbox is configured with, for every country and plan price', () => {
    const configured = new Map<string, number>()
    for (const code of ['AT', 'DE', 'FI', 'CH', 'IN', 'GB', 'CA', 'SG', 'US', 'IT', 'IE']) {
      for (const usd of [6.05, 12.1, 58, 116]) {
        for (const coupon of [undefined, 'SAVE10', 'HALFOFF']) {
          const price = sandboxPrice(usd, code, coupon)
          expect(configuredTaxRate([price.price, price.listPrice]), `${code} ${usd} ${coupon}`).toBe(price.taxPercent)
          configured.set(code, price.taxPercent)
        }
      }
    }
    expect(configured.get('AT')).toBe(20)
  })
})
