// The key that makes a repeated write do nothing twice, as a form and a request carry it: no call's declaration
// here, so a form's hidden field loads none.

/** The most characters an idempotency key may have (a UUID has 36). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200
/** What a portal form's idempotency key looks like (the hidden field `IDEMPOTENCY_FIELD`). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/
export const IDEMPOTENCY_FIELD = 'idempotencyKey'
