/**
 * One zod schema per company license form, parsed on the server with conform's `parseWithZod` and mirrored in the
 * browser, so the same messages (spec §5, word for word) appear with or without script.
 */
import { z } from 'zod'
import type { License } from '#protocol/entities'
import { bulkAssignGroups, planCompanyBulkAssign } from '#app/rules/company'
import { requiredEmail } from '#app/rules/email'

/** Assign dialog (§2, §5): one email field. */
export const AssignSchema = z.object({
  license: z.string().min(1),
  /** The license's owner (its company): with the id, the reference the service checks and changes. */
  owner: z.string().min(1),
  email: requiredEmail,
})

/** The row's Unassign button: the license by its reference. */
export const LicenseRefSchema = z.object({ license: z.string().min(1), owner: z.string().min(1) })

/** The row's Unassign button, the administrator's remove license. */
export const LicenseSchema = z.object({ license: z.string().min(1) })

const groups = bulkAssignGroups.map((g) => g.group) as [string, ...string[]]

/**
 * Bulk assign for a company (§2, §5): the chosen product, the addresses (newline, comma or semicolon apart; blank means nobody keeps a
 * license of that product), the notification checkbox, and the step: `preview` shows the plan, `apply` carries it
 * out. The plan's errors (read-only, invalid address, not enough unexpired licenses) are tied to the product field or
 * the address list.
 */
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
