/**
 * The spec's email rule (§5): "must match simple {email} with no spaces", one definition for every side. An address is
 * shown as it is in mails and files, so it holds no control characters or bidirectional overrides either.
 */
const PART = '[^\\s@\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]+'
export const EMAIL_PATTERN = new RegExp(`^${PART}@${PART}\\.${PART}$`)

export const EMAIL_MAX_LENGTH = 254

/** Trimmed and lower-cased: addresses compare case-insensitively. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}

// §5's texts, answered by the service and shown by the portal's forms.
export const emailRequired = 'Email address must be provided.'
export const emailInvalid = 'Email address is not valid.'
export const emailMustDiffer = 'New email address must be different from current email address.'
