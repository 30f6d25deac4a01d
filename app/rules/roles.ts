// Company roles on the portal side (spec §3, §5, §6): names and offers; the rules are in `protocol/permissions/roles.ts`.
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
} from '#protocol/permissions/roles'

/** §3 derived role number. */
export function roleOfEntry(entry: Pick<PermissionEntry, 'permissions'>): RoleNumber {
  return roleOf(entry.permissions)
}

export function roleName(role: RoleNumber): string {
  return roleNames[role]
}

/** §6 "May" column, shown under the role select. */
export function roleDescription(role: RoleNumber): string {
  return roleDescriptions[role]
}

export const DEFAULT_ROLE: RoleNumber = COMPANY_MANAGER

/** §5: reseller roles only when the company allows them. */
export function rolesOfferedTo(company: Pick<Company, 'canAddResellers'>): RoleNumber[] {
  return company.canAddResellers
    ? [RESELLER_ADMINISTRATOR, RESELLER_MANAGER, COMPANY_ADMINISTRATOR, COMPANY_MANAGER]
    : [COMPANY_ADMINISTRATOR, COMPANY_MANAGER]
}
