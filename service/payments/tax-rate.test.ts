import { describe, expect, it } from 'vitest'
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
})
