// The spec's email rules (§5): "must match simple {email} with no spaces".
import * as z from 'zod/mini'

import { isValidAddress } from '#protocol/shared/address-list'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail, emailInvalid, emailRequired } from '#protocol/shared/email'

export function isValidEmail(value: string): boolean {
  return isValidAddress(value)
}

export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b)
}

/** A plain ZodString (no refine), so it can be chained and `getZodConstraint` can read it. */
export const requiredEmail = z
  .string({ error: (issue) => (issue.input === undefined ? emailRequired : emailInvalid) })
  .check(
    z.trim(),
    z.minLength(1, emailRequired),
    z.maxLength(EMAIL_MAX_LENGTH, emailInvalid),
    z.regex(EMAIL_PATTERN, emailInvalid),
  )
