// The licensing protocol's error catalogue (spec §7); the spec names the first group, the rest are the service's own.
export const errorCodes = [
  'INVALID_AGE',
  'INVALID_SIGNATURE',
  'NO_USER',
  'NO_LOGON_LINK',
  'NO_ACTIVATION',
  'ALREADY_ACTIVATED',
  'TOO_MANY_ACTIVATIONS',
  'INVALID_REQUEST',
  'CHARGE_ERROR',
  'CURRENCY_MISMATCH',
  'UNEXPECTED',
  // protocol-level
  'MALFORMED_REQUEST',
  'UNKNOWN_OPERATION',
  'INVALID_PAYLOAD',
  'NOT_AUTHENTICATED',
  // rules
  'FORBIDDEN',
  'NOT_FOUND',
  'CANNOT_ASSIGN',
  'LAST_ADMINISTRATOR',
  'LAST_RESELLER_ADMINISTRATOR',
  'NO_OTHER_ADMINISTRATOR',
  'USER_EXISTS',
  'INVALID_STATE',
  'NOT_ENOUGH_LICENSES',
  'PROVIDER_ERROR',
  // the address's company requires its own single sign-on (email links, GitHub and Google refused)
  'SSO_REQUIRED',
  'RATE_LIMITED',
  // an emailed link replaced, unused, by a newer one (or by a completed change of email)
  'LINK_REPLACED',
  // write safety
  'ASSIGNMENT_CHANGED',
  'IDEMPOTENCY_KEY_REUSED',
  'REQUEST_IN_PROGRESS',
] as const
/** The licensing client's own, never sent: a write went out and no answer came back, so whether it was done is unknown. */
export const OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN'
export type ErrorCode = (typeof errorCodes)[number] | typeof OUTCOME_UNKNOWN

export type ErrorBody = { error: ErrorCode; message: string }

/** Who holds the license now, as the service found it. */
export function assignmentChangedMessage(holder: string): string {
  return holder === ''
    ? 'This license was just unassigned by someone else.'
    : `This license was just assigned to ${holder} by someone else.`
}

/** §8: UNEXPECTED's text, and the portal's when it has no better one. */
export const unexpectedError = 'An unexpected error occurred.'
