// What /manage sends to the page (spec §2, §4): a window of each license table and the counts about the rest.
import type { Company, License } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import { PERSONAL_TABLE, type LicenseFilter } from '#protocol/licenses/windows'
import type { LicenseWindowResult, SubscriptionSeats } from '#protocol/licenses/window-reads'
import { isBulkAssignable } from './company'
import { expiryWarnings, type ExpiryWarnings } from './expiry'
import { windowLocally, type TableView } from './license-windows'
import { companyCounts, seatsLookup, type CompanyCounts } from './seat-counts'

/** In the spec's order (§4). */
export type LicensePage = {
  /** The table's name in the URL. */
  table: string
  rows: License[]
  /** 1-based; a page past the end shows the last one. */
  page: number
  pages: number
  pageSize: number
  matching: number
  total: number
  search: string
  filter: LicenseFilter
  narrowed: boolean
}

export type ManageView = {
  /** A subscription carries only the licenses that decide its state and expiry, a company only `witnesses`. */
  details: Details
  personal: LicensePage
  companies: Record<string, { licenses: LicensePage; counts: CompanyCounts }>
  subscriptionSeats: SubscriptionSeats[]
  /** Over every license of the account (§9). */
  expiry: ExpiryWarnings
  /** The user menu's Change Email Address (§6). */
  holdsPersonalLicenses: boolean
}

export type ViewOptions = {
  now: number
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
      facts.expiredLongAgoOrders,
      new Map(details.body.companies.map((c) => [c.id, c])),
    ),
    holdsPersonalLicenses: facts.personalLicenses > 0,
  }
}

/** §2 auto-open, from the counts, without reading the table or a subscription's licenses. */
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

export function sectionCompany(company: Company, rows: readonly License[]): Company {
  return { ...company, licenses: [...rows, ...company.licenses] }
}
