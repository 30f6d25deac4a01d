import { afterEach, describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatTime } from './dates.js'

const utc = { utc: true }
const at = (hours: number, minutes: number) => Date.UTC(2026, 2, 5, hours, minutes)

describe('formatDate (§3: month name, day, year)', () => {
  it.each([
    [Date.UTC(2026, 2, 5, 12), 'March 5, 2026'],
    [Date.UTC(2025, 0, 1), 'January 1, 2025'],
    [Date.UTC(2024, 11, 31, 23, 59), 'December 31, 2024'],
  ])('%i → %s in UTC', (ms, text) => {
    expect(formatDate(ms, utc)).toBe(text)
  })

  describe('local time', () => {
    const original = process.env.TZ
    afterEach(() => {
      process.env.TZ = original
    })
    it('uses the local calendar day when utc is false', () => {
      process.env.TZ = 'America/New_York'
      const earlyUtc = Date.UTC(2026, 2, 5, 2, 0) // 21:00 on March 4 in New York
      expect(formatDate(earlyUtc, { utc: false })).toBe('March 4, 2026')
      expect(formatDate(earlyUtc, utc)).toBe('March 5, 2026')
      expect(formatTime(earlyUtc, { utc: false })).toBe('09:00 PM')
    })
  })
})

describe('formatTime (§3: HH:MM with AM/PM, PM from hour 11)', () => {
  it.each([
    [0, 5, '12:05 AM'],
    [9, 7, '09:07 AM'],
    [10, 59, '10:59 AM'],
    // the spec's quirk: hour 11 is already PM
    [11, 0, '11:00 PM'],
    [11, 30, '11:30 PM'],
    [12, 0, '12:00 PM'],
    [13, 5, '01:05 PM'],
    [23, 59, '11:59 PM'],
  ])('%i:%i → %s', (hours, minutes, text) => {
    expect(formatTime(at(hours, minutes), utc)).toBe(text)
  })
})

describe('formatDateTime', () => {
  it('joins date and time', () => {
    expect(formatDateTime(at(14, 3), utc)).toBe('March 5, 2026 02:03 PM')
  })
})
