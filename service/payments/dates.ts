/** Calendar arithmetic in UTC for terms, renewals and coupons (month and year steps shared with the portal). */
import { addUtcMonths, addUtcYears } from '../../protocol/dates.js'

export { addUtcMonths, addUtcYears }

export const DAY_MS = 24 * 60 * 60 * 1000

/** One billing period later: a month (calendar) or a year. */
export function addPeriod(ms: number, period: 'month' | 'year'): number {
  return period === 'year' ? addUtcYears(ms, 1) : addUtcMonths(ms, 1)
}

/**
 * A subscription's licenses run through the day of the next bill date (the provider charges during that day), so a
 * term ends at the following midnight UTC.
 */
export function termEnd(nextBillDate: number): number {
  const d = new Date(nextBillDate)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) + DAY_MS
}

/** Paddle's date format: YYYY-MM-DD (UTC). */
export function paddleDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** Paddle's date-time format: YYYY-MM-DD HH:MM:SS (UTC). */
export function paddleDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}

/** YYYY-MM-DD at midnight UTC. */
export function startOfUtcDay(ms: number): number {
  const d = new Date(ms)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
}
