// The portal's own failures: what a form or a write says when the portal, not the service, could not finish it.
/** A write whose answer was lost on its way back, after every repeat: it may have been done. */
export const outcomeUnknown =
  'The answer to this change was lost on its way back, so whether it was made is not known. The page shows things as they are now: check them before trying again.'
/** A form body that is not a form, or a form field as no page of the portal writes it. */
export const unreadableForm = 'The form could not be read. Please reload the page and try again.'
/** The missing word is the spec's, kept on purpose. */
export const genericFailure = 'An unexpected occurred processing your request'
