/**
 * Spec §3 date formats: "month name, day, year, in UTC or local time", and a time form "HH:MM with AM/PM, PM starting
 * at hour 11 or later". Written without Intl so that the server and the browser render the same text (no hydration
 * mismatch between locales); only the local/UTC choice differs by where it runs.
 */

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

/**
 * "HH:MM AM" / "HH:MM PM" on a 12-hour clock (00 shown as 12). The spec's quirk is kept on purpose: PM starts at hour
 * 11, so 11:30 in the morning reads "11:30 PM".
 */
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
