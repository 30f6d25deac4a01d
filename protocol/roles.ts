/**
 * Company roles (spec §3, §6): which role a permission entry's codes make, and what each role may do.
 * Shared by the service (which enforces) and the portal (which mirrors).
 */
import type { PermissionCode } from './entities.js'

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

/** The per-company flags of spec §6, derived from the caller's role in that company. */
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
