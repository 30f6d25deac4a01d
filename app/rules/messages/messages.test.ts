import { describe, expect, it } from 'vitest'
import { errorCodes, unexpectedError } from '#protocol/shared/errors'
import { emailInvalid, emailMustDiffer, emailRequired } from '#protocol/shared/email'
import { zipRequired } from '#protocol/catalog/checkout'
import { cannotAssign } from '#protocol/licenses/licenses'
import { lastAdministrator } from '#protocol/permissions/roles'
import * as subscriptions from '#protocol/subscriptions/subscriptions'
import * as activation from './activation'
import * as checkout from './checkout'
import * as errors from './errors'
import * as failures from './failures'
import * as manage from './manage'
import * as shop from './shop'
import * as session from './session'
import * as signIn from './sign-in'

/** Every module of texts as one, as the tests read them. */
const m = { ...activation, ...checkout, ...errors, ...failures, ...manage, ...session, ...shop, ...signIn }

describe('§5 validation messages, word for word', () => {
  it.each([
    [emailRequired, 'Email address must be provided.'],
    [emailInvalid, 'Email address is not valid.'],
    [m.emailsDoNotMatch, 'Email addresses do not match.'],
    [emailMustDiffer, 'New email address must be different from current email address.'],
    [m.companyNameRequired, 'Company name must be provided.'],
    [m.userExists, 'A user already exists with this email address.'],
    [m.checkoutNameRequired.organization, 'Company name must be provided.'],
    [m.checkoutNameRequired.individual, 'Name must be provided.'],
    [zipRequired, 'Zip/Post code must be provided.'],
    [m.alreadySubscribed, 'Email address is already subscribed.'],
    [m.nameRequired, 'Name must be provided.'],
    [subscriptions.bulkInvalidEmails, 'Error: one or more email addresses are invalid.'],
    [subscriptions.bulkNotEnoughLicenses, 'Error: not enough licenses available.'],
    [subscriptions.bulkNotEnoughNonLapsing, 'Error: not enough non-lapsing licenses available.'],
    [subscriptions.bulkNotEnoughLapsing, 'Error: not enough lapsing licenses available.'],
    [
      subscriptions.bulkLapsingAndNonLapsing,
      'Error: email address must not exist as both lapsing and non-lapsing assignment.',
    ],
    [m.bulkAllExpired, 'Error: all licenses have expired and must be individually assigned/unassigned.'],
    [m.bulkNotEnoughUnexpired, 'Error: not enough unexpired licenses available.'],
    [cannotAssign, 'Cannot assign this license type'],
    [lastAdministrator, 'Cannot remove the last administrator'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected)
  })
})

describe('assignmentSummary', () => {
  it('names both counts when licenses are unassigned and assigned', () => {
    expect(m.assignmentSummary(2, 3)).toBe('2 licenses will be unassigned and 3 licenses will be assigned.')
  })
  it('names only the unassigned count', () => {
    expect(m.assignmentSummary(1, 0)).toBe('1 license will be unassigned.')
  })
  it('names only the assigned count', () => {
    expect(m.assignmentSummary(0, 4)).toBe('4 licenses will be assigned.')
  })
  it('says nothing changes', () => {
    expect(m.assignmentSummary(0, 0)).toBe('No changes will be made.')
  })
})

describe('quantityLapseMessage', () => {
  it('fills in the number', () => {
    expect(subscriptions.quantityLapseMessage(3)).toBe('3 distinct email addresses must be specified to Continue.')
    expect(subscriptions.quantityLapseMessage(1)).toBe('1 distinct email address must be specified to Continue.')
  })
})

describe('§8 sign-in form', () => {
  it('NO_LOGON_LINK and NO_USER have their text and lock the Send button', () => {
    expect(m.signInMessage('NO_LOGON_LINK')).toEqual({
      message: 'The email address is not allowed to authenticate using an email link; please use another method below.',
      locksSend: true,
    })
    expect(m.signInMessage('NO_USER')).toEqual({
      message: 'The email address provided is not the owner of any licenses.',
      locksSend: true,
    })
  })
  it('anything else is the unexpected error and leaves the button usable', () => {
    expect(m.signInMessage('RATE_LIMITED')).toEqual({ message: 'An unexpected error occurred.', locksSend: false })
  })
  it('success, network and generic failure texts', () => {
    expect(m.signInSuccess).toBe("Please log in using the link we've sent to your email (check junk/spam).")
    expect(unexpectedError).toBe('An unexpected error occurred.')
    expect(m.genericFailure).toBe('An unexpected occurred processing your request')
  })
})

describe('§8 session and general errors', () => {
  it.each([
    ['INVALID_AGE', 'Session Expiry', 'Your session has expired.'],
    ['INVALID_SIGNATURE', 'Session Expiry', 'Your session is not valid.'],
    ['NO_USER', 'No Licenses Found', 'There are no licenses associated with your email address.'],
  ])('%s → %s / %s, logged out, no support line', (code, title, message) => {
    expect(m.sessionError(code, 'help@vendor.example')).toEqual({
      title,
      message,
      notice: 'You will now be logged out.',
    })
  })
  it.each(['UNEXPECTED', 'FORBIDDEN', 'SOMETHING_NEW', 'toString'])('%s falls back with the support line', (code) => {
    const text = m.sessionError(code, 'help@vendor.example')
    expect(text.title).toBe('Something went wrong')
    expect(text.message).toBe('An unexpected error occurred.')
    expect(text.notice).toBe('You will now be logged out.')
    expect(text.support).toBe('If the problem persists, please contact support at help@vendor.example.')
  })
})

describe('§8 activation', () => {
  it.each([
    ['INVALID_AGE', 'Your activation link has expired.'],
    ['INVALID_SIGNATURE', 'Your activation link is not valid.'],
    ['NO_USER', 'No email address found for this activation request.'],
    ['NO_ACTIVATION', 'No pending activations found for your activation link.'],
    ['FORBIDDEN', 'An unexpected error occurred.'],
  ])('%s → %s', (code, message) => {
    expect(m.activationOutcome(code)).toEqual({ kind: 'error', message })
  })
  it('ALREADY_ACTIVATED is shown as success', () => {
    expect(m.activationOutcome('ALREADY_ACTIVATED')).toEqual({ kind: 'confirmed' })
  })
  it('TOO_MANY_ACTIVATIONS shows the removal list', () => {
    expect(m.activationOutcome('TOO_MANY_ACTIVATIONS')).toEqual({ kind: 'tooMany' })
    expect(m.tooManyActivationsText).toContain('already in use in 3 locations')
  })
  it('headings', () => {
    expect(m.activationConfirmedHeading).toBe('License Activation Confirmed')
    expect(m.activationErrorHeading).toBe('Error Processing Activation Request')
    expect(m.tooManyActivationsHeading).toBe('Too Many Activations')
  })
})

describe('§8 email confirmation', () => {
  it('uses the same first three messages as activation', () => {
    expect(m.emailConfirmationMessage('INVALID_AGE')).toBe('Your activation link has expired.')
    expect(m.emailConfirmationMessage('INVALID_SIGNATURE')).toBe('Your activation link is not valid.')
    expect(m.emailConfirmationMessage('NO_USER')).toBe('No email address found for this activation request.')
  })
  it('translates other known codes and falls back for unknown ones', () => {
    expect(m.emailConfirmationMessage('FORBIDDEN')).toBe('You do not have permission to do that.')
    expect(m.emailConfirmationMessage('WHATEVER')).toBe('An unexpected error occurred.')
  })
  it('headings', () => {
    expect(m.emailChangeConfirmedHeading).toBe('Change Confirmed')
    expect(m.emailConfirmationErrorHeading).toBe('Error Processing Email Confirmation Request')
  })
})

describe('§8 authentication', () => {
  it('INVALID_REQUEST and NO_USER have their texts', () => {
    expect(m.authenticationError('INVALID_REQUEST', 'help@vendor.example')).toEqual({
      message: 'request seems to have already been processed, try again',
    })
    expect(m.authenticationError('NO_USER', 'help@vendor.example')).toEqual({
      message: 'no licenses associated with your email address, try a different email',
    })
  })
  it('anything else is the unexpected authentication error with the support line', () => {
    const text = m.authenticationError('UNEXPECTED', 'help@vendor.example')
    expect(text.message).toBe('An unexpected error occurred during authentication.')
    expect(text.support).toBe('If the problem persists, please contact support at help@vendor.example.')
    expect(m.authenticationFailedTitle).toBe('Authentication Failed')
  })
})

describe('§8 coupons', () => {
  it.each([
    ['expired', 'This coupon has expired.'],
    ['invalid', 'This coupon does not exist.'],
    ['redeemed', 'This coupon has already been redeemed.'],
    ['boom', 'An unexpected error occurred.'],
  ])('%s → %s', (status, message) => {
    expect(m.couponMessage(status)).toBe(message)
  })
  it('redeem heading', () => {
    expect(m.redeemHeading(12)).toBe('Get 12 months free')
    expect(m.redeemHeading(1)).toBe('Get 1 month free')
  })
})

describe('§8 subscriptions and checkout', () => {
  it('CHARGE_ERROR and currency mismatch', () => {
    expect(subscriptions.chargeErrorTitle).toBe('Subscription update FAILED.')
    expect(subscriptions.chargeErrorAdvice).toMatch(/update the payment method/)
    expect(m.currencyMismatchTitle).toBe('Error processing your Subscription Extension')
    expect(m.currencyMismatchHint('help@vendor.example')).toMatch(/VPN.*contact us at help@vendor\.example\.$/)
  })
  it('flagged and failed checkout', () => {
    expect(m.checkoutFlaggedText).toMatch(/1-2 hours.*12 hours/)
    expect(m.checkoutFailedTitle).toBe('Something went wrong with your checkout')
    expect(m.checkoutFailedText('help@vendor.example')).toContain('contact us at help@vendor.example.')
  })
})

describe('errorMessageFor', () => {
  it.each(errorCodes)('%s has a human message', (code) => {
    const message = m.errorMessageFor(code)
    expect(message.length).toBeGreaterThan(10)
    expect(message).not.toContain(code)
    // A text written with a function where its words belong shows the function's source.
    expect(message).not.toMatch(/=>|\$\{/)
  })
  it('uses the spec texts where it has them', () => {
    expect(m.errorMessageFor('FORBIDDEN')).toBe('You do not have permission to do that.')
    expect(m.errorMessageFor('INVALID_AGE')).toBe('Your session has expired.')
    expect(m.errorMessageFor('LAST_ADMINISTRATOR')).toBe('Cannot remove the last administrator')
    expect(m.errorMessageFor('CANNOT_ASSIGN')).toBe('Cannot assign this license type')
    expect(m.errorMessageFor('USER_EXISTS')).toBe('A user already exists with this email address.')
    expect(m.errorMessageFor('CHARGE_ERROR')).toMatch(/^Subscription update FAILED\./)
    expect(m.errorMessageFor('CURRENCY_MISMATCH')).toBe(
      'Error processing your Subscription Extension. The offer was made in a different currency than your location ' +
        'suggests. If you are using a VPN, please turn it off and try again; otherwise contact us.',
    )
  })
  it('unknown codes, including Object.prototype names, get the unexpected error', () => {
    expect(m.errorMessageFor('NOPE')).toBe('An unexpected error occurred.')
    expect(m.errorMessageFor('constructor')).toBe('An unexpected error occurred.')
  })
})
