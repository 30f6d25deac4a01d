// A company of 10,000 licenses on /manage: its table pages, searches and filters through the URL (a GET form without
// script; as you type with script, without a full reload), and the page says how many rows match.
import path from 'node:path'
import type { Page } from '@playwright/test'
import { openDatabase } from '../../service/db/database'
import { seedBenchCompany } from '../../demo/seed'
import { signInToManage } from './company-helpers'
import { dataDir, expect, expectNoAxeViolations, test } from './fixtures'
import { storeRow } from './manage-demo-store'

const SIZE = 10_000
const COMPANY = `bench-${SIZE}`
const ADMIN = `bench-${SIZE}@bench.test`
const TABLE = `Bench ${SIZE} licenses`

// Several page loads and axe scans of a full table each: more than the default time on a busy machine.
test.describe.configure({ timeout: 120_000 })

test.beforeAll(async () => {
  // Seeded into the running server's store (once: a company already there is left as it is).
  const db = openDatabase(path.join(dataDir(), 'licensing.db'))
  try {
    await seedBenchCompany(db, SIZE)
  } finally {
    await db.destroy()
  }
})

const count = (where: string, ...params: unknown[]) =>
  storeRow<{ n: number }>(
    `select count(*) as n from licenses where owner = ? and subscription_id is null and ${where}`,
    COMPANY,
    ...params,
  ).n

const status = (page: Page) =>
  page.getByRole('search', { name: `Search ${TABLE}` }).locator('xpath=following-sibling::p[@role="status"][1]')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: `Search ${TABLE}` })

/** Applies the form: with script the table follows by itself; without, the Search button loads the page. */
async function apply(page: Page, js: boolean) {
  if (!js)
    await page
      .getByRole('search', { name: `Search ${TABLE}` })
      .getByRole('button', { name: 'Search' })
      .click()
}

test('pages through 10,000 licenses: first, previous, next, last and a page size', async ({ page, js }) => {
  await signInToManage(page, js, ADMIN)
  await expect(status(page)).toHaveText('Showing 1–50 of 10,000')
  await expect(page.getByRole('table', { name: TABLE }).getByRole('row')).toHaveCount(51)
  const pages = page.getByRole('navigation', { name: `${TABLE} pages` })
  await pages.getByRole('link', { name: 'Last page' }).click()
  await expect(status(page)).toHaveText('Showing 9,951–10,000 of 10,000')
  await expect(page).toHaveURL(new RegExp(`page-${COMPANY}=200`))
  await pages.getByRole('link', { name: 'Previous page' }).click()
  await expect(status(page)).toHaveText('Showing 9,901–9,950 of 10,000')
  await pages.getByRole('link', { name: 'First page' }).click()
  await expect(status(page)).toHaveText('Showing 1–50 of 10,000')
  await expect(page).not.toHaveURL(/page-/)
  await pages.getByRole('link', { name: 'Next page' }).click()
  await expect(status(page)).toHaveText('Showing 51–100 of 10,000')
  await expectNoAxeViolations(page, 'Manage Licenses of a 10,000-license company')

  await page.getByLabel('Rows per page').selectOption('100')
  await apply(page, js)
  await expect(status(page)).toHaveText('Showing 1–100 of 10,000')
  await expect(page).toHaveURL(new RegExp(`size-${COMPANY}=100`))
  await expect(page.getByRole('table', { name: TABLE }).getByRole('row')).toHaveCount(101)
})

test('searches by holder and filters by state; the URL holds the view', async ({ page, js }) => {
  await signInToManage(page, js, ADMIN)
  if (js) await page.evaluate(() => Object.assign(window, { beforeSearch: true }))
  await searchBox(page).fill('user1234@bench.test')
  await apply(page, js)
  await expect(status(page)).toHaveText('Showing 1–1 of 1 matching')
  await expect(page).toHaveURL(new RegExp(`q-${COMPANY}=user1234%40bench\\.test`))
  const rows = page.getByRole('table', { name: TABLE }).getByRole('row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('user1234@bench.test')
  if (js) {
    // The table followed the typing through a client navigation: the same document, the box still being typed in.
    expect(await page.evaluate(() => 'beforeSearch' in window)).toBe(true)
    await expect(searchBox(page)).toBeFocused()
  }

  const expired = count('expiration <= ?', Date.now())
  await searchBox(page).fill('')
  await page.getByLabel('Show', { exact: true }).selectOption('expired')
  await apply(page, js)
  await expect(status(page)).toHaveText(`Showing 1–50 of ${expired.toLocaleString('en-US')} matching`)
  await expect(page).toHaveURL(new RegExp(`filter-${COMPANY}=expired`))
  await expect(rows.nth(1).getByText('Expired')).toBeVisible()
  await expectNoAxeViolations(page, 'Manage Licenses, expired licenses of a 10,000-license company')

  // The URL alone brings the view back (a bookmark, a shared link), its form filled in.
  await page.goto(`/manage?q-${COMPANY}=nobody-here&filter-${COMPANY}=assigned`)
  await expect(status(page)).toHaveText('No licenses match.')
  await expect(searchBox(page)).toHaveValue('nobody-here')
  await expect(page.getByLabel('Show', { exact: true })).toHaveValue('assigned')
  await expect(page.getByRole('table', { name: TABLE })).toHaveCount(0)
  await expectNoAxeViolations(page, 'Manage Licenses, no license matches')
})

test('the company heading counts every license, whatever the table shows', async ({ page, js }) => {
  const unassigned = count("assigned_to = '' and expiration > ?", Date.now())
  await page.goto('/')
  await signInToManage(page, js, ADMIN)
  await page.goto(`/manage?q-${COMPANY}=user1`)
  await expect(
    page.getByText(
      `${SIZE.toLocaleString('en-US')} licenses with ${unassigned.toLocaleString('en-US')} unassigned and unexpired`,
    ),
  ).toBeVisible()
})
