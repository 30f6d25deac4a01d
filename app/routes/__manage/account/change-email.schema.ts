import * as z from 'zod/mini'
import { requiredEmail, sameEmail } from '#app/rules/email'
import { emailsDoNotMatch } from '#app/rules/messages/manage'
import { emailMustDiffer } from '#protocol/shared/email'

/** Spec §5: differs from the current address and the confirmation repeats it, case-insensitively. */
export function changeEmailSchema(currentEmail: string) {
  return z
    .object({
      newEmail: requiredEmail,
      confirmEmail: z.optional(z.string().check(z.trim())),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (sameEmail(value.newEmail, currentEmail)) {
          ctx.addIssue({ code: 'custom', path: ['newEmail'], message: emailMustDiffer })
        }
        if (!sameEmail(value.newEmail, value.confirmEmail ?? '')) {
          ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: emailsDoNotMatch })
        }
      }),
    )
}
