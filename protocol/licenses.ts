/**
 * License rules the portal shows and the licensing service enforces (spec §5): which licenses can be assigned, which
 * have an offline key, which can be renewed and how. Pure, no I/O.
 */
import type { BillingPeriod, Company, License } from './entities.js'

export const DAY_MS = 24 * 60 * 60 * 1000
/** §5: subscription licenses need an annual period or more than this many days to expiry for some actions. */
export const LONG_TERM_DAYS = 90

/** §9: a license may be active in this many locations (machines) at once. */
export const ACTIVATION_LIMIT = 3

/** A license stops counting as usable (assignable, activatable) at its expiration instant. */
export function isExpired(license: Pick<License, 'expiration'>, now: number): boolean {
  return license.expiration <= now
}

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

/** Enterprise and multi-user licenses are renewed through sales (a mail link) instead of the renewal call (§7). */
export function renewsThroughSales(license: Pick<License, 'productName' | 'isMultiUser'>): boolean {
  return !canAssignLicense(license)
}

/** Why the renewal call refuses a license, in words the portal can show. */
export const renewalRefusals = {
  openSource: 'Open Source licenses are renewed free of charge; they cannot be bought.',
  noOrder: 'A license without an order cannot be renewed; buy a license instead.',
  trial: 'A trial license cannot be renewed; buy a license instead.',
  promotional: 'A promotional license cannot be renewed; buy a license instead.',
  subscription: 'A subscription license renews with its subscription.',
} as const

/**
 * §5 "Renew hidden for …": why a license cannot be renewed, undefined when it can. `personal` says a person, not a
 * company, owns it.
 *
 * A subscription renews its own licenses, so they are refused, except a personal license whose subscription is
 * cancelled (`deleted`): nothing renews it any more and it would just stop at the end of its term, so it is renewed
 * like any license and the paid renewal takes it out of the subscription. Company subscription licenses are always
 * refused (the spec hides them).
 */
export function renewalRefusal(
  license: Pick<License, 'productName' | 'order' | 'trial' | 'promotional' | 'subscription'>,
  personal: boolean,
): string | undefined {
  if (isOpenSource(license)) return renewalRefusals.openSource
  if (license.order === '') return renewalRefusals.noOrder
  if (license.trial) return renewalRefusals.trial
  if (license.promotional) return renewalRefusals.promotional
  if (license.subscription && !(personal && license.subscription.state === 'deleted')) {
    return renewalRefusals.subscription
  }
  return undefined
}

/**
 * §5: Renew is shown when the renewal call would accept the license and the company gives the renewal right.
 * `company` is the company the license is shown under, `undefined` for the personal licenses (a company license
 * assigned to the user is listed with them, and is still a company license).
 */
export function showRenew(license: License, company: Pick<Company, 'canRenew'> | undefined): boolean {
  if (company && !company.canRenew) return false
  return renewalRefusal(license, !company && license.licenseType === 'personal') === undefined
}
