// A message for every error the service answers. The spec's user-facing texts are in this folder, one module per page
// or capability, so a page loads the texts it shows and no others.
import { unexpectedError, type ErrorCode } from '#protocol/shared/errors'
import { activationMessages, cannotAssign } from '#protocol/licenses/licenses'
import { lastAdministrator, lastResellerAdministrator, noOtherAdministrator } from '#protocol/permissions/roles'
import { ownValue } from '#protocol/shared/own'
import { tooManyActivationsText } from './activation'
import { chargeErrorAdvice, chargeErrorTitle } from '#protocol/subscriptions/subscriptions'
import { currencyMismatchHint, currencyMismatchTitle, userExists } from './manage'
import { outcomeUnknown } from './failures'
import { sessionErrors } from './session'
import { signInNoLogonLink } from './sign-in'

/** A message for every service error code: the spec's text where it gives one; a full record, so none is forgotten. */
const errorMessages: Record<ErrorCode, string> = {
  INVALID_AGE: sessionErrors.INVALID_AGE.message,
  INVALID_SIGNATURE: sessionErrors.INVALID_SIGNATURE.message,
  NO_USER: sessionErrors.NO_USER.message,
  NO_LOGON_LINK: signInNoLogonLink,
  NO_ACTIVATION: activationMessages.NO_ACTIVATION,
  ALREADY_ACTIVATED: 'This activation has already been confirmed.',
  TOO_MANY_ACTIVATIONS: tooManyActivationsText,
  INVALID_REQUEST: 'The request seems to have already been processed; please try again.',
  CHARGE_ERROR: `${chargeErrorTitle} ${chargeErrorAdvice}`,
  CURRENCY_MISMATCH: `${currencyMismatchTitle}. ${currencyMismatchHint()}`,
  UNEXPECTED: unexpectedError,
  MALFORMED_REQUEST: 'The request could not be read.',
  UNKNOWN_OPERATION: 'The requested operation does not exist.',
  INVALID_PAYLOAD: 'The request contained data that is not valid.',
  NOT_AUTHENTICATED: 'You are not signed in, or your session has ended.',
  FORBIDDEN: 'You do not have permission to do that.',
  NOT_FOUND: 'The item you asked for could not be found.',
  CANNOT_ASSIGN: cannotAssign,
  LAST_ADMINISTRATOR: lastAdministrator,
  LAST_RESELLER_ADMINISTRATOR: lastResellerAdministrator,
  NO_OTHER_ADMINISTRATOR: noOtherAdministrator,
  USER_EXISTS: userExists,
  INVALID_STATE: 'That cannot be done in the current state of the subscription or license.',
  NOT_ENOUGH_LICENSES: 'Not enough licenses available.',
  PROVIDER_ERROR: 'The payment provider could not process the request. Please try again later.',
  SSO_REQUIRED:
    'Your company requires its single sign-on: on the sign-in page, type your email address and choose "Sign in with single sign-on".',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  LINK_REPLACED: 'This link was replaced by a newer one. Open the link in the most recent email, or ask for a new one.',
  ASSIGNMENT_CHANGED: 'This license was just changed by someone else.',
  IDEMPOTENCY_KEY_REUSED: 'This form was already sent with different values. Please reload the page and try again.',
  REQUEST_IN_PROGRESS: 'This request is still being processed. Please reload the page in a moment to see its result.',
  OUTCOME_UNKNOWN: outcomeUnknown,
}

export function errorMessageFor(code: string): string {
  return ownValue(errorMessages, code) ?? unexpectedError
}

/** §8: "the same first three messages" as activation (so they speak of an activation link, as the spec has it). */
export function emailConfirmationMessage(code: string): string {
  if (code === 'INVALID_AGE' || code === 'INVALID_SIGNATURE' || code === 'NO_USER') return activationMessages[code]
  if (code === 'LINK_REPLACED') return emailChangeLinkReplaced
  return errorMessageFor(code)
}

export const emailChangeLinkReplaced =
  'This link no longer works: a newer change of email address was asked for, or the address changed since. Open the link in the most recent email, or sign in and ask for the change again.'
