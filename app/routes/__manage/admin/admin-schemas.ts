import * as z from 'zod'
import { companyNameRequired } from '#app/rules/messages'

/** §2, §5: `confirm` asks, `merge` carries it out. */
export const MergeSchema = z.object({
  companyName: z
    .string({ error: (issue) => (issue.input === undefined ? companyNameRequired : undefined) })
    .trim()
    .min(1, companyNameRequired)
    .max(200, 'Company name must be at most 200 characters.'),
  stage: z.enum(['confirm', 'merge']).default('confirm'),
})

export const RemoveLicenseSchema = z.object({ license: z.string().min(1).max(200), owner: z.string().max(200) })

export const RemoveSubscriptionSchema = z.object({ subscription: z.string().min(1) })
