// The REST API v1's requests and answers (docs/decisions/0012-rest-api-v1-and-openapi.md). Public and versioned: within
// v1 a field is added, never renamed or removed.
import * as z from 'zod/mini'
import { ActivityKind } from '../activity/activity.js'
import { EMAIL_MAX_LENGTH } from '../shared/email.js'
import { ProductGroup, SubscriptionState } from '../entities.js'
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../shared/idempotency-key.js'

export const API_V1_BASE = '/api/v1'
/** Whether a request's path is the REST API's, whose every answer is problem details when refused. */
export const isApiV1Path = (path: string) => path === API_V1_BASE || path.startsWith(`${API_V1_BASE}/`)
export const API_PAGE_SIZE = 100
export const API_MAX_PAGE_SIZE = 500

const email = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.email({ message: 'must be an email address' }), z.maxLength(EMAIL_MAX_LENGTH))
const timestamp = z.iso.datetime()

/** A license's state as the API filters it (the portal's filters: Expiring is "within 30 days"). */
export const apiLicenseStates = ['assigned', 'unassigned', 'expired', 'expiring'] as const
export const ApiLicenseState = z.enum(apiLicenseStates)

/** `product`, `order` and `key` are deprecated names of `productGroup`, `orderId` and `keyNumber` (decision 0022). */
export const ApiLicense = z.object({
  id: z.string(),
  productName: z.string(),
  productGroup: ProductGroup,
  orderId: z.string(),
  keyNumber: z.int(),
  product: ProductGroup,
  order: z.string(),
  key: z.int(),
  /** Only for a token with the `keys` scope (decision 0024). */
  licenseKey: z.optional(z.string()),
  /** The email address of its holder; null while it is free. */
  holder: z.nullable(z.string()),
  expiresAt: timestamp,
  expired: z.boolean(),
  trial: z.boolean(),
  multiUser: z.boolean(),
  /** The subscription the license is a seat of. */
  subscriptionId: z.nullable(z.string()),
  /** The machines it is active on now. */
  machines: z.int(),
  /** When an editor last checked it; null if never. */
  lastSeenAt: z.nullable(timestamp),
})
export type ApiLicense = z.infer<typeof ApiLicense>

const limit = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(API_MAX_PAGE_SIZE)), API_PAGE_SIZE)
const cursor = z.optional(z.string().check(z.minLength(1), z.maxLength(2000)))

export const LicenseListQuery = z.object({
  product: z.optional(ProductGroup),
  holder: z.optional(email),
  state: z.optional(ApiLicenseState),
  /** Assigned seats idle this many days (the reclaim policy's idle: no check, no offline key). */
  idleDays: z.optional(
    z.coerce.number().check(z.refine((days) => [30, 60, 90].includes(days), { message: 'must be 30, 60 or 90' })),
  ),
  cursor,
  limit,
})
export type LicenseListQuery = z.infer<typeof LicenseListQuery>

/** A page of a list; `nextCursor` asks for the one after it, null on the last. */
const page = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item), nextCursor: z.nullable(z.string()) })

export const LicensePage = page(ApiLicense)

export const AssignBody = z.object({
  email,
  /** The holder you last saw ("" when it was free): the change is refused (409) when it no longer holds it. */
  expectedHolder: z.union([email, z.literal('')]),
  /** Mail the new holder its license key. */
  notify: z._default(z.boolean(), false),
})
export type AssignBody = z.infer<typeof AssignBody>

export const UnassignBody = z.object({ expectedHolder: email })
export type UnassignBody = z.infer<typeof UnassignBody>

export const ApiCompany = z.object({ id: z.string(), name: z.string() })
export const CompanyList = z.object({ data: z.array(ApiCompany) })

export const SeatCounts = z.object({
  licenses: z.int(),
  assigned: z.int(),
  /** Free and not expired: what a bulk assignment can use (an expired one is assigned one at a time). */
  unassigned: z.int(),
})

export const ApiSubscription = z.object({
  id: z.string(),
  productName: z.string(),
  state: SubscriptionState,
  billingPeriod: z.enum(['month', 'year']),
  quantity: z.int(),
  /** Seats that end with the current term instead of renewing. */
  lapsingQuantity: z.int(),
  seats: SeatCounts,
  nextPayment: z.nullable(z.object({ date: timestamp, currency: z.string(), amount: z.number() })),
})
export const SubscriptionList = z.object({ data: z.array(ApiSubscription) })

export const SeatUsage = z.object({
  data: z.array(z.extend(SeatCounts, { product: ProductGroup })),
  total: SeatCounts,
})

export const ApiActivityEntry = z.object({
  id: z.int(),
  at: timestamp,
  kind: ActivityKind,
  actor: z.string(),
  summary: z.string(),
  details: z.array(z.string()),
})
export const ActivityQuery = z.object({
  kind: z.optional(ActivityKind),
  /** Entries that name this address (who made the change or whom it concerned). */
  person: z.optional(email),
  cursor,
  limit,
})
export const ActivityPage = page(ApiActivityEntry)

export const CompanyParams = z.object({ companyId: z.string().check(z.minLength(1), z.maxLength(200)) })
export const LicenseParams = z.extend(CompanyParams, { licenseId: z.string().check(z.minLength(1), z.maxLength(200)) })

export const IdempotencyKeyHeader = z.string().check(z.minLength(1), z.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH))

/** RFC 9457 problem details; `code` is the service's error code, stable within v1. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  code: z.string(),
  /** Per field, for a request that does not validate. */
  errors: z.optional(z.array(z.object({ pointer: z.string(), detail: z.string() }))),
})
export type Problem = z.infer<typeof Problem>
export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/** Each code's status, title and remedy, listed on /developers; RFC 9457 §3.1.3: a type's title never varies. */
export const apiProblemCodes = [
  {
    code: 'NOT_AUTHENTICATED',
    status: 401,
    title: 'Not authenticated',
    meaning: 'No token, or one that is unknown, revoked or expired.',
  },
  {
    code: 'FORBIDDEN',
    status: 403,
    title: 'Forbidden',
    meaning:
      'The token lacks the scope the endpoint needs, named in `detail` (create a token with it), or the change is not ' +
      'one its company may make.',
  },
  {
    code: 'NOT_FOUND',
    status: 404,
    title: 'Not found',
    meaning: 'No such license or address, or a company this token does not reach.',
  },
  {
    code: 'ASSIGNMENT_CHANGED',
    status: 409,
    title: 'Assignment changed',
    meaning: 'The license no longer has the expected holder: read it again, then decide.',
  },
  {
    code: 'USER_EXISTS',
    status: 409,
    title: 'Already has a role',
    meaning: 'The person already has a role in the company: remove it first to give another.',
  },
  {
    code: 'LAST_ADMINISTRATOR',
    status: 409,
    title: 'Last administrator',
    meaning: 'The change would leave the company without an administrator: add another first.',
  },
  {
    code: 'LAST_RESELLER_ADMINISTRATOR',
    status: 409,
    title: 'Last Reseller Administrator',
    meaning: 'The change would leave the company without a Reseller Administrator.',
  },
  {
    code: 'NO_OTHER_ADMINISTRATOR',
    status: 409,
    title: 'No other administrator',
    meaning: 'A Company Administrator is removed only while another administrator remains.',
  },
  {
    code: 'REQUEST_IN_PROGRESS',
    status: 409,
    title: 'Request in progress',
    meaning: 'A request with this Idempotency-Key is still running.',
  },
  {
    code: 'CANNOT_ASSIGN',
    status: 422,
    title: 'Cannot assign',
    meaning: 'Multi-user and enterprise licenses cannot be assigned; an expired one can be, one at a time.',
  },
  {
    code: 'INVALID_STATE',
    status: 422,
    title: 'Invalid state',
    meaning: 'The change does not fit the license as it is now.',
  },
  {
    code: 'CHARGE_ERROR',
    status: 402,
    title: 'Charge failed',
    meaning:
      'The request was fine, but the payment provider refused the charge and nothing changed: update the ' +
      "subscription's payment method in Manage Licenses, then preview the change again and commit it with a new key.",
  },
  {
    code: 'CURRENCY_MISMATCH',
    status: 422,
    title: 'Currency mismatch',
    meaning: "The offer's currency is not the one payments from the country named are made in.",
  },
  {
    code: 'INVALID_REQUEST',
    status: 422,
    title: 'Cannot be used',
    meaning: 'The value cannot be used as it is, such as a webhook address that is not on the public internet.',
  },
  {
    code: 'IDEMPOTENCY_KEY_REUSED',
    status: 422,
    title: 'Idempotency key reused',
    meaning: 'The Idempotency-Key was used for a different request.',
  },
  {
    code: 'INVALID_PAYLOAD',
    status: 400,
    title: 'Invalid request',
    meaning: 'A field, query parameter or cursor does not validate (see `errors`).',
  },
  {
    code: 'MALFORMED_REQUEST',
    status: 400,
    title: 'Malformed request',
    meaning:
      'The body is not JSON (400), the method is wrong (405, see Allow), the body is over 1 MB (413) or not application/json (415).',
  },
  {
    code: 'RATE_LIMITED',
    status: 429,
    title: 'Too many requests',
    meaning: 'Too many requests for this token (or, without a valid one, this address): wait for Retry-After seconds.',
  },
  { code: 'UNEXPECTED', status: 500, title: 'Unexpected error', meaning: 'Our fault; it is logged. Try again later.' },
] as const

export type ApiProblemCode = (typeof apiProblemCodes)[number]['code']

/** The code's entry on /developers (`#not-authenticated`), where each problem's `type` points. */
export const problemAnchor = (code: ApiProblemCode) => code.toLowerCase().replace(/_/g, '-')
