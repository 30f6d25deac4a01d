// The link pages' texts: an activation's outcome and an email change's (§8).
import { unexpectedError } from '#protocol/shared/errors'
import { ACTIVATION_LIMIT, activationMessages } from '#protocol/licenses/licenses'
import { ownValue } from '#protocol/shared/own'

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
