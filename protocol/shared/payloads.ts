import * as z from 'zod/mini'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email.js'

/** A call without a payload: `{}`, `null`, or none at all. */
export const emptyPayload = z.union([z.union([z.strictObject({}), z.undefined()]), z.null()])

/** An address in a payload, as the service keeps it: trimmed and lower-cased. */
export const Email = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH), z.regex(EMAIL_PATTERN))
