import { describe, expect, it } from 'vitest'
import type { License } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import type { LicenseWindowResult } from '#protocol/licenses/window-reads'
import { showBulkAssign, showBulkRenew, showOfflineKeys } from './company'
import { expiredGroups, expiryWarningsOf } from './expiry'
import type { TableView } from './license-windows'
import { manageView, sectionCompany, shouldAutoOpenBulkAssignWindowed } from './manage-view'
import { DAY, NOW, company, license, subscription } from '../../tests/support/entities'

const defaultView: TableView = { page: 1, pageSize: 50, search: '', filter: 'all' }

const windowResult = (table: string, rest: Partial<LicenseWindowResult> = {}): LicenseWindowResult => ({
  table,
  page: 1,
  pageSize: 50,
  pages: 1,
  matching: 0,
  total: 0,
  assigned: 0,
  unassigned: 0,
  witnesses: [],
  ...rest,
})

describe('manageView over a windowed read', () => {
  const enterprise = license({ key: 1, productName: 'Wallaby.js Enterprise License', expiration: NOW + DAY })
  const assignable = license({ key: 2, productName: 'Wallaby.js Company License', expiration: NOW + DAY })
  const inSubscription = license({ key: 3, subscription: { subscriptionId: 'sub-1', state: 'active' } })
  const acme = company({
    licenses: [enterprise],
    subscriptions: [subscription({ subscriptionId: 'sub-1', licenses: [inSubscription] })],
  })
  const recentlyExpired: License = license({ key: 9, expiration: NOW - 10 * DAY })
  const details: Details = {
    email: 'me@example.com',
    admin: false,
    body: { personal: { licenses: [], subscriptions: [] }, companies: [acme] },
    windowed: {
      windows: [
        windowResult('personal'),
        windowResult('company-1', {
          page: 3,
          pages: 40,
          pageSize: 25,
          matching: 990,
          total: 1000,
          assigned: 700,
          unassigned: 250,
          witnesses: [enterprise, assignable],
        }),
      ],
      subscriptions: [{ subscriptionId: 'sub-1', licenses: 1, assigned: 0, unused: 1, lapsing: 0 }],
      personalLicenses: 2,
      ownLicenses: 3,
      expiredLongAgo: 17,
      expiredLongAgoOrders: [],
      recentlyExpired: expiredGroups([recentlyExpired], NOW).recentlyExpired,
    },
  }
  const viewOf = (table: string): TableView =>
    table === 'company-1' ? { page: 3, pageSize: 25, search: 'wallaby', filter: 'all' } : defaultView

  it('shows the rows the service read, with its counts and the search the URL asked for', () => {
    const view = manageView(details, { now: NOW, viewOf })
    expect(view.companies['company-1'].licenses).toEqual({
      table: 'company-1',
      rows: [enterprise],
      page: 3,
      pages: 40,
      pageSize: 25,
      matching: 990,
      total: 1000,
      search: 'wallaby',
      filter: 'all',
      narrowed: true,
    })
    expect(view.companies['company-1'].counts).toEqual({
      subscriptions: 1,
      unusedSubscriptionLicenses: 1,
      licenses: 1000,
      unassigned: 250,
    })
    expect(view.subscriptionSeats).toEqual(details.windowed!.subscriptions)
    expect(view.personal).toMatchObject({ table: 'personal', matching: 0, narrowed: false })
    expect(view.holdsPersonalLicenses).toBe(true)
  })

  it('the section actions decide from the witnesses as they would over every license', () => {
    const view = manageView(details, { now: NOW, viewOf })
    const viewed = sectionCompany(view.details.body.companies[0], view.companies['company-1'].licenses.rows)
    const whole = { ...acme, licenses: [enterprise, assignable, inSubscription] }
    expect(showBulkAssign(viewed, NOW)).toBe(true)
    expect(showBulkAssign(viewed, NOW)).toBe(showBulkAssign(whole, NOW))
    expect(showBulkRenew(viewed)).toBe(showBulkRenew(whole))
    expect(showOfflineKeys(viewed)).toBe(showOfflineKeys(whole))
  })

  it("a company's licenses in the view are its witnesses, never its whole table", () => {
    expect(manageView(details, { now: NOW, viewOf }).details.body.companies[0].licenses).toEqual([
      enterprise,
      assignable,
    ])
  })

  it("the warning is the store's groups of recently expired licenses, with its count of the long-expired ones", () => {
    const view = manageView(details, { now: NOW, viewOf })
    const recent = expiryWarningsOf([recentlyExpired], NOW)
    expect(view.expiry).toEqual({ ...recent, longExpiredCount: 17 })
    expect(view.expiry.discountDeadlines).toHaveLength(1)
  })

  it('windows a whole answer itself (a service that does not know windows), with the same counts', () => {
    const whole: Details = {
      ...details,
      windowed: undefined,
      body: { ...details.body, companies: [{ ...acme, licenses: [enterprise, assignable, inSubscription] }] },
    }
    const view = manageView(whole, { now: NOW, viewOf: () => ({ ...defaultView, search: 'enterprise' }) })
    expect(view.companies['company-1'].licenses).toMatchObject({ rows: [enterprise], matching: 1, total: 2 })
    expect(view.companies['company-1'].counts.unassigned).toBe(2)
  })

  it('opens Bulk Assign by itself only while nothing of the one company is assigned', () => {
    const untouched: Details = {
      ...details,
      windowed: { ...details.windowed!, windows: [windowResult('company-1', { witnesses: [assignable] })] },
    }
    expect(shouldAutoOpenBulkAssignWindowed(untouched)).toBe(true)
    expect(shouldAutoOpenBulkAssignWindowed(details)).toBe(false)
    // A seat of a subscription is held: the service's count says so (the body carries no seat of it).
    const heldSeat: Details = {
      ...untouched,
      body: {
        ...untouched.body,
        companies: [{ ...acme, subscriptions: [{ ...acme.subscriptions[0], licenses: [] }] }],
      },
      windowed: {
        ...untouched.windowed!,
        subscriptions: [{ subscriptionId: 'sub-1', licenses: 2000, assigned: 1, unused: 1999, lapsing: 0 }],
      },
    }
    expect(shouldAutoOpenBulkAssignWindowed(heldSeat)).toBe(false)
  })
})
