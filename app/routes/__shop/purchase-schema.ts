import * as z from 'zod/mini'
import { oneLine } from '#protocol/shared/text'
import type { Country } from '#protocol/entities'
import { isValidEmail, requiredEmail } from '#app/rules/email'
import { checkoutNameRequired, nameRequired } from '#app/rules/messages/shop'
import { zipRequired } from '#protocol/catalog/checkout'
import { requiresZip } from './pricing'
import { clampQuantity } from '#protocol/subscriptions/quantity'

export const countryUnknown = 'Choose a country from the list.'

function purchaseParts(countries: readonly Country[]) {
  const country = z
    ._default(z.string(), 'US')
    .check(z.refine((code) => countries.some((c) => c.code === code), countryUnknown))
  const type = z._default(z.enum(['individual', 'company']), 'individual')
  const contact = z.object({
    billing: z._default(z.enum(['monthly', 'annually']), 'annually'),
    type,
    quantity: z.pipe(
      z.optional(z.number()),
      z.transform((value) => clampQuantity(value ?? 1)),
    ),
    email: requiredEmail,
    country,
  })
  const detailFields = z.object({
    type,
    country: z._default(z.string(), 'US'),
    // Read again here only to stand in for an empty name; its own checks are the ones above.
    email: z.optional(z.string().check(z.trim())),
    // Text from outside: stored and sent on as one line.
    name: z.optional(
      z.pipe(
        z.string().check(z.maxLength(200)),
        z.transform((value) => oneLine(value, 200)),
      ),
    ),
    zip: z.optional(z.string().check(z.trim(), z.maxLength(20))),
  })
  const details = z.pipe(
    detailFields.check(
      z.superRefine((value, ctx) => {
        if (!nameOrEmail(value)) {
          const message = value.type === 'company' ? checkoutNameRequired.organization : checkoutNameRequired.individual
          ctx.addIssue({ code: 'custom', path: ['name'], message })
        }
        if (requiresZip(countries, value.country) && !value.zip) {
          ctx.addIssue({ code: 'custom', path: ['zip'], message: zipRequired })
        }
      }),
    ),
    z.transform(({ name, zip, email }) => ({ name: nameOrEmail({ name, email }), zip, email })),
  )
  return { contact, detailFields, details }
}

/** Spec §5 checkout rows, on server and browser; an empty Continue lists every message at once. */
export function purchaseSchema(countries: readonly Country[]) {
  const { contact, details } = purchaseParts(countries)
  return z.intersection(contact, details)
}

/** The same fields without the final transform, which conform's `getZodConstraint` cannot read at a schema's root. */
export function purchaseFields(countries: readonly Country[]) {
  const { contact, detailFields } = purchaseParts(countries)
  return z.intersection(contact, detailFields)
}

/** §2: only a valid email stands in for an empty name. */
export function nameOrEmail({ name, email }: { name?: string; email?: string }): string | undefined {
  if (name) return name
  return email && isValidEmail(email) ? email : undefined
}

/** Spec §5 redeem rows. */
export const RedeemSchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? nameRequired : undefined) })
    .check(z.trim(), z.minLength(1, nameRequired), z.maxLength(200)),
  email: requiredEmail,
})
