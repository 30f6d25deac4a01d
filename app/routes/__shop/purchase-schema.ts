import { z } from 'zod'
import type { Country } from '#protocol/entities'
import { requiredEmail } from '#app/rules/email'
import { checkoutNameRequired, nameRequired, zipRequired } from '#app/rules/messages'
import { clampQuantity } from '#app/rules/subscription'
import { requiresZip } from './pricing'

export const countryUnknown = 'Choose a country from the list.'

/**
 * The purchase form (spec §5 checkout rows), checked the same way on the server and in the browser: the name is
 * required with the organization's or the individual's message, the email required and valid, and the zip/post code
 * required when the chosen country asks for one. The quantity is clamped to 1..100 (§2) rather than refused. The
 * "already subscribed" check needs the service and runs in the action.
 */
export function purchaseSchema(countries: readonly Country[]) {
  return z
    .object({
      billing: z.enum(['monthly', 'annually']).default('annually'),
      type: z.enum(['individual', 'company']).default('individual'),
      quantity: z
        .number()
        .optional()
        .transform((value) => clampQuantity(value ?? 1)),
      name: z.string().trim().max(200).optional(),
      email: requiredEmail,
      country: z
        .string()
        .default('US')
        .refine((code) => countries.some((c) => c.code === code), countryUnknown),
      zip: z.string().trim().max(20).optional(),
    })
    .superRefine((value, ctx) => {
      if (!value.name) {
        const message = value.type === 'company' ? checkoutNameRequired.organization : checkoutNameRequired.individual
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['name'], message })
      }
      if (requiresZip(countries, value.country) && !value.zip) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['zip'], message: zipRequired })
      }
    })
}

export type PurchaseForm = z.infer<ReturnType<typeof purchaseSchema>>

/** The redeem form (spec §5 redeem rows). */
export const RedeemSchema = z.object({
  name: z.string({ required_error: nameRequired }).trim().min(1, nameRequired).max(200),
  email: requiredEmail,
})
