/** Calendar arithmetic in UTC for terms, renewals and coupons. */
import { addUtcMonths, addUtcYears, DAY_MS } from '../../protocol/shared/dates.js'

export { addUtcMonths, addUtcYears }

/** Licenses run through the next bill date (charged during that day): a term ends at the next midnight UTC. */
export function termEnd(nextBillDate: number): number {
  const d = new Date(nextBillDate)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) + DAY_MS
}

/** YYYY-MM-DD (UTC). */
export function paddleDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** YYYY-MM-DD HH:MM:SS (UTC). */
export function paddleDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}

export function startOfUtcDay(ms: number): number {
  const d = new Date(ms)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
}
