// A checkout's outcome, in the shop and after a renewal's checkout on /manage.
/** Written for "a manual-review message (usually 1-2 hours, up to 12)". */
export const checkoutFlaggedTitle = 'Your order is being reviewed'
export const checkoutFlaggedText =
  'Your payment has been flagged for manual review. This usually takes 1-2 hours, but can take up to 12 hours. We will email you as soon as it is complete.'
export const checkoutFailedTitle = 'Something went wrong with your checkout'
export const checkoutFailedText = (supportEmail: string) =>
  `Your payment could not be completed. Please try again, or contact us at ${supportEmail}.`
