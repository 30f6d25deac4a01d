/**
 * The spec's email rule (§5): "must match simple {email} with no spaces" — something, an @, something, a dot,
 * something, no spaces, a single @. One definition for the portal's forms and the service's payloads.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The longest address the protocol accepts. */
export const EMAIL_MAX_LENGTH = 254

/** The comparison form of an address: trimmed and lower-cased (addresses are compared case-insensitively). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}
