// One zod schema per company license form, on the server and in the browser: the same messages (spec §5) either way.
import * as z from 'zod'
import type { License } from '#protocol/entities'
import { bulkAssignGroups, planCompanyBulkAssign } from '#app/rules/company'
import { requiredEmail } from '#app/rules/email'

/** §2, §5. */
export const AssignSchema = z.object({
  license: z.string().min(1),
  /** With the id, the reference the service checks and changes. */
  owner: z.string().min(1),
  email: requiredEmail,
})

export const LicenseRefSchema = z.object({ license: z.string().min(1), owner: z.string().min(1) })

/** The administrator's remove license. */
export const LicenseSchema = z.object({ license: z.string().min(1) })

const groups = bulkAssignGroups.map((g) => g.group) as [string, ...string[]]

/** §2, §5: blank means nobody keeps a license of the product; errors go to the product or the address list. */
export function bulkAssignSchema(licenses: readonly License[], now: number) {
  return z
    .object({
      company: z.string().min(1),
      group: z.enum(groups),
      emails: z.string().default(''),
      sendEmail: z.boolean().default(false),
      stage: z.enum(['preview', 'apply']).default('preview'),
    })
    .superRefine((value, ctx) => {
      const plan = planCompanyBulkAssign({
        licenses,
        group: value.group as License['productGroup'],
        text: value.emails,
        now,
      })
      if ('error' in plan) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [plan.readOnly ? 'group' : 'emails'], message: plan.error })
      }
    })
}
