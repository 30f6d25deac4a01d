// The entities of spec §3 as the licensing protocol carries them, written once (zod) for both sides.
import * as z from 'zod/mini'
import { typedLine } from './shared/text.js'
import { LogonLinkPolicy, ProductGroup } from './shared/choices.js'

export { LogonLinkPolicy, ProductGroup, productGroups } from './shared/choices.js'

export const BillingPeriod = z.enum(['month', 'year'])
export type BillingPeriod = z.infer<typeof BillingPeriod>

export const LicenseSubscriptionRef = z.object({
  subscriptionId: z.string(),
  state: z.string(),
})

export const License = z.object({
  id: z.string(),
  owner: z.string(),
  order: z.string(),
  licenseKey: z.string(),
  key: z.int(),
  productName: z.string(),
  productGroup: ProductGroup,
  licenseType: z.enum(['personal', 'company']),
  expiration: z.number(),
  assignedTo: z.string(),
  isMultiUser: z.boolean(),
  trial: z.boolean(),
  promotional: z.boolean(),
  subscription: z.optional(LicenseSubscriptionRef),
  billingPeriod: z.optional(BillingPeriod),
  lapsing: z.boolean(),
})
export type License = z.infer<typeof License>

export const SubscriptionState = z.enum(['active', 'paused', 'pastDue', 'deleted'])
export type SubscriptionState = z.infer<typeof SubscriptionState>

export const Money = z.object({ date: z.number(), currency: z.string(), amount: z.number() })

/** Amounts tax included; `tax` is the part of it when the provider tells it apart. */
export const SubscriptionPreview = z.object({
  immediatePayment: z.optional(z.object({ amount: z.number(), currency: z.string(), tax: z.optional(z.number()) })),
  /** A prorated credit the provider keeps for later payments. */
  credit: z.optional(z.object({ amount: z.number(), currency: z.string() })),
  nextPayment: z.optional(Money),
})
export type SubscriptionPreview = z.infer<typeof SubscriptionPreview>

export const SpecialOffer = z.object({
  message: z.string(),
  currency: z.string(),
  priceGross: z.number(),
  country: z.string(),
})

export const Subscription = z.object({
  subscriptionId: z.string(),
  state: SubscriptionState,
  licenses: z.array(License),
  quantity: z.int(),
  lapsingQuantity: z.int(),
  billingPeriod: BillingPeriod,
  productName: z.string(),
  nextPayment: z.optional(Money),
  paymentMethod: z.optional(z.enum(['paypal', 'card'])),
  cardType: z.optional(z.string()),
  lastFourDigits: z.optional(z.string()),
  expiryDate: z.optional(z.string()),
  updateUrl: z.optional(z.string()),
  specialOffer: z.optional(SpecialOffer),
  /** Set while a change the provider has not confirmed yet is under way (e.g. an upgrade). */
  pendingChange: z.optional(z.string()),
})
export type Subscription = z.infer<typeof Subscription>

export const Company = z.object({
  id: z.string(),
  name: z.string(),
  licenses: z.array(License),
  subscriptions: z.array(Subscription),
  canAssign: z.boolean(),
  canAddUsers: z.boolean(),
  canRenew: z.boolean(),
  canViewReceipt: z.boolean(),
  canAddResellers: z.boolean(),
})
export type Company = z.infer<typeof Company>

export const ReceiptPayment = z.object({
  date: z.number(),
  currency: z.string(),
  amount: z.number(),
  receiptUrl: z.string(),
})
export type ReceiptPayment = z.infer<typeof ReceiptPayment>

export const OfflineLicense = z.object({ id: z.string(), owner: z.string(), licenseKey: z.string() })
export type OfflineLicense = z.infer<typeof OfflineLicense>

export const PermissionCode = z.enum(['ADMIN', 'RESELLER', 'ASSIGN'])
export type PermissionCode = z.infer<typeof PermissionCode>

export const PermissionEntry = z.object({
  companyId: z.string(),
  email: z.string(),
  permissions: z.array(PermissionCode),
})
export type PermissionEntry = z.infer<typeof PermissionEntry>

export const Activation = z.object({
  key: z.string(),
  hostname: z.string(),
  activationTime: z.number(),
})
export type Activation = z.infer<typeof Activation>

export const AccountSettings = z.object({
  logonLink: LogonLinkPolicy,
  githubLinked: z.boolean(),
  googleLinked: z.boolean(),
  /** "Email me before renewals and expiries" (on unless turned off). */
  renewalReminders: z.boolean(),
})
export type AccountSettings = z.infer<typeof AccountSettings>

export const CouponStatus = z.enum(['active', 'expired', 'invalid', 'redeemed'])
export type CouponStatus = z.infer<typeof CouponStatus>

export const RedeemResult = z.enum(['addedToExisting', 'createdNew', 'expired', 'invalid', 'redeemed'])
export type RedeemResult = z.infer<typeof RedeemResult>

export const LicenseRef = z.object({ id: z.string().check(z.minLength(1)), owner: z.string() })
export type LicenseRef = z.infer<typeof LicenseRef>

/** Spec §3 price entry, as the price lookup answers it. */
export const PricePlan = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['organization', 'personal']),
  billingPeriod: BillingPeriod,
  usNetListPrice: z.number(),
  countryNetListPrice: z.number(),
  countryDiscountAmount: z.number(),
  countryDiscountPercent: z.number(),
  couponDiscountAmount: z.number(),
  couponDiscountPercent: z.number(),
  countryNetPrice: z.number(),
  tax: z.number(),
  taxRate: z.number(),
  grossListPrice: z.number(),
  gross: z.number(),
  currency: z.string(),
  country: z.string(),
  coupon: z.optional(z.string()),
})
export type PricePlan = z.infer<typeof PricePlan>

/** Spec §3. */
export const Country = z.object({
  code: z.string().check(z.length(2)),
  name: z.string(),
  taxName: z.optional(z.string()),
  requiresZip: z.optional(z.boolean()),
})
export type Country = z.infer<typeof Country>

/** Spec §3: kept in a cookie for 14 days. */
export const CheckoutPassthrough = z.object({ name: typedLine(200), referrer: z.optional(typedLine(500)) })
export type CheckoutPassthrough = z.infer<typeof CheckoutPassthrough>
