// One zod schema per company license form, on the server and in the browser: the same messages (spec §5) either way.
import * as z from 'zod/mini'
import type { License } from '#protocol/entities'
import { bulkAssignGroups, planCompanyBulkAssign } from '#app/rules/company'
import { requiredEmail } from '#app/rules/email'
import { assignFields, refuseAssignPlan } from '#app/routes/__manage/shared/assign-fields'

/** §2, §5. */
export const AssignSchema = z.object({
  license: z.string().check(z.minLength(1)),
  /** With the id, the reference the service checks and changes. */
  owner: z.string().check(z.minLength(1)),
  email: requiredEmail,
})

export const LicenseRefSchema = z.object({
  license: z.string().check(z.minLength(1)),
  owner: z.string().check(z.minLength(1)),
})

/** The administrator's remove license. */
export const LicenseSchema = z.object({ license: z.string().check(z.minLength(1)) })

const groups = bulkAssignGroups.map((g) => g.group) as [string, ...string[]]

/** §2, §5: blank means nobody keeps a license of the product; errors go to the product or the address list. */
export function bulkAssignSchema(licenses: readonly License[], now: number) {
  return z
    .object({
      company: z.string().check(z.minLength(1)),
      group: z.enum(groups),
      ...assignFields,
    })
    .check(
      refuseAssignPlan((value) => {
        const plan = planCompanyBulkAssign({
          licenses,
          group: value.group as License['productGroup'],
          text: value.emails,
          now,
        })
        return 'error' in plan ? { path: plan.readOnly ? 'group' : 'emails', message: plan.error } : undefined
      }),
    )
}
