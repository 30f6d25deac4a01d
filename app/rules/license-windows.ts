// A table's view lives in the URL (works without script, bookmarkable): `page-`, `size-`, `q-`, `filter-` + table.
import { DAY_MS } from '#protocol/shared/dates'
import type { License } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import {
  DEFAULT_PAGE_SIZE,
  EXPIRING_WITHIN_DAYS,
  LicenseFilter,
  PERSONAL_TABLE,
  SEARCH_MAX_LENGTH,
  pageSizes,
} from '#protocol/licenses/windows'
import type { LicenseWindow, LicenseWindowResult } from '#protocol/licenses/window-reads'
import { ID_MAX_LENGTH } from '#protocol/shared/limits'
import { expiredGroups } from './expiry'
import { canAssignLicense, isExpired } from '#protocol/licenses/licenses'
import { sortLicenses } from './license'
import { seatCounts } from './seat-counts'

export type TableView = { page: number; pageSize: number; search: string; filter: LicenseFilter }

const kinds = ['page', 'size', 'q', 'filter'] as const
type Kind = (typeof kinds)[number]
const paramName = (kind: Kind, table: string) => `${kind}-${table}`
const VIEW_PARAM = /^(page|size|q|filter)-(.+)$/

export const pageParam = (table: string) => paramName('page', table)
export const sizeParam = (table: string) => paramName('size', table)
export const searchParam = (table: string) => paramName('q', table)
export const filterParam = (table: string) => paramName('filter', table)

export const filterChoices: readonly { filter: LicenseFilter; label: string }[] = [
  { filter: 'all', label: 'All licenses' },
  { filter: 'assigned', label: 'Assigned' },
  { filter: 'unassigned', label: 'Unassigned and unexpired' },
  { filter: 'expiring', label: 'Expiring within 60 days' },
  { filter: 'expired', label: 'Expired' },
  { filter: 'idle-30', label: 'Idle for 30 days' },
  { filter: 'idle-60', label: 'Idle for 60 days' },
  { filter: 'idle-90', label: 'Idle for 90 days' },
]

/** Idle: assigned, held that long by its holder, and no editor check since (the service knows; company seats only). */
export const isIdleFilter = (filter: LicenseFilter) => filter.startsWith('idle-')

export function idleDaysOf(filter: LicenseFilter): 30 | 60 | 90 | undefined {
  return filter === 'idle-30' ? 30 : filter === 'idle-60' ? 60 : filter === 'idle-90' ? 90 : undefined
}

/** The personal table holds no company seats, so it offers no idle filter. */
export function filterChoicesFor(table: string) {
  return table === PERSONAL_TABLE ? filterChoices.filter((c) => !isIdleFilter(c.filter)) : filterChoices
}

export function isViewParam(key: string): boolean {
  return key === 'inactive' || VIEW_PARAM.test(key)
}

/** Anything unreadable is the default (first page, 50 rows, no search, all). */
export function tableView(params: URLSearchParams, table: string): TableView {
  const page = Number(params.get(pageParam(table)))
  const size = Number(params.get(sizeParam(table)))
  const filter = LicenseFilter.safeParse(params.get(filterParam(table)))
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    pageSize: (pageSizes as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: (params.get(searchParam(table)) ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    filter: filter.success ? filter.data : 'all',
  }
}

/** Every table not named shows its first page. */
export function windowsOf(params: URLSearchParams): LicenseWindow[] {
  const tables = new Set<string>()
  for (const key of params.keys()) {
    const match = VIEW_PARAM.exec(key)
    // A longer name is no company's table: left out, as any other table the account does not hold.
    if (match && match[2].length <= ID_MAX_LENGTH) tables.add(match[2])
  }
  return [...tables].slice(0, 1000).map((table) => ({ table, ...tableView(params, table) }))
}

/** Defaults are left out so the plain page stays `/manage`; a new search, filter or page size starts at page 1. */
export function viewHref(search: string, table: string, change: Partial<TableView>): string {
  const params = new URLSearchParams(search)
  for (const key of [...params.keys()]) if (!isViewParam(key)) params.delete(key)
  const next = { ...tableView(params, table), ...change }
  if (change.page === undefined && ('search' in change || 'filter' in change || 'pageSize' in change)) next.page = 1
  setOrDrop(params, pageParam(table), next.page === 1 ? '' : String(next.page))
  setOrDrop(params, sizeParam(table), next.pageSize === DEFAULT_PAGE_SIZE ? '' : String(next.pageSize))
  setOrDrop(params, searchParam(table), next.search)
  setOrDrop(params, filterParam(table), next.filter === 'all' ? '' : next.filter)
  const query = params.toString()
  return query ? `/manage?${query}` : '/manage'
}

function setOrDrop(params: URLSearchParams, name: string, value: string) {
  if (value === '') params.delete(name)
  else params.set(name, value)
}

/** Hidden fields, so that searching one table leaves the others' views as they were. */
export function otherViewFields(search: string, table: string): [string, string][] {
  const own = new Set(kinds.map((kind) => paramName(kind, table)))
  return [...new URLSearchParams(search)].filter(([key]) => isViewParam(key) && !own.has(key))
}

/** "Showing 51–100 of 9,812 matching". */
export function showingText(view: { page: number; pageSize: number; matching: number; narrowed: boolean }): string {
  if (view.matching === 0) return view.narrowed ? 'No licenses match.' : 'No licenses.'
  const first = (view.page - 1) * view.pageSize + 1
  const last = Math.min(view.page * view.pageSize, view.matching)
  const of = view.matching.toLocaleString('en-US')
  return `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${of}${view.narrowed ? ' matching' : ''}`
}

/** Part of the holder, product, order or key; a number is also a key number. */
export function matchesSearch(
  license: Pick<License, 'assignedTo' | 'productName' | 'order' | 'licenseKey' | 'key'>,
  search: string,
): boolean {
  if (search === '') return true
  const q = search.toLowerCase()
  return (
    [license.assignedTo, license.productName, license.order, license.licenseKey].some((text) =>
      text.toLowerCase().includes(q),
    ) ||
    (/^\d{1,9}$/.test(search) && license.key === Number(search))
  )
}

export function matchesFilter(license: Pick<License, 'assignedTo' | 'expiration'>, filter: LicenseFilter, now: number) {
  switch (filter) {
    case 'all':
      return true
    case 'assigned':
      return license.assignedTo !== ''
    case 'unassigned':
      return license.assignedTo === '' && !isExpired(license, now)
    case 'expired':
      return isExpired(license, now)
    case 'expiring':
      return !isExpired(license, now) && license.expiration <= now + EXPIRING_WITHIN_DAYS * DAY_MS
    case 'idle-30':
    case 'idle-60':
    case 'idle-90':
      // A License does not carry its checks: only the service can tell an idle seat (its windows, never this).
      throw new Error('The idle filters need the service to window the table.')
  }
}

/** A service that does not know windows: windowed here with the same search, filter, order and counts. */
export function windowLocally(details: Details, viewOf: (table: string) => TableView, now: number): Details {
  const windows: LicenseWindowResult[] = []
  const window = (table: string, licenses: readonly License[], witnesses: License[]) => {
    const view = viewOf(table)
    const matching = sortLicenses(licenses).filter(
      (l) => matchesSearch(l, view.search) && matchesFilter(l, view.filter, now),
    )
    const pages = Math.max(1, Math.ceil(matching.length / view.pageSize))
    const page = Math.min(view.page, pages)
    windows.push({
      table,
      page,
      pageSize: view.pageSize,
      pages,
      matching: matching.length,
      total: licenses.length,
      assigned: licenses.filter((l) => l.assignedTo !== '').length,
      unassigned: licenses.filter((l) => matchesFilter(l, 'unassigned', now)).length,
      witnesses,
    })
    return matching.slice((page - 1) * view.pageSize, page * view.pageSize)
  }
  const personal = window(PERSONAL_TABLE, details.body.personal.licenses, [])
  const companies = details.body.companies.map((company) => {
    const table = company.licenses.filter((l) => !l.subscription)
    const assignable = table.filter(canAssignLicense)
    const witnesses = [table[0], assignable[0], assignable.find((l) => !isExpired(l, now))]
    return {
      ...company,
      licenses: window(
        company.id,
        table,
        [...new Set(witnesses)].filter((l) => l !== undefined),
      ),
    }
  })
  const every = new Map(
    [...details.body.personal.licenses, ...details.body.companies.flatMap((c) => c.licenses)].map((l) => [
      `${l.owner}\u0000${l.id}`,
      l,
    ]),
  )
  const { recentlyExpired, expiredLongAgo, expiredLongAgoOrders } = expiredGroups([...every.values()], now)
  return {
    ...details,
    body: { personal: { ...details.body.personal, licenses: personal }, companies },
    windowed: {
      windows,
      subscriptions: [
        ...details.body.personal.subscriptions,
        ...details.body.companies.flatMap((c) => c.subscriptions),
      ].map((s) => ({ subscriptionId: s.subscriptionId, ...seatCounts(s.licenses, now) })),
      personalLicenses: details.body.personal.licenses.filter(
        (l) => l.licenseType === 'personal' && l.owner === details.email,
      ).length,
      ownLicenses: details.body.personal.licenses.filter((l) => l.owner === details.email).length,
      expiredLongAgo,
      expiredLongAgoOrders,
      recentlyExpired,
    },
  }
}
