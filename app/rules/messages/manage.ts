// /manage's texts (§5): its forms' messages, the bulk assign's summary and a subscription's payment problems.
import { countOf } from '#protocol/shared/words'

export const emailsDoNotMatch = 'Email addresses do not match.'
export const userExists = 'A user already exists with this email address.'

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

export const currencyMismatchTitle = 'Error processing your Subscription Extension'
/** Written for the spec's "VPN and contact hint". */
export const currencyMismatchHint = (supportEmail?: string) =>
  `The offer was made in a different currency than your location suggests. If you are using a VPN, please turn it off and try again; otherwise contact us${supportEmail ? ` at ${supportEmail}` : ''}.`
/** §4 pastDue: written for "payment could not be processed; the user should update the payment method". */
export const pastDueAdvice = 'Your last payment could not be processed. Please update your payment method.'

export const bulkAssignmentChanged =
  'Someone else just changed who holds these licenses. Review the list and update again.'
