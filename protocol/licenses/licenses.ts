// License rules (spec §5): which licenses can be assigned, have an offline key, can be renewed and how. Pure, no I/O.
import { DAY_MS } from '../shared/dates.js'
import type { BillingPeriod, Company, License } from '../entities.js'

/** §5: "an annual period or more than 90 days to expiry". */
export const LONG_TERM_DAYS = 90

/** §9: active locations (machines) per license. */
export const ACTIVATION_LIMIT = 3

export function isExpired(license: Pick<License, 'expiration'>, now: number): boolean {
  return license.expiration <= now
}

export function isOpenSource(license: Pick<License, 'productName'>): boolean {
  return /open source/i.test(license.productName)
}

export function isEnterprise(license: Pick<License, 'productName'>): boolean {
  return /enterprise/i.test(license.productName)
}

/** Digit-only order numbers compare by value ("999" < "1000"), others by code point (no locale, so all agree). */
export function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = a.replace(/^0+(?=\d)/, '')
    const y = b.replace(/^0+(?=\d)/, '')
    if (x.length !== y.length) return x.length - y.length
    if (x !== y) return x < y ? -1 : 1
  }
  return a < b ? -1 : a > b ? 1 : 0
}

export const cannotAssign = 'Cannot assign this license type'

export function canAssignLicense(license: Pick<License, 'productName' | 'isMultiUser'>): boolean {
  return !isEnterprise(license) && !license.isMultiUser
}

export function isAnnualOrLongTerm(billingPeriod: BillingPeriod | undefined, expiration: number, now: number): boolean {
  return billingPeriod === 'year' || expiration - now > LONG_TERM_DAYS * DAY_MS
}

/** §5: hidden for Open Source, trial and monthly-subscription licenses; subscription ones need annual or long term. */
export function showOfflineKey(
  license: Pick<License, 'productName' | 'trial' | 'subscription' | 'billingPeriod' | 'expiration'>,
  now: number,
): boolean {
  if (isOpenSource(license) || license.trial) return false
  if (!license.subscription) return true
  if (license.billingPeriod === 'month') return false
  return isAnnualOrLongTerm(license.billingPeriod, license.expiration, now)
}

/** Renewed through sales (a mail link) instead of the renewal call (§7). */
export function renewsThroughSales(license: Pick<License, 'productName' | 'isMultiUser'>): boolean {
  return !canAssignLicense(license)
}

export const renewalRefusals = {
  openSource: 'Open Source licenses are renewed free of charge; they cannot be bought.',
  noOrder: 'A license without an order cannot be renewed; buy a license instead.',
  trial: 'A trial license cannot be renewed; buy a license instead.',
  promotional: 'A promotional license cannot be renewed; buy a license instead.',
  subscription: 'A subscription license renews with its subscription.',
} as const

/** §5 "Renew hidden for …" a company subscription's license; a personal one is renewed on its own (decision 0023). */
export function renewalRefusal(
  license: Pick<License, 'productName' | 'order' | 'trial' | 'promotional' | 'subscription'>,
  personal: boolean,
): string | undefined {
  if (isOpenSource(license)) return renewalRefusals.openSource
  if (license.order === '') return renewalRefusals.noOrder
  if (license.trial) return renewalRefusals.trial
  if (license.promotional) return renewalRefusals.promotional
  if (license.subscription && !personal) return renewalRefusals.subscription
  return undefined
}

/** §5: `company` is the one the license is shown under, `undefined` for the personal licenses. */
export function showRenew(license: License, company: Pick<Company, 'canRenew'> | undefined): boolean {
  if (company && !company.canRenew) return false
  return renewalRefusal(license, !company && license.licenseType === 'personal') === undefined
}

/** §8: the activation link's failures, as the service answers them and the activation page says them. */
export const activationMessages = {
  INVALID_AGE: 'Your activation link has expired.',
  INVALID_SIGNATURE: 'Your activation link is not valid.',
  NO_USER: 'No email address found for this activation request.',
  NO_ACTIVATION: 'No pending activations found for your activation link.',
} as const
