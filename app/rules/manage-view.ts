/**
 * What /manage sends to the page (spec §2, §4): the license tables are windows (a page, with a search and a filter)
 * that the licensing service reads for the page, so the page gets the rows it shows and the counts about the rest,
 * never every license of the account.
 */
import type { Company, License } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import { PERSONAL_TABLE, type LicenseFilter, type LicenseWindowResult, type SubscriptionSeats } from '#protocol/windows'
import { isBulkAssignable } from './company'
import { expiryWarnings, type ExpiryWarnings } from './expiry'
import { windowLocally, type TableView } from './license-windows'
import { companyCounts, seatsLookup, type CompanyCounts } from './seat-counts'

/** One page of a license table, in the spec's order (§4), as the service read it. */
export type LicensePage = {
  /** `personal` or the company's id: the name of the table's view in the URL. */
  table: string
  rows: License[]
  /** The page shown (1-based; a page past the end shows the last one). */
  page: number
  pages: number
  pageSize: number
  /** Licenses that match the search and filter. */
  matching: number
  /** Licenses in the whole table. */
  total: number
  search: string
  filter: LicenseFilter
  /** Whether a search or a filter narrows the table. */
  narrowed: boolean
}

export type ManageView = {
  /**
   * The details as the section actions and dialogs read them (the tables' rows are in `personal` and `companies`).
   * A subscription carries only the licenses that decide its state and expiry (its seats' counts are in
   * `subscriptionSeats`; see `WindowedFacts.subscriptions`). A company's `licenses` are the few that prove each
   * section action applies (see `LicenseWindowResult.witnesses`). Personal licenses are left out: nothing but their
   * table reads them.
   */
  details: Details
  personal: LicensePage
  companies: Record<string, { licenses: LicensePage; counts: CompanyCounts }>
  /** Every subscription's seats, as the service counted them: the counts its card shows. */
  subscriptionSeats: SubscriptionSeats[]
  /** The expiry warning over every license of the account (§9). */
  expiry: ExpiryWarnings
  /** Whether the account holds personal licenses (the user menu's Change Email Address, §6). */
  holdsPersonalLicenses: boolean
}

export type ViewOptions = {
  now: number
  /** Each table's view as the URL asks for it (the search and filter the page's forms show). */
  viewOf: (table: string) => TableView
}

function windowed(details: Details) {
  if (!details.windowed) throw new Error('Window the details first (windowLocally).')
  return details.windowed
}

function licensePage(window: LicenseWindowResult | undefined, rows: License[], asked: TableView): LicensePage {
  const narrowed = asked.search !== '' || asked.filter !== 'all'
  return {
    table: window?.table ?? '',
    rows,
    page: window?.page ?? 1,
    pages: window?.pages ?? 1,
    pageSize: window?.pageSize ?? asked.pageSize,
    matching: window?.matching ?? rows.length,
    total: window?.total ?? rows.length,
    search: asked.search,
    filter: asked.filter,
    narrowed,
  }
}

export function manageView(answer: Details, { now, viewOf }: ViewOptions): ManageView {
  const details = answer.windowed ? answer : windowLocally(answer, viewOf, now)
  const facts = windowed(details)
  const windows = new Map(facts.windows.map((w) => [w.table, w]))
  const personal = licensePage(windows.get(PERSONAL_TABLE), details.body.personal.licenses, viewOf(PERSONAL_TABLE))
  const companies: ManageView['companies'] = {}
  const seatsOf = seatsLookup(facts.subscriptions)
  const viewCompanies = details.body.companies.map((company) => {
    const window = windows.get(company.id)
    const licenses = licensePage(window, company.licenses, viewOf(company.id))
    companies[company.id] = {
      licenses,
      counts: companyCounts(
        company.subscriptions,
        seatsOf,
        { total: window?.total ?? 0, unassigned: window?.unassigned ?? 0 },
        now,
      ),
    }
    return { ...company, licenses: window?.witnesses ?? [] }
  })
  return {
    // The windows' facts are in the view's own fields: the page is not sent them twice.
    details: {
      ...details,
      windowed: undefined,
      body: { personal: { ...details.body.personal, licenses: [] }, companies: viewCompanies },
    },
    personal,
    companies,
    subscriptionSeats: facts.subscriptions,
    expiry: expiryWarnings(
      facts.recentlyExpired,
      facts.expiredLongAgo,
      new Map(details.body.companies.map((c) => [c.id, c])),
    ),
    holdsPersonalLicenses: facts.personalLicenses > 0,
  }
}

/**
 * §2 Bulk Assign opens by itself once: exactly one company, can assign, some bulk-assignable license and nothing
 * assigned yet — here from the table's counts and the subscriptions' seats, without reading the table or a
 * subscription's licenses.
 */
export function shouldAutoOpenBulkAssignWindowed(details: Details): boolean {
  const companies = details.body.companies
  if (companies.length !== 1) return false
  const [company] = companies
  const facts = windowed(details)
  const window = facts.windows.find((w) => w.table === company.id)
  const seatsOf = seatsLookup(facts.subscriptions)
  return (
    company.canAssign &&
    (window?.witnesses ?? []).some(isBulkAssignable) &&
    window?.assigned === 0 &&
    company.subscriptions.every((s) => seatsOf(s.subscriptionId).assigned === 0)
  )
}

/** The company as its section's actions see it: the visible rows and the licenses the view kept for the actions. */
export function sectionCompany(company: Company, rows: readonly License[]): Company {
  return { ...company, licenses: [...rows, ...company.licenses] }
}
