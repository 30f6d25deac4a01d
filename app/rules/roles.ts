/**
 * Company roles on the portal side (spec §3, §5, §6). The role table itself (numbering, codes, names, descriptions,
 * permission flags) lives in `protocol/roles.ts`, shared with the service that enforces it; this module adds what the
 * permission dialogs need: which roles to offer, who manages whom, and the role-removal rules of §4.
 */
import type { Company, PermissionCode, PermissionEntry } from '#protocol/entities'
import {
  COMPANY_ADMINISTRATOR,
  COMPANY_MANAGER,
  RESELLER_ADMINISTRATOR,
  RESELLER_MANAGER,
  UNKNOWN_ROLE,
  permissionFlags,
  roleCodes,
  roleDescriptions,
  roleNames,
  roleOf,
  type PermissionFlags,
  type RoleNumber,
} from '#protocol/roles'
import { normalizeEmail } from './email'
import { lastAdministrator, lastResellerAdministrator, noOtherAdministrator } from './messages'

export {
  COMPANY_ADMINISTRATOR,
  COMPANY_MANAGER,
  RESELLER_ADMINISTRATOR,
  RESELLER_MANAGER,
  UNKNOWN_ROLE,
  permissionFlags,
  roleCodes,
  type PermissionFlags,
  type RoleNumber,
}

/** §3 derived role number of a permission entry (or of its codes). */
export function roleOfEntry(entry: Pick<PermissionEntry, 'permissions'>): RoleNumber {
  return roleOf(entry.permissions)
}
export { roleOf }

/** §3/§6 role name: Reseller Administrator, Reseller Manager, Company Administrator, Company Manager, Unknown. */
export function roleName(role: RoleNumber): string {
  return roleNames[role]
}

/** §6 "May" column, shown under the role select. */
export function roleDescription(role: RoleNumber): string {
  return roleDescriptions[role]
}

/** §2 the Add Company Permission dialog selects Company Manager unless told otherwise. */
export const DEFAULT_ROLE: RoleNumber = COMPANY_MANAGER

/** §5 roles offered in the Add Company Permission dialog: reseller roles only when the company allows them. */
export function rolesOfferedTo(company: Pick<Company, 'canAddResellers'>): RoleNumber[] {
  return company.canAddResellers
    ? [RESELLER_ADMINISTRATOR, RESELLER_MANAGER, COMPANY_ADMINISTRATOR, COMPANY_MANAGER]
    : [COMPANY_ADMINISTRATOR, COMPANY_MANAGER]
}

/**
 * §6 who may add or remove whom: a Reseller Administrator manages every role (an Unknown entry included, so it can be
 * cleaned up); a Company Administrator manages Company Administrators and Company Managers; nobody else manages roles.
 */
export function canManageRole(actor: RoleNumber, target: RoleNumber): boolean {
  if (actor === RESELLER_ADMINISTRATOR) return true
  if (actor === COMPANY_ADMINISTRATOR) return target === COMPANY_ADMINISTRATOR || target === COMPANY_MANAGER
  return false
}

export type RemovalError = {
  code: 'LAST_ADMINISTRATOR' | 'LAST_RESELLER_ADMINISTRATOR' | 'NO_OTHER_ADMINISTRATOR'
  message: string
}

/**
 * §4 role-removal rules, checked on the entries of one company as they would be after the change (`add` lets a role
 * change — remove and add of the same address — count the new role). First match wins:
 * 1. the last administrator cannot be removed: an entry holding the ADMIN code is removed and no entry holding it
 *    remains ("Cannot remove the last administrator", the spec's text);
 * 2. the last Reseller Administrator cannot be removed;
 * 3. a Company Administrator cannot be removed unless another Reseller Administrator or Company Administrator remains.
 * Rule 1 speaks of the ADMIN code, rules 2 and 3 of derived roles: an entry whose codes make no known role (Unknown,
 * for example ADMIN + ASSIGN) still counts as an administrator for rule 1 but not for rule 3.
 */
export function checkRemoval(
  entries: readonly PermissionEntry[],
  removeEmails: readonly string[],
  add: readonly { email: string; permissions: readonly PermissionCode[] }[] = [],
): RemovalError | null {
  const removing = new Set(removeEmails.map(normalizeEmail))
  const removed = entries.filter((e) => removing.has(normalizeEmail(e.email)))
  if (removed.length === 0) return null
  const remaining = [...entries.filter((e) => !removing.has(normalizeEmail(e.email))), ...add]

  const holdsAdmin = (e: { permissions: readonly PermissionCode[] }) => e.permissions.includes('ADMIN')
  const hasRole = (e: { permissions: readonly PermissionCode[] }, ...roles: RoleNumber[]) =>
    roles.includes(roleOf(e.permissions))

  if (removed.some(holdsAdmin) && !remaining.some(holdsAdmin)) {
    return { code: 'LAST_ADMINISTRATOR', message: lastAdministrator }
  }
  if (
    removed.some((e) => hasRole(e, RESELLER_ADMINISTRATOR)) &&
    !remaining.some((e) => hasRole(e, RESELLER_ADMINISTRATOR))
  ) {
    return { code: 'LAST_RESELLER_ADMINISTRATOR', message: lastResellerAdministrator }
  }
  if (
    removed.some((e) => hasRole(e, COMPANY_ADMINISTRATOR)) &&
    !remaining.some((e) => hasRole(e, RESELLER_ADMINISTRATOR, COMPANY_ADMINISTRATOR))
  ) {
    return { code: 'NO_OTHER_ADMINISTRATOR', message: noOtherAdministrator }
  }
  return null
}
