/** Calendar arithmetic in UTC, shared by the service (terms, renewals, coupons) and the portal (what a dialog promises). */

/** Adds calendar months; a day past the end of the target month is clamped to its last day (Jan 31 + 1 → Feb 28/29). */
export function addUtcMonths(ms: number, months: number): number {
  const date = new Date(ms)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, lastDay))
  return date.getTime()
}

export function addUtcYears(ms: number, years: number): number {
  return addUtcMonths(ms, years * 12)
}
