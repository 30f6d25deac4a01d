// What the two assign forms (a company's Bulk Assign, a subscription's Manage Assignments) share, on the server and in
// the browser: the same defaults and the same way a plan's refusal reaches a field.
import * as z from 'zod/mini'

/** §2, §5: `preview` shows the summary without script, `apply` carries it out. */
export const assignFields = {
  emails: z._default(z.string(), ''),
  sendEmail: z._default(z.boolean(), false),
  stage: z._default(z.enum(['preview', 'apply']), 'preview'),
}

export type AssignRefusal = { path: string; message: string }

/** Plans the submitted list and puts the plan's refusal, if any, on the field it names. */
export function refuseAssignPlan<T>(refusal: (value: T) => AssignRefusal | undefined) {
  return z.superRefine<T>((value, ctx) => {
    const refused = refusal(value)
    if (refused) ctx.addIssue({ code: 'custom', path: [refused.path], message: refused.message })
  })
}
