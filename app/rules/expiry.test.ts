import { describe, expect, it } from 'vitest'
import { discountDeadlineMessage, expiryWarnings, longExpiredMessage } from './expiry'
import { DAY, NOW, license } from './test-fixtures'

describe('expiryWarnings (§9: 60-day window)', () => {
  const longAgo = license({ expiration: NOW - 61 * DAY })
  const recent = license({ expiration: NOW - 10 * DAY })
  const edge = license({ expiration: NOW - 60 * DAY })
  const yesterday = license({ expiration: NOW - DAY })
  const valid = license({ expiration: NOW + DAY })
  const openSource = license({ productName: 'Wallaby.js Open Source License', expiration: NOW - 10 * DAY })
  const openSourceOld = license({ productName: 'Wallaby.js Open Source License', expiration: NOW - 100 * DAY })

  it('counts licenses expired more than 60 days ago and lists the others with expiry + 60 days, soonest first', () => {
    const warnings = expiryWarnings([longAgo, recent, edge, yesterday, valid], NOW)
    expect(warnings.longExpiredCount).toBe(1)
    expect(warnings.discountDeadlines).toEqual([
      { license: edge, deadline: NOW },
      { license: recent, deadline: NOW + 50 * DAY },
      { license: yesterday, deadline: NOW + 59 * DAY },
    ])
  })
  it('leaves out Open Source licenses and licenses that have not expired', () => {
    expect(expiryWarnings([openSource, openSourceOld, valid], NOW)).toEqual({
      longExpiredCount: 0,
      discountDeadlines: [],
    })
  })
  it('counts a license seen twice (company list and assigned to me) once', () => {
    expect(expiryWarnings([longAgo, { ...longAgo }, recent, { ...recent }], NOW)).toEqual({
      longExpiredCount: 1,
      discountDeadlines: [{ license: recent, deadline: NOW + 50 * DAY }],
    })
  })
})

describe('expiry messages', () => {
  it('long-expired count', () => {
    expect(longExpiredMessage(2)).toBe(
      '2 license(s) expired more than 60 days ago. Renew them to keep receiving updates.',
    )
  })
  it('discount deadline', () => {
    const l = license({ productName: 'Wallaby.js Company License', expiration: Date.UTC(2026, 1, 1) })
    expect(discountDeadlineMessage(l, Date.UTC(2026, 3, 2))).toBe(
      'Wallaby.js expired on February 1, 2026. Renew by April 2, 2026 to get the full renewal discount.',
    )
  })
})
