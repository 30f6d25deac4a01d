/**
 * The spec's email rules (§5): "must match simple {email} with no spaces", and the zod pieces the conform forms share
 * between server and client.
 */
import { z } from 'zod'
import { emailInvalid, emailRequired } from './messages'

import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from '#protocol/email'

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
}

export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b)
}

/**
 * A required email field for conform: trimmed; missing (conform gives `undefined` for an empty field) or blank →
 * "Email address must be provided."; not matching the simple pattern → "Email address is not valid.".
 * Kept a plain ZodString (no refine) so it can be chained and `getZodConstraint` can read it.
 */
export const requiredEmail = z
  .string({ required_error: emailRequired, invalid_type_error: emailInvalid })
  .trim()
  .min(1, emailRequired)
  .max(EMAIL_MAX_LENGTH, emailInvalid)
  .regex(EMAIL_PATTERN, emailInvalid)

export type EmailList = {
  /** Distinct addresses in the order first given, normalized (trimmed, lower-case). */
  emails: string[]
  /** The entries that are not valid addresses, as typed (trimmed). */
  invalid: string[]
}

/** Separators of the two bulk-assign text areas (§2, §5). */
export const NEWLINES = /\r?\n|\r/
export const NEWLINES_COMMAS_SEMICOLONS = /[\r\n,;]+/

/**
 * Splits a bulk-assign text into addresses: blank entries are ignored and addresses are de-duplicated
 * case-insensitively (the first spelling wins, returned lower-cased as the service stores them).
 */
export function parseEmailList(text: string, separators: RegExp): EmailList {
  const emails: string[] = []
  const invalid: string[] = []
  const seen = new Set<string>()
  for (const raw of text.split(separators)) {
    const entry = raw.trim()
    if (entry === '') continue
    if (!isValidEmail(entry)) {
      invalid.push(entry)
      continue
    }
    const email = normalizeEmail(entry)
    if (seen.has(email)) continue
    seen.add(email)
    emails.push(email)
  }
  return { emails, invalid }
}
