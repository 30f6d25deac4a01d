/**
 * Company roles on the portal side (spec §3, §5, §6). The role table itself (numbering, codes, names, descriptions,
 * permission flags), who manages whom and the role-removal rules of §4 live in `protocol/roles.ts`, shared with the
 * service that enforces them; this module adds what the permission dialogs need: role names and which roles to offer.
 */
import type { Company, PermissionEntry } from '#protocol/entities'
import {
  COMPANY_ADMINISTRATOR,
  COMPANY_MANAGER,
  RESELLER_ADMINISTRATOR,
  RESELLER_MANAGER,
  roleDescriptions,
  roleNames,
  roleOf,
  type RoleNumber,
} from '#protocol/roles'

/** §3 derived role number of a permission entry (or of its codes). */
export function roleOfEntry(entry: Pick<PermissionEntry, 'permissions'>): RoleNumber {
  return roleOf(entry.permissions)
}

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
