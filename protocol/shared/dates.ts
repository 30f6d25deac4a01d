// Dates of spec §3: calendar arithmetic in UTC, and the date and time formats, written without Intl so that the
// server, the browser and the mails write the same text whatever their locale (only local or UTC differs).

export const DAY_MS = 24 * 60 * 60 * 1000

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

/** §9: "Monthly billing cycle 30 days"; a yearly one runs to the same date a year on. */
export const MONTHLY_TERM_DAYS = 30

/** `count` billing periods on (back, when negative). */
export function addBillingPeriod(ms: number, period: 'month' | 'year', count = 1): number {
  return period === 'year' ? addUtcYears(ms, count) : ms + count * MONTHLY_TERM_DAYS * DAY_MS
}

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

export type DateOptions = { utc: boolean }

function parts(ms: number, { utc }: DateOptions) {
  const d = new Date(ms)
  return utc
    ? {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth(),
        day: d.getUTCDate(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
      }
    : { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hours: d.getHours(), minutes: d.getMinutes() }
}

/** "March 5, 2026". */
export function formatDate(ms: number, options: DateOptions): string {
  const { year, month, day } = parts(ms, options)
  return `${monthNames[month]} ${day}, ${year}`
}

/** "HH:MM AM" on a 12-hour clock (00 as 12); the spec's quirk kept on purpose: PM starts at hour 11. */
export function formatTime(ms: number, options: DateOptions): string {
  const { hours, minutes } = parts(ms, options)
  const suffix = hours >= 11 ? 'PM' : 'AM'
  const hh = hours % 12 === 0 ? 12 : hours % 12
  return `${pad(hh)}:${pad(minutes)} ${suffix}`
}

/** Date and time together, e.g. an activation's time in the Too Many Activations list. */
export function formatDateTime(ms: number, options: DateOptions): string {
  return `${formatDate(ms, options)} ${formatTime(ms, options)}`
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}
