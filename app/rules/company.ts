/**
 * Company rules (spec §2, §5): which company-wide actions show and the company
 * bulk-assign dialog (its product choice and its planning).
 */
import type { Company, License, ProductGroup } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import { sortLicenses } from './license'
import { assignmentSummary, bulkAllExpired, bulkNotEnoughUnexpired } from './messages'
import { analysePool, assignNewcomers, toChanges, type AssignmentChange } from '#protocol/assignment'
import { normalizeEmail } from '#protocol/email'
import { canAssignLicense, isExpired } from '#protocol/licenses'
import { mayManagePermissions } from '#protocol/roles'
import { invalidEmailsError, notEnoughError } from '#protocol/subscriptions'
import { parseAddressList } from '#protocol/address-list'
import { productNames } from '#protocol/products'

/**
 * A license the company bulk assign works on: assignable (not enterprise, not multi-user, §5) and not part of a
 * subscription (subscriptions have their own bulk assign).
 */
export function isBulkAssignable(license: License): boolean {
  return canAssignLicense(license) && !license.subscription
}

const withoutSubscription = (company: Company) => company.licenses.some((l) => !l.subscription)

/**
 * §5 Bulk Assign link: at least one assignable license, canAssign, and some license without a subscription. Here
 * "assignable" is read as "the dialog can assign it now": bulk-assignable and unexpired, so a company whose licenses
 * have all expired is not offered a dialog that could only say so.
 */
export function showBulkAssign(company: Company, now: number): boolean {
  return (
    company.canAssign &&
    company.licenses.some((l) => isBulkAssignable(l) && !isExpired(l, now)) &&
    withoutSubscription(company)
  )
}

/** §5 Bulk Renew: canRenew and some license without a subscription. */
export function showBulkRenew(company: Company): boolean {
  return company.canRenew && withoutSubscription(company)
}

/** §5 Offline Keys: some license without a subscription. */
export function showOfflineKeys(company: Company): boolean {
  return withoutSubscription(company)
}

/** §5 New Subscription link: canRenew. */
export function showNewSubscription(company: Company): boolean {
  return company.canRenew
}

/**
 * The product groups the bulk-assign dropdown offers, in the spec's order (§2: the quokka product, the wallaby license,
 * the wallaby-plus-quokka license), each by its product's one name (the license table's, the shop's).
 */
export const bulkAssignGroups = [
  { group: 'quokka', label: productNames.quokka },
  { group: 'wallaby', label: productNames.wallaby },
  { group: 'bundle', label: productNames.bundle },
] as const satisfies readonly { group: ProductGroup; label: string }[]

export type BulkAssignGroup = (typeof bulkAssignGroups)[number]['group']

export type BulkAssignProduct = {
  group: BulkAssignGroup
  label: string
  /** Bulk-assignable licenses of the group. */
  total: number
  /** Of those, the unexpired ones (the ones the dialog can assign). */
  unexpired: number
}

/**
 * §2 the bulk-assign dropdown: the quokka product, the wallaby personal license and the wallaby-plus-quokka (bundle)
 * personal license, each only if the company has a bulk-assignable license of that group. A group whose licenses have
 * all expired stays in the list, so that choosing it shows the spec's read-only error.
 */
export function bulkAssignProducts(company: Company, now: number): BulkAssignProduct[] {
  return bulkAssignGroups.flatMap(({ group, label }) => {
    const licenses = company.licenses.filter((l) => l.productGroup === group && isBulkAssignable(l))
    if (licenses.length === 0) return []
    return [{ group, label, total: licenses.length, unexpired: licenses.filter((l) => !isExpired(l, now)).length }]
  })
}

export type CompanyBulkAssignInput = {
  licenses: readonly License[]
  group: ProductGroup
  /** Addresses, separated by newline, comma or semicolon. */
  text: string
  now: number
}

export type CompanyBulkAssignPlan = {
  summary: string
  /** The `changeAssignment` payload's licenses (§7): each touched license once, in its final state. */
  changes: AssignmentChange[]
  unassignedCount: number
  assignedCount: number
}

/**
 * Plans the company bulk assign (§5): only unexpired licenses of the chosen product group are usable, enterprise,
 * multi-user and subscription licenses are left out; expired ones are never touched. The list (addresses separated by
 * newline, comma or semicolon, as in every list of the portal; blanks ignored, de-duplicated case-insensitively) is the complete set of holders of the usable licenses
 * afterwards (see `assignment.ts`).
 *
 * Errors, first match wins: every license of the group has expired (read-only); an invalid address (the spec's words,
 * then the lines and entries at fault); more newcomers than free unexpired licenses (the spec's words, then the
 * numbers).
 */
export function planCompanyBulkAssign(
  input: CompanyBulkAssignInput,
): { error: string; readOnly: boolean } | (CompanyBulkAssignPlan & { readOnly: false }) {
  const candidates = input.licenses.filter((l) => l.productGroup === input.group && isBulkAssignable(l))
  const usable = candidates.filter((l) => !isExpired(l, input.now))
  if (candidates.length > 0 && usable.length === 0) return { error: bulkAllExpired, readOnly: true }

  const list = parseAddressList(input.text)
  if (list.invalid.length > 0) return { error: invalidEmailsError(list.invalid), readOnly: false }

  const pool = analysePool(usable, list.emails)
  if (pool.newcomers.length > pool.free.length) {
    return { error: notEnoughError(bulkNotEnoughUnexpired, pool.newcomers.length, pool.free.length), readOnly: false }
  }

  const assignments = assignNewcomers(pool)
  return {
    summary: assignmentSummary(pool.released.length, assignments.length),
    changes: toChanges(pool.released, assignments),
    unassignedCount: pool.released.length,
    assignedCount: assignments.length,
    readOnly: false,
  }
}

/** The dialog's starting text: the current holders of the group's unexpired bulk-assignable licenses. */
export function companyAssignees(licenses: readonly License[], group: ProductGroup, now: number): string {
  const holders = sortLicenses(licenses)
    .filter((l) => l.productGroup === group && isBulkAssignable(l) && !isExpired(l, now))
    .map((l) => normalizeEmail(l.assignedTo))
    .filter((email) => email !== '')
  return [...new Set(holders)].join('\n')
}

/**
 * §2: Bulk Assign opens by itself (once; the caller keeps the hideBulkAssign flag) when the user has exactly one
 * company, can assign there, the company has a bulk-assignable license, and none of its licenses is assigned yet.
 */
export function shouldAutoOpenBulkAssign(details: Pick<Details, 'body'>): boolean {
  const companies = details.body.companies
  if (companies.length !== 1) return false
  const [company] = companies
  return (
    company.canAssign &&
    company.licenses.some(isBulkAssignable) &&
    company.licenses.every((l) => l.assignedTo.trim() === '')
  )
}

/**
 * What the welcome offers besides seeing licenses and subscriptions: only what the user's roles let them do in some
 * company ("assign company licenses to your team, renew, and manage permissions" for a Company Administrator; a
 * Company Manager is not offered permissions, a role that may not renew is not offered renewing).
 */
export function welcomeActions(companies: readonly Company[]): string {
  const actions: string[] = []
  if (companies.some((c) => c.canAssign)) actions.push('assign company licenses to your team')
  if (companies.some((c) => c.canRenew)) actions.push('renew')
  if (companies.some((c) => mayManagePermissions(c))) actions.push('manage permissions')
  if (actions.length === 0) return ''
  if (actions.length === 1) return `, ${actions[0]}`
  return `, ${actions.slice(0, -1).join(', ')}, and ${actions[actions.length - 1]}`
}
