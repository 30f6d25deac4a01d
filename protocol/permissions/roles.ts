// Company roles (spec §3, §6): the role a permission entry's codes make, and what each role may do.
import { normalizeEmail } from '../shared/email.js'
import type { PermissionCode, PermissionEntry } from '../entities.js'

export type RoleNumber = 1 | 2 | 3 | 4 | 5

export const RESELLER_ADMINISTRATOR = 1
export const RESELLER_MANAGER = 2
export const COMPANY_ADMINISTRATOR = 3
export const COMPANY_MANAGER = 4
export const UNKNOWN_ROLE = 5

export const roleNames: Record<RoleNumber, string> = {
  1: 'Reseller Administrator',
  2: 'Reseller Manager',
  3: 'Company Administrator',
  4: 'Company Manager',
  5: 'Unknown',
}

export const roleDescriptions: Record<RoleNumber, string> = {
  1: 'View all, purchase and renew for a reseller, add or remove reseller and company permissions.',
  2: 'Purchase and renew for a reseller.',
  3: 'Assign, purchase, renew, add or remove Company Administrators and Company Managers.',
  4: 'Only assign licenses to and from users.',
  5: 'No known permissions.',
}

/** §6 the company's administrators: who manage it and are told about it. */
export const isAdministrator = (role: RoleNumber): boolean =>
  role === RESELLER_ADMINISTRATOR || role === COMPANY_ADMINISTRATOR

/** ADMIN+RESELLER → 1; RESELLER → 2; ADMIN → 3; ASSIGN → 4; anything else → 5. */
export function roleOf(codes: readonly string[]): RoleNumber {
  const set = new Set(codes)
  const only = (...wanted: PermissionCode[]) => set.size === wanted.length && wanted.every((c) => set.has(c))
  if (only('ADMIN', 'RESELLER')) return 1
  if (only('RESELLER')) return 2
  if (only('ADMIN')) return 3
  if (only('ASSIGN')) return 4
  return 5
}

export function roleCodes(role: RoleNumber): PermissionCode[] {
  switch (role) {
    case 1:
      return ['ADMIN', 'RESELLER']
    case 2:
      return ['RESELLER']
    case 3:
      return ['ADMIN']
    case 4:
      return ['ASSIGN']
    default:
      return []
  }
}

export type PermissionFlags = {
  canAssign: boolean
  canAddUsers: boolean
  canRenew: boolean
  canViewReceipt: boolean
  canAddResellers: boolean
}

export function permissionFlags(role: RoleNumber): PermissionFlags {
  switch (role) {
    case 1:
      return { canAssign: true, canAddUsers: true, canRenew: true, canViewReceipt: true, canAddResellers: true }
    case 2:
      return { canAssign: false, canAddUsers: false, canRenew: true, canViewReceipt: true, canAddResellers: false }
    case 3:
      return { canAssign: true, canAddUsers: true, canRenew: true, canViewReceipt: true, canAddResellers: false }
    case 4:
      return { canAssign: true, canAddUsers: false, canRenew: false, canViewReceipt: false, canAddResellers: false }
    default:
      return { canAssign: false, canAddUsers: false, canRenew: false, canViewReceipt: false, canAddResellers: false }
  }
}

/** §5 Permissions link, §6: a role that may add users or resellers. */
export function mayManagePermissions(flags: Pick<PermissionFlags, 'canAddUsers' | 'canAddResellers'>): boolean {
  return flags.canAddUsers || flags.canAddResellers
}

/**
 * §6: a Reseller Administrator manages every role (Unknown included, so it can be cleaned up); a Company Administrator
 * manages Company Administrators and Company Managers; nobody else manages roles.
 */
export function canManageRole(actor: RoleNumber, target: RoleNumber): boolean {
  if (actor === RESELLER_ADMINISTRATOR) return true
  if (actor === COMPANY_ADMINISTRATOR) return target === COMPANY_ADMINISTRATOR || target === COMPANY_MANAGER
  return false
}

/** §8 the spec's text for the first role-removal rule. */
export const lastAdministrator = 'Cannot remove the last administrator'
/** The spec names the second and third role-removal rules (§4) without a text. */
export const lastResellerAdministrator = 'Cannot remove the last Reseller Administrator'
export const noOtherAdministrator =
  'Cannot remove a Company Administrator unless another Reseller Administrator or Company Administrator remains'

export type RemovalError = {
  code: 'LAST_ADMINISTRATOR' | 'LAST_RESELLER_ADMINISTRATOR' | 'NO_OTHER_ADMINISTRATOR'
  message: string
}

type Codes = { permissions: readonly PermissionCode[] }

/**
 * §4 role-removal rules on one company's entries as they would be after the change (`add` counts a role change's new
 * role). First match wins:
 * 1. an entry holding the ADMIN code is removed and none remains ("Cannot remove the last administrator");
 * 2. the last Reseller Administrator cannot be removed;
 * 3. a Company Administrator cannot be removed unless another Reseller or Company Administrator remains.
 * Rule 1 speaks of the ADMIN code, rules 2 and 3 of roles: an Unknown entry (ADMIN + ASSIGN) counts for rule 1 only.
 */
export function checkRemoval(
  entries: readonly Pick<PermissionEntry, 'email' | 'permissions'>[],
  removeEmails: readonly string[],
  add: readonly { email: string; permissions: readonly PermissionCode[] }[] = [],
): RemovalError | null {
  const removing = new Set(removeEmails.map(normalizeEmail))
  const removed = entries.filter((e) => removing.has(normalizeEmail(e.email)))
  if (removed.length === 0) return null
  const remaining = [...entries.filter((e) => !removing.has(normalizeEmail(e.email))), ...add]

  const holdsAdmin = (e: Codes) => e.permissions.includes('ADMIN')
  const hasRole = (e: Codes, ...roles: RoleNumber[]) => roles.includes(roleOf(e.permissions))

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

/** Who manage a company's directory, domains, webhooks and API tokens and read its log: not its managers. */
export function administersCompany(flags: Pick<PermissionFlags, 'canAddUsers'>, platformAdministrator: boolean) {
  return flags.canAddUsers || platformAdministrator
}

// Each capability's access, here rather than in its room, so a page that shows its link loads none of its calls.
/** Company and Reseller Administrators (the roles that add users) and platform administrators, as for SCIM tokens. */
export const mayManageApiTokens = administersCompany
export const mayManageDirectory = administersCompany
export const mayManageDomains = administersCompany
export const mayManageWebhooks = administersCompany
export const mayReadCompanyActivity = administersCompany
