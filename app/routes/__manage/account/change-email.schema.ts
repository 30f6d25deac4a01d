import { z } from 'zod'
import { requiredEmail, sameEmail } from '#app/rules/email'
import { emailMustDiffer, emailsDoNotMatch } from '#app/rules/messages'

/**
 * The Change Email Address form (spec §5): the new address is required and valid, differs from the current one, and
 * the confirmation repeats it. Addresses compare case-insensitively. One schema for the server and the client.
 */
export function changeEmailSchema(currentEmail: string) {
  return z
    .object({
      newEmail: requiredEmail,
      confirmEmail: z.string().trim().optional(),
    })
    .superRefine((value, ctx) => {
      if (sameEmail(value.newEmail, currentEmail)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['newEmail'], message: emailMustDiffer })
      }
      if (!sameEmail(value.newEmail, value.confirmEmail ?? '')) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmEmail'], message: emailsDoNotMatch })
      }
    })
}
