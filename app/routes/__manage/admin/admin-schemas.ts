/** The platform administrator's forms: merge companies, remove a license, remove a subscription. */
import { z } from 'zod'
import { companyNameRequired } from '#app/rules/messages'

/** Merge dialog (§2, §5): the company name, trimmed, required; `confirm` asks, `merge` carries it out. */
export const MergeSchema = z.object({
  companyName: z
    .string({ required_error: companyNameRequired })
    .trim()
    .min(1, companyNameRequired)
    .max(200, 'Company name must be at most 200 characters.'),
  stage: z.enum(['confirm', 'merge']).default('confirm'),
})

/** Remove license: the license the dialog is about, by its reference (id and owner). */
export const RemoveLicenseSchema = z.object({ license: z.string().min(1).max(200), owner: z.string().max(200) })

/** Remove subscription: the subscription the dialog is about. */
export const RemoveSubscriptionSchema = z.object({ subscription: z.string().min(1) })
