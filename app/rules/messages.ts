// Every user-facing text of the spec, word for word (§2, §5, §8, §9); the ones it only describes, once.
import { unexpectedError, type ErrorCode } from '#protocol/shared/errors'
import { ACTIVATION_LIMIT, activationMessages, cannotAssign } from '#protocol/licenses/licenses'
import { lastAdministrator, lastResellerAdministrator, noOtherAdministrator } from '#protocol/permissions/roles'
import { ownValue } from '#protocol/shared/own'
import { countOf } from '#protocol/shared/words'
import { chargeErrorAdvice, chargeErrorTitle } from '#protocol/subscriptions/subscriptions'

export const emailsDoNotMatch = 'Email addresses do not match.'
export const companyNameRequired = 'Company name must be provided.'
export const userExists = 'A user already exists with this email address.'
export const nameRequired = 'Name must be provided.'
export const alreadySubscribed = 'Email address is already subscribed.'

export const checkoutNameRequired = {
  organization: companyNameRequired,
  individual: nameRequired,
} as const

// Company bulk assign (§5); the invalid-email error is the same text as above.
export const bulkAllExpired = 'Error: all licenses have expired and must be individually assigned/unassigned.'
export const bulkNotEnoughUnexpired = 'Error: not enough unexpired licenses available.'

/** §5 bulk-assign summary, with "license(s)" as the count needs it. */
export function assignmentSummary(unassigned: number, assigned: number): string {
  if (unassigned > 0 && assigned > 0) {
    return `${countOf(unassigned, 'license')} will be unassigned and ${countOf(assigned, 'license')} will be assigned.`
  }
  if (unassigned > 0) return `${countOf(unassigned, 'license')} will be unassigned.`
  if (assigned > 0) return `${countOf(assigned, 'license')} will be assigned.`
  return noChanges
}
export const noChanges = 'No changes will be made.'
export const opensInNewTab = '(opens in a new tab)'

export const signInNoLogonLink =
  'The email address is not allowed to authenticate using an email link; please use another method below.'
export const signInNoUser = 'The email address provided is not the owner of any licenses.'
export const signInSuccess = "Please log in using the link we've sent to your email (check junk/spam)."
/** The sign-in link's request whose answer was lost on its way back, after every repeat: the mail may have gone. */
export const signInLinkUnknown =
  'The answer to your request was lost on its way back, so a sign-in link may have been sent. Check your email (and junk/spam) for it; if none has arrived after a few minutes, ask for a link again.'
/** A write whose answer was lost on its way back, after every repeat: it may have been done. */
export const outcomeUnknown =
  'The answer to this change was lost on its way back, so whether it was made is not known. The page shows things as they are now: check them before trying again.'
/** A form body that is not a form, or a form field as no page of the portal writes it. */
export const unreadableForm = 'The form could not be read. Please reload the page and try again.'
/** The missing word is the spec's, kept on purpose. */
export const genericFailure = 'An unexpected occurred processing your request'

/** NO_LOGON_LINK and NO_USER also lock the Send button (§4). */
export function signInMessage(code: string): { message: string; locksSend: boolean } {
  if (code === 'NO_LOGON_LINK') return { message: signInNoLogonLink, locksSend: true }
  if (code === 'NO_USER') return { message: signInNoUser, locksSend: true }
  return { message: unexpectedError, locksSend: false }
}

/** An emailed sign-in link that did not sign in (used twice, expired, cut short): what happened and what to do. */
export const signInLinkRefused = {
  used: {
    title: 'This sign-in link has already been used',
    text: 'Each sign-in link works once. Send yourself a new link below.',
  },
  replaced: {
    title: 'This sign-in link was replaced by a newer one',
    text: 'A newer sign-in link was sent to this address, and only the newest works. Open the most recent email, or send yourself a new link below.',
  },
  retired: {
    title: 'This sign-in link stopped working when the email address changed',
    text: 'The email address of the account was changed after this link was sent, which retires the links sent before. Send yourself a new link below, or sign in with the new address.',
  },
  expired: {
    title: 'This sign-in link has expired',
    text: 'Sign-in links work for 24 hours. Send yourself a new link below.',
  },
  invalid: {
    title: 'This sign-in link is not valid',
    text: 'It may have been cut short when it was copied. Send yourself a new link below.',
  },
} as const

export type ErrorDialogText = { title: string; message: string }

export const sessionErrors: Record<'INVALID_AGE' | 'INVALID_SIGNATURE' | 'NO_USER', ErrorDialogText> = {
  INVALID_AGE: { title: 'Session Expiry', message: 'Your session has expired.' },
  INVALID_SIGNATURE: { title: 'Session Expiry', message: 'Your session is not valid.' },
  NO_USER: { title: 'No Licenses Found', message: 'There are no licenses associated with your email address.' },
}
export const sessionErrorFallback: ErrorDialogText = { title: 'Something went wrong', message: unexpectedError }
export const loggedOutNotice = 'You will now be logged out.'
/** Written for the spec's "asks the user to contact support by email". */
export const contactSupportLine = (supportEmail: string) =>
  `If the problem persists, please contact support at ${supportEmail}.`

export function sessionError(
  code: string,
  supportEmail: string,
): ErrorDialogText & { notice: string; support?: string } {
  const named = ownValue(sessionErrors, code)
  if (named) return { ...named, notice: loggedOutNotice }
  return { ...sessionErrorFallback, notice: loggedOutNotice, support: contactSupportLine(supportEmail) }
}

export const activationConfirmedHeading = 'License Activation Confirmed'
export const activationConfirmedText = 'your license activation has been confirmed; you may close your browser'
export const activationErrorHeading = 'Error Processing Activation Request'
export const tooManyActivationsHeading = 'Too Many Activations'
/** Built around the spec's fragment "already in use in 3 locations". */
export const tooManyActivationsText = `This license is already in use in ${ACTIVATION_LIMIT} locations. Choose the activations to remove, then Proceed.`

/** ALREADY_ACTIVATED counts as success, TOO_MANY_ACTIVATIONS shows the removal list. */
export function activationOutcome(
  code: string,
): { kind: 'confirmed' } | { kind: 'tooMany' } | { kind: 'error'; message: string } {
  if (code === 'ALREADY_ACTIVATED') return { kind: 'confirmed' }
  if (code === 'TOO_MANY_ACTIVATIONS') return { kind: 'tooMany' }
  const message = ownValue(activationMessages, code)
  return { kind: 'error', message: message ?? unexpectedError }
}

export const emailChangeConfirmedHeading = 'Change Confirmed'
export const emailConfirmationErrorHeading = 'Error Processing Email Confirmation Request'

/** §8: "the same first three messages" as activation (so they speak of an activation link, as the spec has it). */
export function emailConfirmationMessage(code: string): string {
  if (code === 'INVALID_AGE' || code === 'INVALID_SIGNATURE' || code === 'NO_USER') return activationMessages[code]
  if (code === 'LINK_REPLACED') return emailChangeLinkReplaced
  return errorMessageFor(code)
}

export const emailChangeLinkReplaced =
  'This link no longer works: a newer change of email address was asked for, or the address changed since. Open the link in the most recent email, or sign in and ask for the change again.'

export const authenticationFailedTitle = 'Authentication Failed'
export const authenticationMessages = {
  INVALID_REQUEST: 'request seems to have already been processed, try again',
  NO_USER: 'no licenses associated with your email address, try a different email',
} as const
export const authenticationUnexpected = 'An unexpected error occurred during authentication.'

export function authenticationError(code: string, supportEmail: string): { message: string; support?: string } {
  const message = ownValue(authenticationMessages, code)
  return message ? { message } : { message: authenticationUnexpected, support: contactSupportLine(supportEmail) }
}

export const couponMessages = {
  expired: 'This coupon has expired.',
  invalid: 'This coupon does not exist.',
  redeemed: 'This coupon has already been redeemed.',
} as const

export function couponMessage(status: string): string {
  return ownValue(couponMessages, status) ?? unexpectedError
}

export function redeemHeading(months: number): string {
  return `Get ${countOf(months, 'month')} free`
}

export { chargeErrorAdvice, chargeErrorTitle }
export const currencyMismatchTitle = 'Error processing your Subscription Extension'
/** Written for the spec's "VPN and contact hint". */
export const currencyMismatchHint = (supportEmail: string) =>
  `The offer was made in a different currency than your location suggests. If you are using a VPN, please turn it off and try again; otherwise contact us at ${supportEmail}.`
/** §4 pastDue: written for "payment could not be processed; the user should update the payment method". */
export const pastDueAdvice = 'Your last payment could not be processed. Please update your payment method.'

/** Written for "a manual-review message (usually 1-2 hours, up to 12)". */
export const checkoutFlaggedTitle = 'Your order is being reviewed'
export const checkoutFlaggedText =
  'Your payment has been flagged for manual review. This usually takes 1-2 hours, but can take up to 12 hours. We will email you as soon as it is complete.'
export const checkoutFailedTitle = 'Something went wrong with your checkout'
export const checkoutFailedText = (supportEmail: string) =>
  `Your payment could not be completed. Please try again, or contact us at ${supportEmail}.`

// Labels the spec quotes (§2, §9).

export const labels = {
  getStarted: 'To get started, you must first sign in',
  signInWithEmail: 'Sign in using email',
  sendLink: 'Send Link',
  orContinueWith: 'Or continue with',
  changeEmailAddress: 'Change Email Address',
  changeEmailAddressComplete: 'Change Email Address Complete',
  accountSettings: 'Account Settings',
  logOut: 'Log Out',
  bulkAssign: 'Bulk Assign',
  bulkRenew: 'Bulk Renew/Co-term',
  offlineKeys: 'Offline Keys',
  newSubscription: 'New Subscription',
  permissions: 'Permissions',
  buyNewLicenses: 'Buy New Licenses',
  noLicensesYet: 'You have no licenses yet.',
  noPersonalLicenses: 'No license is yours or assigned to you; your companies’ licenses are below.',
  sendEmailOnAssign: 'Send notification email for new assignments',
  update: 'Update',
  renewMultiple: 'Renew/Co-term Multiple Licenses Request',
  renew: 'Renew',
  cancel: 'Cancel',
  companyPermissions: 'Company Permissions',
  addCompanyPermission: 'Add Company Permission',
  addUser: 'Add User',
  remove: 'Remove',
  close: 'Close',
  save: 'Save',
  sendNotificationToUser: 'Send notification to user',
  proceed: 'Proceed',
  continue: 'Continue',
  monthly: 'Monthly',
  annually: 'Annually',
  /** The spec's toggle says "Individual", its checkout "Personal": the portal says "Personal" everywhere. */
  personal: 'Personal',
  organization: 'Organization',
  originalPrice: 'Original Price',
  discount: 'Discount',
  total: 'Total',
  specialDiscount: 'Special discount',
  logonLinkDefault: 'Only when OAuth not linked',
  logonLinkAlways: 'Always',
  somethingWentWrong: 'Something went wrong',
} as const

export const bulkAssignmentChanged =
  'Someone else just changed who holds these licenses. Review the list and update again.'

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
  CURRENCY_MISMATCH: `${currencyMismatchTitle}. ${currencyMismatchHint}`,
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
