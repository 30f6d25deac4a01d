/**
 * License rules the portal shows and the licensing service enforces (spec §5): which licenses can be assigned and
 * which have an offline key. Pure, no I/O; the portal reaches them through `app/rules/license.ts`.
 */
import type { BillingPeriod, License } from './entities.js'

export const DAY_MS = 24 * 60 * 60 * 1000
/** §5: subscription licenses need an annual period or more than this many days to expiry for some actions. */
export const LONG_TERM_DAYS = 90

export function isOpenSource(license: Pick<License, 'productName'>): boolean {
  return /open source/i.test(license.productName)
}

export function isEnterprise(license: Pick<License, 'productName'>): boolean {
  return /enterprise/i.test(license.productName)
}

/**
 * Order numbers are strings; compare digit-only ones by value so "999" comes before "1000", others by code point
 * (no locale, so that server and client agree; shared by the portal's sort orders and the
 * service's seat planning).
 */
export function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = a.replace(/^0+(?=\d)/, '')
    const y = b.replace(/^0+(?=\d)/, '')
    if (x.length !== y.length) return x.length - y.length
    if (x !== y) return x < y ? -1 : 1
  }
  return a < b ? -1 : a > b ? 1 : 0
}

/** §5: the text shown, and answered by the service, for a license that cannot be assigned. */
export const cannotAssign = 'Cannot assign this license type'

/** §5: enterprise and multi-user licenses cannot be assigned ("Cannot assign this license type"). */
export function canAssignLicense(license: Pick<License, 'productName' | 'isMultiUser'>): boolean {
  return !isEnterprise(license) && !license.isMultiUser
}

/** §5: "an annual period or more than 90 days to expiry". */
export function isAnnualOrLongTerm(billingPeriod: BillingPeriod | undefined, expiration: number, now: number): boolean {
  return billingPeriod === 'year' || expiration - now > LONG_TERM_DAYS * DAY_MS
}

/**
 * §5: the offline key is hidden for Open Source, trial and monthly-subscription licenses; a subscription license
 * also needs an annual period or more than 90 days to expiry.
 */
export function showOfflineKey(
  license: Pick<License, 'productName' | 'trial' | 'subscription' | 'billingPeriod' | 'expiration'>,
  now: number,
): boolean {
  if (isOpenSource(license) || license.trial) return false
  if (!license.subscription) return true
  if (license.billingPeriod === 'month') return false
  return isAnnualOrLongTerm(license.billingPeriod, license.expiration, now)
}
