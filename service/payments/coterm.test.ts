import { describe, expect, it } from 'vitest'
import { cotermExpiry, cotermQuote } from './coterm.js'
import { addUtcMonths, addUtcYears, termEnd } from './dates.js'

const at = (iso: string) => Date.parse(iso)
const now = at('2026-11-21T12:00:00Z')

describe('co-term arithmetic', () => {
  it('gives every license one year after the latest current expiry', () => {
    const expiry = cotermExpiry(
      [at('2027-01-10T00:00:00Z'), at('2027-05-01T00:00:00Z'), at('2026-12-01T00:00:00Z')],
      now,
    )
    expect(new Date(expiry).toISOString()).toBe('2028-05-01T00:00:00.000Z')
  })

  it('starts from now when every license has expired', () => {
    const expiry = cotermExpiry([at('2026-01-01T00:00:00Z'), at('2026-10-01T00:00:00Z')], now)
    expect(new Date(expiry).toISOString()).toBe('2027-11-21T12:00:00.000Z')
  })

  it('prices the latest license at the annual price and the others pro rata for the time they gain', () => {
    const quote = cotermQuote(
      [
        { expiration: at('2027-05-01T00:00:00Z'), annualPrice: 116 },
        // Gains 2027-01-10 → 2028-05-01: 477 days of a 366-day year (2027-05-01 → 2028-05-01 spans Feb 29 2028).
        { expiration: at('2027-01-10T00:00:00Z'), annualPrice: 116 },
        // Expired: gains from now, 2026-11-21 12:00 → 2028-05-01.
        { expiration: at('2026-10-01T00:00:00Z'), annualPrice: 58 },
      ],
      now,
    )
    expect(new Date(quote.expiry).toISOString()).toBe('2028-05-01T00:00:00.000Z')
    expect(quote.lines[0].price).toBe(116)
    expect(quote.lines[1].price).toBe(Math.round(((116 * 477) / 366) * 100) / 100)
    expect(quote.lines[2].gainMs).toBe(at('2028-05-01T00:00:00Z') - now)
    expect(quote.lines[2].price).toBe(Math.round(((58 * (quote.lines[2].gainMs / 86_400_000)) / 366) * 100) / 100)
    expect(quote.amount).toBe(
      Math.round((quote.lines[0].price + quote.lines[1].price + quote.lines[2].price) * 100) / 100,
    )
  })

  it('charges exactly the annual price for one license', () => {
    expect(cotermQuote([{ expiration: at('2027-02-28T00:00:00Z'), annualPrice: 58 }], now).amount).toBe(58)
  })

  it('needs at least one license', () => {
    expect(() => cotermQuote([], now)).toThrow()
  })
})

describe('calendar arithmetic', () => {
  it('clamps to the end of a shorter month', () => {
    expect(new Date(addUtcMonths(at('2027-01-31T08:00:00Z'), 1)).toISOString()).toBe('2027-02-28T08:00:00.000Z')
    expect(new Date(addUtcMonths(at('2028-01-31T08:00:00Z'), 1)).toISOString()).toBe('2028-02-29T08:00:00.000Z')
    expect(new Date(addUtcYears(at('2028-02-29T00:00:00Z'), 1)).toISOString()).toBe('2029-02-28T00:00:00.000Z')
    expect(new Date(addUtcMonths(at('2027-03-31T00:00:00Z'), -1)).toISOString()).toBe('2027-02-28T00:00:00.000Z')
  })

  it('ends a term at the midnight after its next bill date', () => {
    expect(new Date(termEnd(at('2027-03-01T00:00:00Z'))).toISOString()).toBe('2027-03-02T00:00:00.000Z')
    expect(new Date(termEnd(at('2027-03-01T17:30:00Z'))).toISOString()).toBe('2027-03-02T00:00:00.000Z')
  })
})
