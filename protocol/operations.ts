// The licensing protocol of spec §7: `POST /api/licensing` with one key naming the operation; the session travels in
// `Authorization: Bearer …`, never in a payload.
import * as z from 'zod/mini'
import { EMAIL_MAX_LENGTH } from './shared/email.js'
import { Email, emptyPayload } from './shared/payloads.js'
import {
  AccountSettings,
  Activation,
  Company,
  License,
  LicenseRef,
  LogonLinkPolicy,
  OfflineLicense,
  PermissionCode,
  PermissionEntry,
  ReceiptPayment,
  Subscription,
  SubscriptionPreview,
} from './entities.js'
import {
  ID_MAX_LENGTH,
  MAX_ASSIGNMENT_CHANGES,
  MAX_OFFLINE_KEYS,
  MAX_REMOVALS,
  MAX_RENEWALS,
  limitMessage,
  Id,
} from './shared/limits.js'
import { isOwnKey } from './shared/own.js'
import { Quantity } from './subscriptions/quantity.js'
import { LicenseWindow, WindowedFacts } from './licenses/window-reads.js'
import { retrieveActivityOperation } from './activity/operations.js'
import { domainOperations } from './domains/operations.js'
import { companySignInOperations } from './company-sign-in/operations.js'
import { lineOfText, typedLine } from './shared/text.js'
import { RetrieveLicensesPayload, RetrieveLicensesResult } from './licenses/license-reads.js'
import { directoryOperations } from './directory/directory.js'
import { apiTokenOperations } from './api-tokens/operations.js'
import { usageOperations } from './usage/usage.js'
import { reclaimOperations } from './reclaim/operations.js'
import { webhookOperations } from './webhooks/operations.js'
import { machineOperations } from './machines/operations.js'
import { shopOperations } from './catalog/shop.js'

export { emptyPayload }
const empty = emptyPayload
const completed = z.object({ completed: z.literal(true) })
const subscriptionOnly = z.object({ subscriptionId: Id })

export const operations = {
  activation: {
    payload: z.object({
      licenseKey: z.string().check(z.minLength(1), z.maxLength(4000)),
      hostname: lineOfText(255, 1),
    }),
    result: z.object({ completed: z.literal(true), pending: z.boolean(), expiration: z.optional(z.number()) }),
  },
  licenseCheck: {
    reads: true,
    payload: z.object({
      licenseKey: z.string().check(z.minLength(1), z.maxLength(4000)),
      hostname: lineOfText(255, 1),
    }),
    result: z.object({ valid: z.boolean(), expiration: z.optional(z.number()), productName: z.optional(z.string()) }),
  },
  ossLicenseCheck: {
    reads: true,
    payload: z.object({
      licenseKey: z.string().check(z.minLength(1), z.maxLength(4000)),
      repository: z.optional(z.string().check(z.maxLength(500))),
    }),
    result: z.object({ valid: z.boolean(), expiration: z.optional(z.number()) }),
  },
  confirmActivation: {
    payload: z.object({
      passthrough: z.string().check(z.minLength(1), z.maxLength(4000)),
      deactivate: z._default(z.array(z.string().check(z.maxLength(ID_MAX_LENGTH))).check(z.maxLength(10)), []),
    }),
    result: z.union([z.object({ completed: z.literal(true) }), z.object({ activations: z.array(Activation) })]),
  },
  manageLicense: {
    payload: z.discriminatedUnion('type', [
      z.object({ type: z.literal('link'), email: Email }),
      z.object({ type: z.enum(['github', 'google']), callback: z.url().check(z.maxLength(2000)) }),
    ]),
    result: z.union([z.object({ completed: z.literal(true) }), z.object({ redirect: z.string() })]),
  },
  completeAuthentication: {
    payload: z.object({
      type: z.enum(['github', 'google']),
      code: z.string().check(z.minLength(1), z.maxLength(2000)),
      state: z.string().check(z.minLength(1), z.maxLength(2000)),
    }),
    result: z.object({
      completed: z.literal(true),
      session: z.string(),
      email: z.string(),
      admin: z.boolean(),
      /** Present after `linkAccount`: the provider was linked to the signed-in account, no one signed in. */
      linked: z.optional(z.enum(['github', 'google'])),
    }),
  },
  /** Account settings' "link": like the social manageLicense, for the signed-in account. */
  linkAccount: {
    payload: z.object({ type: z.enum(['github', 'google']), callback: z.url().check(z.maxLength(2000)) }),
    result: z.object({ redirect: z.string() }),
  },
  retrieveDetails: {
    reads: true,
    /** Without `windows`, every license (spec §7); with them, each table's window and `windowed` counts. */
    payload: z._default(
      z.object({
        passthrough: z.optional(z.string().check(z.maxLength(4000))),
        windows: z.optional(z.array(LicenseWindow).check(z.maxLength(1000))),
      }),
      {},
    ),
    result: z.object({
      email: z.string(),
      admin: z.boolean(),
      /** Present when a passthrough started a new service session: the portal keeps it as its credential. */
      session: z.optional(z.string()),
      body: z.object({
        personal: z.object({ licenses: z.array(License), subscriptions: z.array(Subscription) }),
        companies: z.array(Company),
      }),
      windowed: z.optional(WindowedFacts),
    }),
  },
  /** The licenses of one table a change touches and the caller's role there; NOT_FOUND outside the caller's tables. */
  retrieveLicenses: { reads: true, payload: RetrieveLicensesPayload, result: RetrieveLicensesResult },
  logout: { payload: empty, result: completed },
  /** What an emailed sign-in link that did not sign in is, with its address while kept, to offer a new link. */
  signInLink: {
    reads: true,
    payload: z.object({ passthrough: z.string().check(z.maxLength(4000)) }),
    result: z.object({
      /** `replaced` by a newer link; `retired` by a change of the account's email address after it was sent. */
      state: z.enum(['unused', 'used', 'replaced', 'retired', 'expired', 'invalid']),
      email: z.optional(z.string()),
    }),
  },
  accountSettings: { reads: true, payload: empty, result: AccountSettings },
  updateAccountSettings: {
    payload: z.object({
      logonLink: LogonLinkPolicy,
      githubLinked: z.boolean(),
      googleLinked: z.boolean(),
      // Left as it is when not sent.
      renewalReminders: z.optional(z.boolean()),
    }),
    result: completed,
  },
  transferLicenses: { payload: z.object({ transferTo: Email }), result: completed },
  confirmEmailChange: {
    payload: z.object({ passthrough: z.string().check(z.minLength(1), z.maxLength(4000)) }),
    result: completed,
  },
  /** `assignedToBefore` ('' for free) makes each change conditional: ASSIGNMENT_CHANGED refuses the whole call. */
  changeAssignment: {
    payload: z.object({
      licenses: z
        .array(
          z.object({
            id: Id,
            owner: z.string(),
            assignedTo: z.union([Email, z.literal('')]),
            assignedToBefore: z.optional(z.string().check(z.maxLength(EMAIL_MAX_LENGTH))),
          }),
        )
        .check(
          z.minLength(1),
          z.maxLength(MAX_ASSIGNMENT_CHANGES, limitMessage(MAX_ASSIGNMENT_CHANGES, 'assigned or unassigned')),
        ),
      sendEmail: z._default(z.boolean(), false),
    }),
    result: completed,
  },
  offlineLicense: {
    reads: true,
    payload: z.object({
      ids: z
        .array(LicenseRef)
        .check(z.minLength(1), z.maxLength(MAX_OFFLINE_KEYS, limitMessage(MAX_OFFLINE_KEYS, 'given offline keys'))),
    }),
    result: z.object({ licenses: z.array(OfflineLicense) }),
  },
  removeLicense: {
    payload: z.object({
      ids: z.array(LicenseRef).check(z.minLength(1), z.maxLength(MAX_REMOVALS, limitMessage(MAX_REMOVALS, 'removed'))),
    }),
    result: completed,
  },
  mergeLicenses: { payload: z.object({ companyName: typedLine(200, 1) }), result: completed },
  retrievePermissions: {
    reads: true,
    payload: z.object({ companyId: Id }),
    result: z.object({ permissions: z.array(PermissionEntry) }),
  },
  updatePermissions: {
    payload: z.object({
      add: z._default(
        z
          .array(z.object({ companyId: Id, email: Email, permissions: z.array(PermissionCode).check(z.minLength(1)) }))
          .check(z.maxLength(100)),
        [],
      ),
      remove: z._default(z.array(z.object({ companyId: Id, email: Email })).check(z.maxLength(100)), []),
      sendEmail: z._default(z.boolean(), false),
    }),
    result: completed,
  },
  addLicenses: {
    payload: z.object({
      companyId: z.optional(Id),
      productName: z.string().check(z.minLength(1)),
      quantity: Quantity,
    }),
    result: completed,
  },
  renewal: {
    payload: z.object({
      ids: z.array(LicenseRef).check(z.minLength(1), z.maxLength(MAX_RENEWALS, limitMessage(MAX_RENEWALS, 'renewed'))),
    }),
    result: z.object({ url: z.string() }),
  },
  retrieveReceipt: {
    reads: true,
    payload: z.object({ license: LicenseRef }),
    result: z.object({ checkoutUrl: z.string() }),
  },
  ...shopOperations,
  cancelSubscription: { payload: subscriptionOnly, result: completed },
  subscriptionReceipts: {
    reads: true,
    payload: subscriptionOnly,
    result: z.object({ completed: z.literal(true), payments: z.array(ReceiptPayment) }),
  },
  subscriptionPauseResume: {
    payload: z.object({ action: z.enum(['pause', 'resume', 'restart']), subscriptionId: Id }),
    result: z.object({
      completed: z.literal(true),
      nextPayment: z.optional(z.object({ date: z.number(), currency: z.string(), amount: z.number() })),
    }),
  },
  subscriptionUpdateQuantity: {
    payload: z.object({
      subscriptionId: Id,
      quantity: Quantity,
      licensesToLapse: z._default(z.array(LicenseRef).check(z.maxLength(100)), []),
    }),
    result: completed,
  },
  subscriptionUpgrade: { payload: subscriptionOnly, result: completed },
  /** What a quantity change, upgrade, restart or the extension offer would charge; changes nothing. */
  subscriptionPreview: {
    reads: true,
    payload: z.object({
      subscriptionId: Id,
      change: z.enum(['quantity', 'upgrade', 'restart', 'offer']),
      quantity: z.optional(Quantity),
    }),
    result: SubscriptionPreview,
  },
  removeSubscription: { payload: subscriptionOnly, result: completed },
  specialOffer: {
    payload: z.object({
      subscriptionId: Id,
      country: z.string().check(z.length(2)),
      price: z.number(),
      alwaysAllow: z._default(z.boolean(), false),
    }),
    result: completed,
  },
  /** Subscription bulk assign (spec §5): `emails` lists every holder afterwards, `lapsingEmails` the lapsing ones. */
  subscriptionAssign: {
    payload: z.object({
      subscriptionId: Id,
      emails: z.array(Email).check(z.maxLength(100)),
      lapsingEmails: z.optional(z.array(Email).check(z.maxLength(100))),
      sendEmail: z._default(z.boolean(), false),
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
