/**
 * What /manage sends to the page (spec §2, §4): the license tables are paged, so the page gets the rows of the visible
 * page of each table and the facts it shows about the rest (counts, the expiry warning), not every license of the
 * account. The server reads the whole details and hands the browser this view.
 */
import type { Company, License } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import { isBulkAssignable } from './company'
import { expiryWarnings, type ExpiryWarnings } from './expiry'
import { sortLicenses } from './license'
import { companyCounts, type CompanyCounts } from './seat-counts'
import { isExpired } from '#protocol/licenses'

/** Rows per page: a company with thousands of licenses gets a page at a time, not one enormous table. */
export const LICENSES_PER_PAGE = 50

/** The query parameter of a license table's page: `personal` or a company id (`?page-{table}=N`). */
export const pageParam = (table: string) => `page-${table}`

/** One page of a license table, in the spec's order (§4). */
export type LicensePage = {
  rows: License[]
  /** The page shown (1-based; a page past the end shows the last one). */
  page: number
  pages: number
  /** Licenses in the whole table. */
  total: number
}

export type ManageView = {
  /**
   * The details as the section actions and dialogs read them (the tables' rows are in `personal` and `companies`).
   * Subscriptions are whole: they are not paged and their dialogs read their licenses. A company's `licenses` are one
   * license that proves each section action applies (Bulk Assign, Bulk Renew, Offline Keys ask only whether some
   * license qualifies: see `sectionLicenses`), or all of them for the company a dialog is open for (Bulk Assign plans
   * over them in the browser). Personal licenses are left out: nothing but their table reads them.
   */
  details: Details
  personal: LicensePage
  companies: Record<string, { licenses: LicensePage; counts: CompanyCounts }>
  /** The expiry warning over every license of the account (§9). */
  expiry: ExpiryWarnings
}

export type ViewOptions = {
  now: number
  /** The page asked for of each table (`?page-personal=N`, `?page-{companyId}=N`); absent means the first. */
  pageOf: (table: string) => number
  /** The company whose licenses an open dialog reads in the browser, if any. */
  dialogCompany?: string | null
}

/** The visible page of a table; `page` is clamped to the pages there are. */
export function licensePage(licenses: readonly License[], asked: number): LicensePage {
  const all = sortLicenses(licenses)
  const pages = Math.max(1, Math.ceil(all.length / LICENSES_PER_PAGE))
  const page = Math.min(Math.max(1, Math.trunc(asked) || 1), pages)
  return { rows: all.slice((page - 1) * LICENSES_PER_PAGE, page * LICENSES_PER_PAGE), page, pages, total: all.length }
}

/**
 * The licenses the company section's actions decide on, beyond the visible rows: the first license without a
 * subscription (Bulk Renew, Offline Keys) and the first unexpired bulk-assignable one (Bulk Assign).
 */
function sectionWitnesses(company: Company, now: number): License[] {
  const witnesses = [
    company.licenses.find((l) => !l.subscription),
    company.licenses.find((l) => isBulkAssignable(l) && !isExpired(l, now)),
  ]
  return witnesses.filter((l): l is License => l !== undefined)
}

export function manageView(details: Details, { now, pageOf, dialogCompany }: ViewOptions): ManageView {
  const personal = licensePage(details.body.personal.licenses, pageOf('personal'))
  const companies: ManageView['companies'] = {}
  const allLicenses: License[] = [...details.body.personal.licenses]
  const viewCompanies = details.body.companies.map((company) => {
    allLicenses.push(...company.licenses)
    const licenses = licensePage(
      company.licenses.filter((l) => !l.subscription),
      pageOf(company.id),
    )
    companies[company.id] = { licenses, counts: companyCounts(company, now) }
    return company.id === dialogCompany ? company : { ...company, licenses: sectionWitnesses(company, now) }
  })
  return {
    details: { ...details, body: { personal: { ...details.body.personal, licenses: [] }, companies: viewCompanies } },
    personal,
    companies,
    expiry: expiryWarnings(allLicenses, now),
  }
}

/** The company as its section's actions see it: the visible rows and the licenses the view kept for the actions. */
export function sectionCompany(company: Company, rows: readonly License[]): Company {
  return { ...company, licenses: [...rows, ...company.licenses] }
}
