// Which calls are safe to repeat as they are (reads), and the key that makes a repeated write do nothing twice.
import type { OperationName } from './operations.js'

/**
 * Operations that change nothing: they carry no idempotency key (spec §7 clients may send one; it is ignored). Every
 * other operation is a write, and a repeat of it with the same `Idempotency-Key` answers what the first attempt did.
 * (`companyCheckout` signs a passthrough and `createSubscriptionOnCheckout` answers a checkout's state: both read.)
 */
export const readOperations: ReadonlySet<OperationName> = new Set<OperationName>([
  'licenseCheck',
  'ossLicenseCheck',
  'retrieveDetails',
  'retrieveLicenses',
  'accountSettings',
  'offlineLicense',
  'retrievePermissions',
  'retrieveReceipt',
  'prices',
  'activeSubscriptionCheck',
  'catalog',
  'subscriptionReceipts',
  'retrieveActivity',
  'companyCheckout',
  'createSubscriptionOnCheckout',
  'signInLink',
  'retrieveDirectory',
])

/**
 * Whether a call changes nothing, so that nothing of it is kept (no idempotency key is sent or stored): a read
 * operation, or the coupon operation's `query` (the redeem page asks it on every visit).
 */
export function isReadCall(operation: OperationName, payload: unknown): boolean {
  if (readOperations.has(operation)) return true
  return operation === 'coupon' && typeof payload === 'object' && payload !== null && 'type' in payload
    ? payload.type === 'query'
    : false
}

/** The most characters an idempotency key may have (a UUID has 36). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200
/** What a portal form's idempotency key looks like (the hidden field `IDEMPOTENCY_FIELD`). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/
export const IDEMPOTENCY_FIELD = 'idempotencyKey'

/**
 * Writes whose answer is a secret shown once: their answer is never kept for a repeat (the idempotency store would
 * hold the secret); the write itself refuses a repeat of its key.
 */
export const secretAnswers: ReadonlySet<OperationName> = new Set<OperationName>([
  'completeAuthentication',
  'createScimToken',
])
