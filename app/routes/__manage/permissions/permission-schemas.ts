// The permission forms' schemas, on the server and in the browser: the same messages (spec §5) either way.
import * as z from 'zod/mini'
import { requiredEmail } from '#app/rules/email'
import { userExists } from '#app/rules/messages/manage'
import { normalizeEmail } from '#protocol/shared/email'
import type { RoleNumber } from '#protocol/permissions/roles'

/** §2, §5: not already in the company's list, one of the roles offered. */
export function addPermissionSchema(existingEmails: readonly string[], offered: readonly RoleNumber[]) {
  const existing = new Set(existingEmails.map(normalizeEmail))
  return z
    .object({
      company: z.string().check(z.minLength(1)),
      email: requiredEmail,
      role: z.int(),
      sendEmail: z._default(z.boolean(), false),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (existing.has(normalizeEmail(value.email))) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: userExists })
        }
        if (!offered.includes(value.role as RoleNumber)) {
          ctx.addIssue({ code: 'custom', path: ['role'], message: 'Choose one of the roles offered.' })
        }
      }),
    )
}

export const RemovePermissionSchema = z.object({
  company: z.string().check(z.minLength(1)),
  email: z.string().check(z.minLength(1)),
})

/** An unknown role is not given back. */
export const UndoRemovePermissionSchema = z.object({
  company: z.string().check(z.minLength(1)),
  email: requiredEmail,
  role: z.pipe(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(4)),
    z.transform((n) => n as RoleNumber),
  ),
})
