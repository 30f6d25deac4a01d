import { describe, expect, it } from 'vitest'
import type { License } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import { showBulkAssign, showBulkRenew, showOfflineKeys } from './company'
import { expiryWarnings } from './expiry'
import { sortLicenses } from './license'
import { LICENSES_PER_PAGE, licensePage, manageView, sectionCompany } from './manage-view'
import { companyCounts } from './seat-counts'
import { DAY, NOW, company, license, subscription } from '#protocol/test-fixtures'

const many = (n: number, overrides: (i: number) => Partial<License> = () => ({})) =>
  Array.from({ length: n }, (_, i) => license({ key: i + 1, ...overrides(i) }))

const details = (body: Details['body']): Details => ({ email: 'me@example.com', admin: false, session: 's', body })

describe('licensePage', () => {
  it('gives the asked page of the sorted list, with the counts', () => {
    const licenses = many(120)
    const page = licensePage(licenses, 2)
    expect(page).toMatchObject({ page: 2, pages: 3, total: 120 })
    expect(page.rows).toEqual(sortLicenses(licenses).slice(LICENSES_PER_PAGE, 2 * LICENSES_PER_PAGE))
  })
  it('clamps a page out of range', () => {
    expect(licensePage(many(60), 9).page).toBe(2)
    expect(licensePage(many(60), 0).page).toBe(1)
    expect(licensePage(many(60), Number.NaN).page).toBe(1)
    expect(licensePage([], 3)).toEqual({ rows: [], page: 1, pages: 1, total: 0 })
  })
})

describe('manageView', () => {
  // 130 company licenses: expired ones early in the order, the only unexpired assignable one last.
  const companyLicenses = [
    ...many(129, (i) => ({
      expiration: NOW - (i % 2 ? 10 : 90) * DAY,
      productName: 'Wallaby.js Enterprise License',
    })),
    license({ key: 999, productName: 'Wallaby.js Company License', expiration: NOW + DAY }),
    license({ key: 1000, subscription: { subscriptionId: 'sub-1', state: 'active' }, billingPeriod: 'year' }),
  ]
  const acme = company({
    licenses: companyLicenses,
    subscriptions: [subscription({ licenses: [companyLicenses[130]] })],
  })
  const personal = many(70, (i) => ({ owner: 'me@example.com', licenseType: 'personal', id: `p-${i}` }))
  const full = details({ personal: { licenses: personal, subscriptions: [] }, companies: [acme] })
  const options = { now: NOW, pageOf: (table: string) => (table === 'company-1' ? 3 : 2) }

  it('sends the visible page of each table and the counts of the whole', () => {
    const view = manageView(full, options)
    expect(view.personal).toMatchObject({ page: 2, pages: 2, total: 70 })
    expect(view.personal.rows).toEqual(sortLicenses(personal).slice(LICENSES_PER_PAGE))
    expect(view.personal.rows).toHaveLength(20)
    const table = view.companies['company-1']
    expect(table.licenses).toMatchObject({ page: 3, pages: 3, total: 130 })
    expect(table.licenses.rows).toEqual(sortLicenses(companyLicenses.slice(0, 130)).slice(100))
    expect(table.counts).toEqual(companyCounts(acme, NOW))
  })

  it('keeps what the section actions decide on: they show exactly as over every license', () => {
    for (const page of [1, 2, 3]) {
      const view = manageView(full, { now: NOW, pageOf: () => page })
      const viewed = sectionCompany(view.details.body.companies[0], view.companies['company-1'].licenses.rows)
      expect(view.details.body.companies[0].licenses.length).toBeLessThanOrEqual(2)
      expect(showBulkAssign(viewed, NOW)).toBe(showBulkAssign(acme, NOW))
      expect(showBulkAssign(acme, NOW)).toBe(true)
      expect(showBulkRenew(viewed)).toBe(showBulkRenew(acme))
      expect(showOfflineKeys(viewed)).toBe(showOfflineKeys(acme))
    }
    const onlySubscription = company({ licenses: [companyLicenses[130]] })
    const view = manageView(details({ personal: { licenses: [], subscriptions: [] }, companies: [onlySubscription] }), {
      now: NOW,
      pageOf: () => 1,
    })
    const viewed = sectionCompany(view.details.body.companies[0], view.companies['company-1'].licenses.rows)
    expect(viewed.licenses).toEqual([])
    expect(showOfflineKeys(viewed)).toBe(false)
  })

  it('keeps subscriptions whole, and every license of the company a dialog is open for', () => {
    const view = manageView(full, { ...options, dialogCompany: 'company-1' })
    expect(view.details.body.companies[0]).toBe(acme)
    expect(manageView(full, options).details.body.companies[0].subscriptions).toBe(acme.subscriptions)
  })

  it('warns about expiry over every license, not only the visible ones', () => {
    const view = manageView(full, options)
    expect(view.expiry).toEqual(expiryWarnings([...personal, ...companyLicenses], NOW))
    expect(view.expiry.longExpiredCount).toBe(65)
  })
})
