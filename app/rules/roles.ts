/**
 * Company roles on the portal side (spec §3, §5, §6). The role table itself (numbering, codes, names, descriptions,
 * permission flags) lives in `protocol/roles.ts`, shared with the service that enforces it; this module adds what the
 * permission dialogs need: which roles to offer. Who manages whom (`canManageRole`) and the role-removal rules of §4
 * (`checkRemoval`) live in the protocol too, because the service enforces them; they are re-exported here.
 */
import type { Company, PermissionEntry } from '#protocol/entities'
import {
  COMPANY_ADMINISTRATOR,
  COMPANY_MANAGER,
  RESELLER_ADMINISTRATOR,
  RESELLER_MANAGER,
  UNKNOWN_ROLE,
  canManageRole,
  checkRemoval,
  permissionFlags,
  roleCodes,
  roleDescriptions,
  roleNames,
  roleOf,
  type PermissionFlags,
  type RemovalError,
  type RoleNumber,
} from '#protocol/roles'

export {
  COMPANY_ADMINISTRATOR,
  COMPANY_MANAGER,
  RESELLER_ADMINISTRATOR,
  RESELLER_MANAGER,
  UNKNOWN_ROLE,
  canManageRole,
  checkRemoval,
  permissionFlags,
  roleCodes,
  type PermissionFlags,
  type RemovalError,
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
