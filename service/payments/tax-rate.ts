// Amounts are rounded to the cent, so tax ÷ net is off (Austria's 20% on €5.57 is €1.11: 19.93%): the configured rate
// is the simplest one that gives back every amount.
import type { PriceAmounts } from './provider.js'

const HALF_CENT = 0.005
const TOLERANCE = 1e-9

export function configuredTaxRate(amounts: readonly PriceAmounts[]): number {
  const priced = amounts.filter((a) => a.net > 0)
  if (priced.length === 0 || priced.every((a) => a.tax === 0)) return 0
  // Every rate in [low, high] rounds each net amount to its tax amount.
  let low = 0
  let high = Infinity
  for (const { net, tax } of priced) {
    low = Math.max(low, ((tax - HALF_CENT) / net) * 100)
    high = Math.min(high, ((tax + HALF_CENT) / net) * 100)
  }
  const largest = priced.reduce((a, b) => (b.net > a.net ? b : a))
  const divided = (largest.tax / largest.net) * 100
  const givesBack = (rate: number) =>
    priced.every(({ net, tax }) => Math.abs((net * rate) / 100 - tax) <= HALF_CENT + TOLERANCE)
  for (const decimals of [0, 1, 2]) {
    const scale = 10 ** decimals
    const candidates: number[] = []
    for (let n = Math.ceil((low - TOLERANCE) * scale); n <= Math.floor((high + TOLERANCE) * scale); n++) {
      if (givesBack(n / scale)) candidates.push(n / scale)
    }
    if (candidates.length > 0) {
      return candidates.reduce((a, b) => (Math.abs(b - divided) < Math.abs(a - divided) ? b : a))
    }
  }
  return Math.round(divided * 100) / 100
}
