// The licensing protocol of spec §7: `POST /api/licensing` with one key naming the operation; the session travels in
// `Authorization: Bearer …`, never in a payload.
import * as z from 'zod'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email.js'
import {
  AccountSettings,
  Activation,
  Company,
  CouponStatus,
  License,
  LicenseRef,
  LogonLinkPolicy,
  OfflineLicense,
  CheckoutPassthrough,
  Country,
  PermissionCode,
  PermissionEntry,
  PricePlan,
  ProductGroup,
  ReceiptPayment,
  RedeemResult,
  Subscription,
} from './entities.js'
import { MAX_ASSIGNMENT_CHANGES, MAX_OFFLINE_KEYS, MAX_REMOVALS, MAX_RENEWALS, limitMessage } from './limits.js'
import { isOwnKey } from './own.js'
import { LicenseWindow, WindowedFacts } from './windows.js'
import { retrieveActivityOperation } from './activity.js'
import { domainOperations } from './domains.js'
import { companySignInOperations } from './company-sign-in.js'
import { lineOfText, typedLine } from './text.js'
import { RetrieveLicensesPayload, RetrieveLicensesResult } from './license-reads.js'
import { directoryOperations } from './directory.js'
import { apiTokenOperations } from './api-tokens.js'
import { usageOperations } from './usage.js'
import { reclaimOperations } from './reclaim.js'
import { webhookOperations } from './webhooks.js'
import { machineOperations } from './machines.js'

const email = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN)
const id = z.string().min(1).max(200)
/** A call without a payload: `{}`, `null`, or none at all. */
export const emptyPayload = z.object({}).strict().or(z.undefined()).or(z.null())
const empty = emptyPayload
const completed = z.object({ completed: z.literal(true) })
const subscriptionOnly = z.object({ subscriptionId: id })

export const operations = {
  // editor-facing
  activation: {
    payload: z.object({ licenseKey: z.string().min(1).max(4000), hostname: lineOfText(255, 1) }),
    result: z.object({ completed: z.literal(true), pending: z.boolean(), expiration: z.number().optional() }),
  },
  licenseCheck: {
    payload: z.object({ licenseKey: z.string().min(1).max(4000), hostname: lineOfText(255, 1) }),
    result: z.object({ valid: z.boolean(), expiration: z.number().optional(), productName: z.string().optional() }),
  },
  ossLicenseCheck: {
    payload: z.object({ licenseKey: z.string().min(1).max(4000), repository: z.string().max(500).optional() }),
    result: z.object({ valid: z.boolean(), expiration: z.number().optional() }),
  },
  confirmActivation: {
    payload: z.object({
      passthrough: z.string().min(1).max(4000),
      deactivate: z.array(z.string().max(200)).max(10).default([]),
    }),
    result: z.object({ completed: z.literal(true) }).or(z.object({ activations: z.array(Activation) })),
  },
  // sign-in and session
  manageLicense: {
    payload: z.discriminatedUnion('type', [
      z.object({ type: z.literal('link'), email }),
      z.object({ type: z.enum(['github', 'google']), callback: z.string().url().max(2000) }),
    ]),
    result: z.object({ completed: z.literal(true) }).or(z.object({ redirect: z.string() })),
  },
  completeAuthentication: {
    payload: z.object({
      type: z.enum(['github', 'google']),
      code: z.string().min(1).max(2000),
      state: z.string().min(1).max(2000),
    }),
    result: z.object({
      completed: z.literal(true),
      session: z.string(),
      email: z.string(),
      admin: z.boolean(),
      /** Present after `linkAccount`: the provider was linked to the signed-in account, no one signed in. */
      linked: z.enum(['github', 'google']).optional(),
    }),
  },
  /** Account settings' "link": like the social manageLicense, for the signed-in account. */
  linkAccount: {
    payload: z.object({ type: z.enum(['github', 'google']), callback: z.string().url().max(2000) }),
    result: z.object({ redirect: z.string() }),
  },
  retrieveDetails: {
    /** Without `windows`, every license (spec §7); with them, each table's window and `windowed` counts. */
    payload: z
      .object({ passthrough: z.string().max(4000).optional(), windows: z.array(LicenseWindow).max(1000).optional() })
      .default({}),
    result: z.object({
      email: z.string(),
      admin: z.boolean(),
      /** Present when a passthrough started a new service session: the portal keeps it as its credential. */
      session: z.string().optional(),
      body: z.object({
        personal: z.object({ licenses: z.array(License), subscriptions: z.array(Subscription) }),
        companies: z.array(Company),
      }),
      windowed: WindowedFacts.optional(),
    }),
  },
  /** The licenses of one table a change touches and the caller's role there; NOT_FOUND outside the caller's tables. */
  retrieveLicenses: { payload: RetrieveLicensesPayload, result: RetrieveLicensesResult },
  logout: { payload: empty, result: completed },
  /** What an emailed sign-in link that did not sign in is, with its address while kept, to offer a new link. */
  signInLink: {
    payload: z.object({ passthrough: z.string().max(4000) }),
    result: z.object({
      state: z.enum(['unused', 'used', 'replaced', 'expired', 'invalid']),
      email: z.string().optional(),
    }),
  },
  accountSettings: { payload: empty, result: AccountSettings },
  updateAccountSettings: {
    payload: z.object({
      logonLink: LogonLinkPolicy,
      githubLinked: z.boolean(),
      googleLinked: z.boolean(),
      // Left as it is when not sent.
      renewalReminders: z.boolean().optional(),
    }),
    result: completed,
  },
  transferLicenses: { payload: z.object({ transferTo: email }), result: completed },
  confirmEmailChange: { payload: z.object({ passthrough: z.string().min(1).max(4000) }), result: completed },
  // company licenses
  /** `assignedToBefore` ('' for free) makes each change conditional: ASSIGNMENT_CHANGED refuses the whole call. */
  changeAssignment: {
    payload: z.object({
      licenses: z
        .array(
          z.object({
            id,
            owner: z.string(),
            assignedTo: z.union([email, z.literal('')]),
            assignedToBefore: z.string().max(EMAIL_MAX_LENGTH).optional(),
          }),
        )
        .min(1)
        .max(MAX_ASSIGNMENT_CHANGES, limitMessage(MAX_ASSIGNMENT_CHANGES, 'assigned or unassigned')),
      sendEmail: z.boolean().default(false),
    }),
    result: completed,
  },
  offlineLicense: {
    payload: z.object({
      ids: z.array(LicenseRef).min(1).max(MAX_OFFLINE_KEYS, limitMessage(MAX_OFFLINE_KEYS, 'given offline keys')),
    }),
    result: z.object({ licenses: z.array(OfflineLicense) }),
  },
  removeLicense: {
    payload: z.object({ ids: z.array(LicenseRef).min(1).max(MAX_REMOVALS, limitMessage(MAX_REMOVALS, 'removed')) }),
    result: completed,
  },
  mergeLicenses: { payload: z.object({ companyName: typedLine(200, 1) }), result: completed },
  retrievePermissions: {
    payload: z.object({ companyId: id }),
    result: z.object({ permissions: z.array(PermissionEntry) }),
  },
  updatePermissions: {
    payload: z.object({
      add: z
        .array(z.object({ companyId: id, email, permissions: z.array(PermissionCode).min(1) }))
        .max(100)
        .default([]),
      remove: z
        .array(z.object({ companyId: id, email }))
        .max(100)
        .default([]),
      sendEmail: z.boolean().default(false),
    }),
    result: completed,
  },
  addLicenses: {
    payload: z.object({
      companyId: id.optional(),
      productName: z.string().min(1),
      quantity: z.number().int().min(1).max(100),
    }),
    result: completed,
  },
  // payments
  renewal: {
    payload: z.object({ ids: z.array(LicenseRef).min(1).max(MAX_RENEWALS, limitMessage(MAX_RENEWALS, 'renewed')) }),
    result: z.object({ url: z.string() }),
  },
  retrieveReceipt: { payload: z.object({ license: LicenseRef }), result: z.object({ checkoutUrl: z.string() }) },
  // shop (spec §7 "Other calls"; also served at their own /api paths)
  prices: {
    payload: z.object({
      product: z.string().min(1).max(100),
      coupon: z.string().max(100).optional(),
      country: z.string().length(2).optional(),
    }),
    result: z.object({ country: z.string(), plans: z.array(PricePlan) }),
  },
  activeSubscriptionCheck: {
    payload: z.object({ email, dev: z.boolean().optional() }),
    result: z.object({ exists: z.boolean() }),
  },
  createSubscriptionOnCheckout: {
    payload: z.object({
      checkoutId: z.string().min(1).max(200),
      dev: z.boolean().optional(),
      passthrough: z.string().max(2000),
    }),
    result: z.object({
      immediatelyAvailable: z.boolean(),
      state: z.enum(['complete', 'flagged', 'failed', 'pending']).optional(),
      /** Why a failed checkout failed, in the payment provider's words, when it gave a reason. */
      reason: z.string().max(300).optional(),
    }),
  },
  coupon: {
    payload: z.discriminatedUnion('type', [
      z.object({
        type: z.literal('query'),
        product: z.string().min(1).max(100),
        coupon: z.string().min(1).max(100),
        dev: z.boolean().optional(),
      }),
      z.object({
        type: z.literal('use'),
        product: z.string().min(1).max(100),
        coupon: z.string().min(1).max(100),
        email,
        name: typedLine(200, 1),
        dev: z.boolean().optional(),
      }),
    ]),
    result: z.object({ status: z.union([CouponStatus, RedeemResult]), months: z.number().int().optional() }),
  },
  /** The shop's catalog (public): products, URL slugs, spec §3's countries, how to open the checkout frame. */
  catalog: {
    payload: empty,
    result: z.object({
      products: z.array(
        z.object({
          slug: z.string(),
          name: z.string(),
          productGroup: ProductGroup,
          /** §9 built-in plans (the catalog's list prices, no tax or discount): what a failed price lookup shows. */
          defaultPlans: z.array(PricePlan),
        }),
      ),
      countries: z.array(Country),
      currencySymbols: z.record(z.string(), z.string()),
      checkout: z.discriminatedUnion('provider', [
        z.object({ provider: z.literal('sandbox'), checkoutUrl: z.string() }),
        z.object({
          provider: z.literal('paddle'),
          vendorId: z.number().int(),
          environment: z.enum(['production', 'sandbox']),
        }),
      ]),
    }),
  },
  /** Without script: the provider's hosted checkout for the same purchase the inline frame would make. */
  hostedCheckout: {
    payload: z.object({
      product: z.string().min(1).max(100),
      planId: z.string().min(1).max(100),
      email,
      country: z.string().length(2),
      postcode: z.string().max(20).optional(),
      quantity: z.number().int().min(1).max(100),
      passthrough: CheckoutPassthrough,
      coupon: z.string().max(100).optional(),
      returnUrl: z.string().url().max(2000),
      /** A New Subscription for this company of the signed-in caller (see `companyCheckout`); organization plans only. */
      companyId: id.optional(),
    }),
    result: z.object({ url: z.string() }),
  },
  /** New Subscription for a company (spec §5/§7): FORBIDDEN unless the caller may purchase; a signed passthrough. */
  companyCheckout: {
    payload: z.object({ companyId: id, passthrough: CheckoutPassthrough }),
    result: z.object({ company: z.object({ id: z.string(), name: z.string() }), passthrough: z.string() }),
  },
  // subscriptions
  cancelSubscription: { payload: subscriptionOnly, result: completed },
  subscriptionReceipts: {
    payload: subscriptionOnly,
    result: z.object({ completed: z.literal(true), payments: z.array(ReceiptPayment) }),
  },
  subscriptionPauseResume: {
    payload: z.object({ action: z.enum(['pause', 'resume', 'restart']), subscriptionId: id }),
    result: z.object({
      completed: z.literal(true),
      nextPayment: z.object({ date: z.number(), currency: z.string(), amount: z.number() }).optional(),
    }),
  },
  subscriptionUpdateQuantity: {
    payload: z.object({
      subscriptionId: id,
      quantity: z.number().int().min(1).max(100),
      licensesToLapse: z.array(LicenseRef).max(100).default([]),
    }),
    result: completed,
  },
  subscriptionUpgrade: { payload: subscriptionOnly, result: completed },
  removeSubscription: { payload: subscriptionOnly, result: completed },
  specialOffer: {
    payload: z.object({
      subscriptionId: id,
      country: z.string().length(2),
      price: z.number(),
      alwaysAllow: z.boolean().default(false),
    }),
    result: completed,
  },
  /** Subscription bulk assign (spec §5): `emails` lists every holder afterwards, `lapsingEmails` the lapsing ones. */
  subscriptionAssign: {
    payload: z.object({
      subscriptionId: id,
      emails: z.array(email).max(100),
      lapsingEmails: z.array(email).max(100).optional(),
      sendEmail: z.boolean().default(false),
    }),
    result: completed,
  },
  retrieveActivity: retrieveActivityOperation,
  ...domainOperations,
  ...companySignInOperations,
  ...directoryOperations,
  ...apiTokenOperations,
  ...usageOperations,
  ...webhookOperations,
  ...machineOperations,
  ...reclaimOperations,
} as const

export type OperationName = keyof typeof operations
export const operationNames = Object.keys(operations) as OperationName[]
export type Payload<O extends OperationName> = z.input<(typeof operations)[O]['payload']>
export type ParsedPayload<O extends OperationName> = z.output<(typeof operations)[O]['payload']>
export type Result<O extends OperationName> = z.infer<(typeof operations)[O]['result']>

export type Details = Result<'retrieveDetails'>

export function isOperationName(name: string): name is OperationName {
  return isOwnKey(operations, name)
}
