import { describe, expect, it } from 'vitest'
import { sandboxPrice } from './sandbox/pricing.js'
import { configuredTaxRate } from './tax-rate.js'

const amounts = (net: number, tax: number) => ({ net, tax, gross: Math.round((net + tax) * 100) / 100 })

describe('configuredTaxRate', () => {
  it('gives the configured rate where dividing the rounded amounts does not (Austria 20% on €5.57)', () => {
    expect((1.11 / 5.57) * 100).toBeCloseTo(19.93, 2)
    expect(configuredTaxRate([amounts(5.57, 1.11)])).toBe(20)
  })

  it('keeps a rate with decimals (Finland 25.5%, Switzerland 8.1%)', () => {
    expect(configuredTaxRate([amounts(5.57, 1.42)])).toBe(25.5)
    expect(configuredTaxRate([amounts(6.05, 0.49)])).toBe(8.1)
  })

  it('is zero without tax or without a price', () => {
    expect(configuredTaxRate([amounts(58, 0)])).toBe(0)
    expect(configuredTaxRate([])).toBe(0)
    expect(configuredTaxRate([amounts(0, 0)])).toBe(0)
  })

  it('uses every amount given: the list price narrows what a small price leaves open', () => {
    // 0.50 on 2.50 is anything from 19.8% to 20.2%; 21.34 on 106.72 settles it.
    expect(configuredTaxRate([amounts(2.5, 0.5), amounts(106.72, 21.34)])).toBe(20)
  })

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
