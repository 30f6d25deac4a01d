/**
 * One zod schema per company form, parsed on the server with conform's `parseWithZod` and mirrored in the browser, so
 * the same messages (spec §5, word for word) appear with or without script.
 */
import { z } from 'zod'
import type { License } from '#protocol/entities'
import { bulkAssignGroups, planCompanyBulkAssign } from '#app/rules/company'
import { normalizeEmail, requiredEmail } from '#app/rules/email'
import { companyNameRequired, userExists } from '#app/rules/messages'
import type { RoleNumber } from '#app/rules/roles'

/** Assign dialog (§2, §5): one email field. */
export const AssignSchema = z.object({
  license: z.string().min(1),
  email: requiredEmail,
})

/** The row's Unassign button, the administrator's remove license. */
export const LicenseSchema = z.object({ license: z.string().min(1) })

export const SubscriptionSchema = z.object({ subscription: z.string().min(1) })

const groups = bulkAssignGroups.map((g) => g.group) as [string, ...string[]]

/**
 * Bulk assign for a company (§2, §5): the chosen product, the addresses one per line (blank means nobody keeps a
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

/**
 * Add Company Permission (§2, §5): the email (required, valid, not already in the company's list), one of the roles
 * offered, and "Send notification to user".
 */
export function addPermissionSchema(existingEmails: readonly string[], offered: readonly RoleNumber[]) {
  const existing = new Set(existingEmails.map(normalizeEmail))
  return z
    .object({
      company: z.string().min(1),
      email: requiredEmail,
      role: z.number().int(),
      sendEmail: z.boolean().default(false),
    })
    .superRefine((value, ctx) => {
      if (existing.has(normalizeEmail(value.email))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['email'], message: userExists })
      }
      if (!offered.includes(value.role as RoleNumber)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['role'], message: 'Choose one of the roles offered.' })
      }
    })
}

/** Permissions list: the Remove button of a row. */
export const RemovePermissionSchema = z.object({ company: z.string().min(1), email: z.string().min(1) })

/** Merge dialog (§2, §5): the company name, trimmed, required; `confirm` asks, `merge` carries it out. */
export const MergeSchema = z.object({
  companyName: z
    .string({ required_error: companyNameRequired })
    .trim()
    .min(1, companyNameRequired)
    .max(200, 'Company name must be at most 200 characters.'),
  stage: z.enum(['confirm', 'merge']).default('confirm'),
})
