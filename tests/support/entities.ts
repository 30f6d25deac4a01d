// Builders of valid entities (every field of spec §3) for the rules' unit tests, overridden where a test cares.
import type { Company, License, PermissionEntry, PricePlan, Subscription } from '../../protocol/entities.js'

export const DAY = 24 * 60 * 60 * 1000
/** A fixed "now" so that tests never depend on the clock: 2026-03-05T12:00:00Z. */
export const NOW = Date.UTC(2026, 2, 5, 12, 0, 0)

let next = 0

export function license(overrides: Partial<License> = {}): License {
  next += 1
  return {
    id: `lic-${next}`,
    owner: 'company-1',
    order: '1000',
    licenseKey: `KEY-${next}`,
    key: next,
    productName: 'Wallaby.js Company License',
    productGroup: 'wallaby',
    licenseType: 'company',
    expiration: NOW + 200 * DAY,
    assignedTo: '',
    isMultiUser: false,
    trial: false,
    promotional: false,
    lapsing: false,
    ...overrides,
  }
}

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  next += 1
  return {
    subscriptionId: `sub-${next}`,
    state: 'active',
    licenses: [license({ subscription: { subscriptionId: `sub-${next}`, state: 'active' }, billingPeriod: 'year' })],
    quantity: 1,
    lapsingQuantity: 0,
    billingPeriod: 'year',
    productName: 'Console Ninja PRO',
    ...overrides,
  }
}

export function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 'company-1',
    name: 'Acme Corp',
    licenses: [],
    subscriptions: [],
    canAssign: true,
    canAddUsers: true,
    canRenew: true,
    canViewReceipt: true,
    canAddResellers: false,
    ...overrides,
  }
}

export function entry(email: string, permissions: PermissionEntry['permissions']): PermissionEntry {
  return { companyId: 'company-1', email, permissions }
}

/** Wallaby.js's organization plan for a year at the US list price (116 USD), no discount, no tax. */
export function plan(overrides: Partial<PricePlan> = {}): PricePlan {
  return {
    id: 'wallaby-organization-year',
    name: 'Wallaby.js Organization (1 year)',
    type: 'organization',
    billingPeriod: 'year',
    usNetListPrice: 116,
    countryNetListPrice: 116,
    countryDiscountAmount: 0,
    countryDiscountPercent: 0,
    couponDiscountAmount: 0,
    couponDiscountPercent: 0,
    countryNetPrice: 116,
    tax: 0,
    taxRate: 0,
    grossListPrice: 116,
    gross: 116,
    currency: 'USD',
    country: 'US',
    ...overrides,
  }
}
