// The REST API v1's requests and answers for what /manage does beyond assigning one license: people, many seats at
// once, machines, webhooks, the reclaim policy, domains, sign-in and the seat queue. Times in these answers are
// milliseconds since 1970, as the objects they reuse give them.
import * as z from 'zod/mini'
import { ApiLicense, CompanyParams, LicenseParams } from './api-v1.js'
import { ClientId, IssuerUrl } from '../company-sign-in/settings.js'
import { CompanySignInSettings } from '../company-sign-in/operations.js'
import { DomainEntry } from '../domains/operations.js'
import { EMAIL_MAX_LENGTH } from '../shared/email.js'
import { ProductGroup, SubscriptionPreview } from '../entities.js'
import { DeactivationBudget, Machine } from '../machines/operations.js'
import { Reclaim, ReclaimDays } from '../reclaim/operations.js'
import { roleNames } from '../permissions/roles.js'
import { WebhookEndpointState, WebhookEventType, webhookEventTypes, WebhookUrl } from '../webhooks/webhooks.js'
import { WebhookEndpoint } from '../webhooks/operations.js'

const email = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.email({ message: 'must be an email address' }), z.maxLength(EMAIL_MAX_LENGTH))
const id = z.string().check(z.minLength(1), z.maxLength(200))
const list = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item) })
export const Completed = z.object({ completed: z.literal(true) })

/** The roles a company's administrator gives (§6): Company Administrator or Company Manager. */
export const apiPersonRoles = { administrator: 3, manager: 4 } as const
export const ApiPerson = z.object({
  email: z.string(),
  role: z.enum(Object.values(roleNames) as [string, ...string[]]),
})
export const PeopleList = list(ApiPerson)
export const AddPersonBody = z.object({
  email,
  role: z.enum(['administrator', 'manager']),
  /** Mail the person that they now have the role. */
  notify: z._default(z.boolean(), false),
})
export const RemovePersonBody = z.object({ email })

/** At most this many rows in one batch: one transaction, all or nothing. */
export const API_BATCH_MAX = 1000
export const BatchAssignBody = z.object({
  changes: z
    .array(
      z.object({
        licenseId: id,
        /** The new holder; "" frees the license. */
        holder: z.union([email, z.literal('')]),
        /** The holder you last saw ("" when free): any row that no longer has it refuses the whole batch (409). */
        expectedHolder: z.union([email, z.literal('')]),
      }),
    )
    .check(z.minLength(1), z.maxLength(API_BATCH_MAX)),
  notify: z._default(z.boolean(), false),
})
export const LicenseList = list(ApiLicense)

export const MachineParams = z.extend(LicenseParams, { machineKey: id })
export const MachineList = z.object({ data: z.array(Machine), budget: DeactivationBudget })
export const MachineDeactivated = z.object({
  deactivated: z.boolean(),
  hostname: z.string(),
  budget: DeactivationBudget,
})

export const WebhookParams = z.extend(CompanyParams, { endpointId: id })
export const DeliveryParams = z.extend(WebhookParams, { deliveryId: id })
export const WebhookList = list(WebhookEndpoint)
export const CreateWebhookBody = z.object({
  url: WebhookUrl,
  events: z.array(WebhookEventType).check(z.minLength(1), z.maxLength(webhookEventTypes.length)),
})
/** `secret` signs the deliveries (Standard Webhooks); it is answered here only. */
export const CreatedWebhook = z.object({ endpoint: WebhookEndpoint, secret: z.string() })
export const UpdateWebhookBody = z.object({ state: WebhookEndpointState })

export const ReclaimState = z.object({ idleDays: z.nullable(ReclaimDays), reclaims: z.array(Reclaim) })
export const SetReclaimBody = z.object({ idleDays: z.nullable(ReclaimDays) })
export const ReclaimPolicy = z.object({ idleDays: z.nullable(ReclaimDays), changed: z.boolean() })
export const ReclaimParams = z.extend(CompanyParams, { reclaimId: id })
export const ReclaimUndone = z.object({ holder: z.string(), licenseId: z.string(), undone: z.boolean() })

export const DomainList = list(DomainEntry)
/** The domain as typed (`Acme.com.` is acme.com); the service says what is not a domain name. */
export const DomainParams = z.extend(CompanyParams, { domain: z.string().check(z.minLength(1), z.maxLength(253)) })
export const ClaimDomainBody = z.object({ domain: z.string().check(z.maxLength(253)) })
export const OneDomain = z.object({ domain: DomainEntry })
/** `message` says what DNS answered when the record is not there (yet). */
export const DomainVerification = z.extend(OneDomain, { verified: z.boolean(), message: z.string() })
/** The products people at the domain get a seat of when they sign in; none turns auto-join off. */
export const AutoJoinBody = z.object({ productGroups: z.array(ProductGroup).check(z.maxLength(4)) })
export const SignInSettings = z.object({
  settings: z.nullable(CompanySignInSettings),
  redirectUri: z.string(),
  verifiedDomains: z.array(z.string()),
})
/** `clientSecret` is written only: never answered (`secretSet` says one is stored); left out, the stored one stays. */
export const SaveSignInBody = z.object({
  issuer: IssuerUrl,
  clientId: ClientId,
  clientSecret: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))),
  /** People at the verified domains must sign in through it. */
  required: z._default(z.boolean(), false),
})
export const SeatQueue = list(
  z.object({ product: ProductGroup, queue: z.array(z.object({ email: z.string(), since: z.number() })) }),
)

export const SubscriptionParams = z.extend(CompanyParams, { subscriptionId: id })
const quantity = z.int().check(z.gte(1), z.lte(100))
const previewId = z.string().check(z.minLength(1), z.maxLength(2000))
/**
 * A quantity change names its quantity; a restart (a paused subscription past its term) charges a new term; an upgrade
 * moves monthly billing to annual; an offer accepts the extension offer, paid from `country` (its currency must be the
 * offer's).
 */
export const PreviewBody = z
  .object({
    change: z.enum(['quantity', 'restart', 'upgrade', 'offer']),
    quantity: z.optional(quantity),
    country: z.optional(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'must be a country code'))),
  })
  .check(
    z.refine((body) => body.change !== 'quantity' || body.quantity !== undefined, {
      message: 'A quantity change needs the quantity.',
      path: ['quantity'],
    }),
    z.refine((body) => body.change !== 'offer' || body.country !== undefined, {
      message: 'An offer needs the country the payment is made from.',
      path: ['country'],
    }),
  )
/** What the change would charge now (`immediatePayment`, tax included), keep as credit, and charge next. */
export const ApiPreview = z.extend(SubscriptionPreview, {
  /** The commit takes it: it is refused if the amount is no longer this one. Valid for 10 minutes. */
  previewId: z.string(),
})
export const QuantityBody = z.object({
  quantity,
  previewId,
  /** Seats that end with the current term when the quantity goes down (the rest stay). */
  licensesToLapse: z._default(z.array(id).check(z.maxLength(100)), []),
})
/** A restart, an upgrade or an offer is all in its preview: the commit names only the preview. */
export const PreviewedBody = z.object({ previewId })
