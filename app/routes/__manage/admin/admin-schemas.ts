import * as z from 'zod/mini'
import { Id, ID_MAX_LENGTH } from '#protocol/shared/limits'
import { companyNameRequired } from '#app/rules/messages/shop'

/** §2, §5: `confirm` asks, `merge` carries it out. */
export const MergeSchema = z.object({
  companyName: z
    .string({ error: (issue) => (issue.input === undefined ? companyNameRequired : undefined) })
    .check(
      z.trim(),
      z.minLength(1, companyNameRequired),
      z.maxLength(200, 'Company name must be at most 200 characters.'),
    ),
  stage: z._default(z.enum(['confirm', 'merge']), 'confirm'),
})

export const RemoveLicenseSchema = z.object({
  license: Id,
  owner: z.string().check(z.maxLength(ID_MAX_LENGTH)),
})

export const RemoveSubscriptionSchema = z.object({ subscription: z.string().check(z.minLength(1)) })
