// Co-terming a renewal (spec §2 "Renew/Co-term Multiple Licenses Request"): every renewed license gets one common
// expiry date, one year after the latest of (the latest current expiry among them, now). The license that expires last
// (or, when all have expired, any of them) gains exactly one year and pays the full annual price; every other license
// gains more than a year and pays for the time it gains, pro rata:
//
//   base      = max(now, max(expiry_i))
//   expiry    = base + 1 calendar year
//   gain_i    = expiry - max(now, expiry_i)
//   price_i   = annualPrice_i × gain_i / (expiry - base)
//
// An expired license starts again from now, never from its old expiry: nobody pays for time already lost.
import { addUtcYears } from './dates.js'
import { roundToCent } from '../../protocol/shared/money.js'

export type CotermLine = { expiration: number; annualPrice: number }

export type CotermQuote = {
  expiry: number
  /** Rounded to cents. */
  amount: number
  /** In input order. */
  lines: Array<{ gainMs: number; price: number }>
}

export function cotermExpiry(expirations: readonly number[], now: number): number {
  return addUtcYears(Math.max(now, ...expirations), 1)
}

export function cotermQuote(lines: readonly CotermLine[], now: number): CotermQuote {
  if (lines.length === 0) throw new Error('a renewal needs at least one license')
  const base = Math.max(now, ...lines.map((l) => l.expiration))
  const expiry = addUtcYears(base, 1)
  const year = expiry - base
  const priced = lines.map((l) => {
    const gainMs = expiry - Math.max(now, l.expiration)
    return { gainMs, price: roundToCent((l.annualPrice * gainMs) / year) }
  })
  return { expiry, amount: roundToCent(priced.reduce((sum, l) => sum + l.price, 0)), lines: priced }
}
