/**
 * The spec's email rule (§5): "must match simple {email} with no spaces" — something, an @, something, a dot,
 * something, no spaces, a single @. One definition for the portal's forms and the service's payloads. An address is
 * text from outside that mails and files show as it is, so it holds no control characters (and no bidirectional
 * overrides, which would reorder the words after it) either.
 */
/** A part of an address: no space, no @, no control character, no bidirectional override. */
const PART = '[^\\s@\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]+'
export const EMAIL_PATTERN = new RegExp(`^${PART}@${PART}\\.${PART}$`)

/** The longest address the protocol accepts. */
export const EMAIL_MAX_LENGTH = 254

/** The comparison form of an address: trimmed and lower-cased (addresses are compared case-insensitively). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}
