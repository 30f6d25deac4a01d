import { describe, expect, it } from 'vitest'
import { currencySymbol, formatPrice, inCents, roundToCent } from './money.js'

describe('formatPrice (§9: thousands separators, two decimals, .00 dropped)', () => {
  it.each([
    [116, 'USD', '$116'],
    [12.1, 'USD', '$12.10'],
    [6.05, 'USD', '$6.05'],
    [1234.5, 'USD', '$1,234.50'],
    [1234.5, 'EUR', '€1,234.50'],
    [116, 'EUR', '€116'],
    [1234567.891, 'GBP', '£1,234,567.89'],
    [999.999, 'USD', '$1,000'],
    [0, 'USD', '$0'],
    [-5.5, 'USD', '-$5.50'],
    [58, 'chf', 'CHF 58'],
    [12, 'CHF', 'CHF 12'],
    [1000, 'JPY', '¥1,000'],
  ])('%d %s → %s', (amount, currency, text) => {
    expect(formatPrice(amount, currency)).toBe(text)
  })
  it('knows the common symbols and falls back to the code', () => {
    expect(currencySymbol('usd')).toBe('$')
    expect(currencySymbol('XYZ')).toBe('XYZ ')
    expect(currencySymbol('toString')).toBe('TOSTRING ')
  })
})

describe('cents', () => {
  it('rounds an amount to the cent, halves up, without binary drift', () => {
    expect(roundToCent(12.345)).toBe(12.35)
    expect(roundToCent(1.005)).toBe(1.01)
    expect(roundToCent(116 / 12)).toBe(9.67)
    expect(roundToCent(0.1 + 0.2)).toBe(0.3)
  })
  it('counts an amount in whole cents', () => {
    expect(inCents(12.1)).toBe(1210)
    expect(inCents(1.005)).toBe(101)
    expect(inCents(0)).toBe(0)
  })
})
