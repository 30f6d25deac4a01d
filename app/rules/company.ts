// Company rules (spec §2, §5): which company-wide actions show, and the company bulk-assign dialog.
import type { Company, License, ProductGroup } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import { sortLicenses } from './license'
import { assignmentSummary, bulkAllExpired, bulkNotEnoughUnexpired } from './messages/manage'
import { analysePool, assignNewcomers, toChanges, type AssignmentChange } from '#protocol/licenses/assignment'
import { normalizeEmail } from '#protocol/shared/email'
import { canAssignLicense, isExpired } from '#protocol/licenses/licenses'
import { mayManagePermissions } from '#protocol/permissions/roles'
import { invalidEmailsError, notEnoughError } from '#protocol/subscriptions/subscriptions'
import { parseAddressList } from '#protocol/shared/address-list'
import { productNames } from '#protocol/catalog/products'

/** Not enterprise or multi-user (§5), and outside subscriptions (they have their own bulk assign). */
export function isBulkAssignable(license: License): boolean {
  return canAssignLicense(license) && !license.subscription
}

const withoutSubscription = (company: Company) => company.licenses.some((l) => !l.subscription)

/** §5 Bulk Assign link, shown while some license is assignable now (unexpired). */
export function showBulkAssign(company: Company, now: number): boolean {
  return (
    company.canAssign &&
    company.licenses.some((l) => isBulkAssignable(l) && !isExpired(l, now)) &&
    withoutSubscription(company)
  )
}

export function showBulkRenew(company: Company): boolean {
  return company.canRenew && withoutSubscription(company)
}

export function showOfflineKeys(company: Company): boolean {
  return withoutSubscription(company)
}

export function showNewSubscription(company: Company): boolean {
  return company.canRenew
}

/** §2: the dropdown's groups in the spec's order. */
export const bulkAssignGroups = [
  { group: 'quokka', label: productNames.quokka },
  { group: 'wallaby', label: productNames.wallaby },
  { group: 'bundle', label: productNames.bundle },
] as const satisfies readonly { group: ProductGroup; label: string }[]

export type BulkAssignGroup = (typeof bulkAssignGroups)[number]['group']

export type BulkAssignProduct = {
  group: BulkAssignGroup
  label: string
  total: number
  unexpired: number
}

/** §2: a group only if the company has one; an all-expired group stays, so choosing it shows the spec's error. */
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
  text: string
  now: number
}

export type CompanyBulkAssignPlan = {
  summary: string
  changes: AssignmentChange[]
  unassignedCount: number
  assignedCount: number
  /** Everyone the plan takes a license from, in list order: a count alone hides who is cut off. */
  losing: string[]
}

/** §5 bulk assign over unexpired, assignable licenses outside subscriptions; the list is every holder. Errors, first
 * match wins: all expired (read-only); an invalid address; more newcomers than free licenses. */
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
    losing: [...new Set(sortLicenses(pool.released).map((l) => normalizeEmail(l.assignedTo)))],
    readOnly: false,
  }
}

/** Said under the plan's summary, so that whoever Update will cut off is seen before Update. */
export function losingText(emails: readonly string[]): string {
  return emails.length === 0 ? '' : `Losing their license: ${emails.join(', ')}.`
}

export function companyAssignees(licenses: readonly License[], group: ProductGroup, now: number): string {
  const holders = sortLicenses(licenses)
    .filter((l) => l.productGroup === group && isBulkAssignable(l) && !isExpired(l, now))
    .map((l) => normalizeEmail(l.assignedTo))
    .filter((email) => email !== '')
  return [...new Set(holders)].join('\n')
}

/** §2: Bulk Assign opens by itself (once) for one company with a bulk-assignable license and none assigned yet. */
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

/** The welcome offers only what the user's roles allow in some company. */
export function welcomeActions(companies: readonly Company[]): string {
  const actions: string[] = []
  if (companies.some((c) => c.canAssign)) actions.push('assign company licenses to your team')
  if (companies.some((c) => c.canRenew)) actions.push('renew')
  if (companies.some((c) => mayManagePermissions(c))) actions.push('manage permissions')
  if (actions.length === 0) return ''
  if (actions.length === 1) return `, ${actions[0]}`
  return `, ${actions.slice(0, -1).join(', ')}, and ${actions[actions.length - 1]}`
}
