import { z } from 'zod'
import { oneLine } from '#protocol/text'
import type { Country } from '#protocol/entities'
import { isValidEmail, requiredEmail } from '#app/rules/email'
import { checkoutNameRequired, nameRequired, zipRequired } from '#app/rules/messages'
import { requiresZip } from './pricing'
import { clampQuantity } from '#protocol/subscriptions'

export const countryUnknown = 'Choose a country from the list.'

/**
 * The purchase form (spec §5 checkout rows), checked the same way on the server and in the browser: the email required
 * and valid, the name required with the organization's or the individual's message, and the zip/post code required
 * when the chosen country asks for one. Every field is checked at once, so an empty Continue lists every message (the
 * two halves of the intersection are checked independently: the name and zip checks do not wait for a valid email).
 * §2 "Name defaults to the email on blur if empty": a name still empty at Continue is the email, so the name is
 * missing only while the email is. The quantity is clamped to 1..100 (§2) rather than refused. The "already
 * subscribed" check needs the service and runs in the action.
 */
export function purchaseSchema(countries: readonly Country[]) {
  const country = z
    .string()
    .default('US')
    .refine((code) => countries.some((c) => c.code === code), countryUnknown)
  const type = z.enum(['individual', 'company']).default('individual')
  const contact = z.object({
    billing: z.enum(['monthly', 'annually']).default('annually'),
    type,
    quantity: z
      .number()
      .optional()
      .transform((value) => clampQuantity(value ?? 1)),
    email: requiredEmail,
    country,
  })
  const details = z
    .object({
      type,
      country: z.string().default('US'),
      // Read again here only to stand in for an empty name; its own checks are the ones above.
      email: z.string().trim().optional(),
      // Text from outside: stored and sent on as one line.
      name: z
        .string()
        .max(200)
        .transform((value) => oneLine(value, 200))
        .optional(),
      zip: z.string().trim().max(20).optional(),
    })
    .superRefine((value, ctx) => {
      if (!nameOrEmail(value)) {
        const message = value.type === 'company' ? checkoutNameRequired.organization : checkoutNameRequired.individual
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['name'], message })
      }
      if (requiresZip(countries, value.country) && !value.zip) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['zip'], message: zipRequired })
      }
    })
    .transform(({ name, zip, email }) => ({ name: nameOrEmail({ name, email }), zip, email }))
  return z.intersection(contact, details)
}

/** §2: the name, or the email standing in for an empty one (only a valid email does). */
export function nameOrEmail({ name, email }: { name?: string; email?: string }): string | undefined {
  if (name) return name
  return email && isValidEmail(email) ? email : undefined
}

/** The redeem form (spec §5 redeem rows). */
export const RedeemSchema = z.object({
  name: z.string({ required_error: nameRequired }).trim().min(1, nameRequired).max(200),
  email: requiredEmail,
})
