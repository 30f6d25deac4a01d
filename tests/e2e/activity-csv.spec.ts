import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { createSoloCompany, dialog, uniqueEmail, untilHydrated } from './company-helpers'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'

/** Clicks what downloads a file and answers the file's text (script on and off alike: a plain link). */
async function download(page: Page, click: () => Promise<void>): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  return fs.readFileSync((await file.path())!, 'utf8')
}

test.describe('the seat list as CSV and the activity log', () => {
  test('export, import a changed file (plan, then the seats), and read who did it in the Activity dialog', async ({
    page,
    js,
  }) => {
    // Sign-in, two downloads, two uploads and four axe scans.
    test.slow()
    const admin = uniqueEmail('csv-admin', js)
    const first = uniqueEmail('csv-first', js)
    const second = uniqueEmail('csv-second', js)
    const name = createSoloCompany(admin)
    await signIn(page, admin)
    // The company has nothing assigned yet, so Bulk Assign opened by itself once; the page itself is what we need.
    await page.goto('/manage')

    const exported = await download(page, () =>
      page.getByRole('link', { name: `Export CSV of the licenses of ${name}` }).click(),
    )
    expect(exported.charCodeAt(0)).toBe(0xfeff)
    const lines = exported.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe('Product,Order,Key,Assigned to,Expiry,Subscription')
    expect(lines).toHaveLength(4)
    expect(lines.slice(1).every((line) => line.startsWith('Quokka.js PRO,'))).toBe(true)

    // Key 1 and key 2 get a holder; key 3 stays free.
    const changed = [
      lines[0],
      ...lines.slice(1).map((line) => {
        const cells = line.split(',')
        if (cells[2] === '1') cells[3] = first
        if (cells[2] === '2') cells[3] = second
        return cells.join(',')
      }),
    ].join('\r\n')

    await page.getByRole('link', { name: `Import CSV for ${name}` }).click()
    const importing = dialog(page, js, 'Import Seat Assignments')
    await expect(importing.getByText('at most 5,000 rows and 1 MB')).toBeVisible()
    await expect(importing.getByText(/The first row decides which for the whole file/)).toBeVisible()
    await expectNoAxeViolations(page, 'Import Seat Assignments dialog')

    // A file that is not text is refused with a message tied to the field, and changes nothing.
    await importing.getByLabel('CSV file').setInputFiles({
      name: 'picture.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
    })
    await importing.getByRole('button', { name: 'Show plan' }).click()
    await expect(importing.getByRole('alert')).toHaveText(
      'The file is not a text file. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and upload it again.',
    )
    await expect(importing.getByLabel('CSV file')).toHaveAttribute('aria-invalid', 'true')

    // A row at fault is named by its line and its value, with the names a product row accepts.
    await importing.getByLabel('CSV file').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`product,email\n\nquokka,${first}\n`, 'utf8'),
    })
    await importing.getByRole('button', { name: 'Show plan' }).click()
    await expect(importing.getByRole('list', { name: 'Rows that cannot be imported' })).toHaveText(
      'Line 3: this company has no licenses of the product "quokka". Name one of: Quokka.js PRO.',
    )
    await expect(importing.getByText('1 row cannot be imported, so nothing will be changed.')).toBeVisible()

    // The changed export as a spreadsheet set to a European locale saves it: semicolons, a byte order mark, CRLF.
    const european = changed.replace(/,/g, ';')
    await importing.getByLabel('CSV file').setInputFiles({
      name: 'seats.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(european, 'utf8')]),
    })
    await importing.getByRole('button', { name: 'Show plan' }).click()
    await expect(importing.locator('[role=status]:not(.status-message)')).toHaveText('2 licenses will be assigned.')
    const changes = importing.getByRole('list', { name: 'Changes' })
    await expect(changes.getByRole('listitem')).toHaveText([
      new RegExp(`^assign license 1 of order \\d+ to ${first.replace(/\./g, '\\.')}$`),
      new RegExp(`^assign license 2 of order \\d+ to ${second.replace(/\./g, '\\.')}$`),
    ])
    await expectNoAxeViolations(page, 'Import Seat Assignments plan')
    await importing.getByRole('button', { name: 'Apply' }).click()

    await expect(importing).toHaveCount(0)
    await expect(page.getByRole('cell', { name: first, exact: true })).toBeVisible()
    await expect(page.getByRole('cell', { name: second, exact: true })).toBeVisible()

    await page.getByRole('link', { name: `Activity for ${name}` }).click()
    const activity = dialog(page, js, `Activity of ${name}`)
    await expect(activity.locator('[role=status]:not(.status-message)')).toHaveText('1 entry; page 1 of 1.')
    const row = activity.getByRole('row').nth(1)
    await expect(row.getByRole('cell').nth(1)).toHaveText(admin)
    await expect(row.getByRole('cell').nth(2)).toContainText('2 licenses assigned')
    await expect(row.getByRole('cell').nth(2)).toContainText(`to ${first}`)
    await expect(row.getByRole('cell').nth(0)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d\d:\d\d [AP]M UTC$/)
    await expectNoAxeViolations(page, 'Activity dialog')

    await activity.getByLabel('Kind').selectOption('permission')
    await activity.getByRole('button', { name: 'Filter' }).click()
    await expect(activity.locator('[role=status]:not(.status-message)')).toHaveText('No activity matches this filter.')
    await expect(page).toHaveURL(new RegExp(`dialog=activity.*kind=permission`))
    await activity.getByRole('link', { name: 'Show all' }).click()
    await expect(activity.locator('[role=status]:not(.status-message)')).toHaveText('1 entry; page 1 of 1.')

    await activity.getByLabel('Person (email address)').fill(second.toUpperCase())
    await activity.getByRole('button', { name: 'Filter' }).click()
    await expect(activity.locator('[role=status]:not(.status-message)')).toHaveText(
      '1 entry matches this filter; page 1 of 1.',
    )
    await activity.getByLabel('Person (email address)').fill(uniqueEmail('nobody', js))
    await activity.getByRole('button', { name: 'Filter' }).click()
    await expect(activity.locator('[role=status]:not(.status-message)')).toHaveText('No activity matches this filter.')
    await expectNoAxeViolations(page, 'Activity dialog, filtered')

    await activity.getByRole('link', { name: 'Show all' }).click()
    const log = await download(page, () => activity.getByRole('link', { name: 'Download CSV' }).click())
    expect(log.charCodeAt(0)).toBe(0xfeff)
    expect(log).toContain('When,Who,Kind,What,Details')
    expect(log).toContain(`${admin},Assignments,2 licenses assigned`)
  })

  test('an administrator who holds no license has the Personal section: Account Activity and Personal API tokens', async ({
    page,
    js,
  }) => {
    const admin = uniqueEmail('no-seat-admin', js)
    const name = createSoloCompany(admin)
    await signIn(page, admin)
    // Bulk Assign opened by itself once (nothing is assigned yet): the page itself is what we need.
    await page.goto('/manage')
    await untilHydrated(page, js)
    const personal = page.getByRole('region', { name: 'Personal', exact: true })
    await expect(personal).toContainText('No license is yours or assigned to you; your companies’ licenses are below.')
    await expect(page.getByRole('region', { name })).toBeVisible()
    await expect(personal.getByRole('link', { name: 'Personal API tokens' })).toBeVisible()

    await personal.getByRole('link', { name: 'Account Activity' }).click()
    await expect(dialog(page, js, 'Account Activity')).toBeVisible()
    await expectNoAxeViolations(page, 'Account Activity of an administrator without licenses')
  })

  test('a Company Manager is offered no Activity and cannot open it by its address', async ({ page }) => {
    await signIn(page, 'max@acme.test')
    await expect(page.getByRole('link', { name: 'Bulk Assign for Acme Corp' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Activity for Acme Corp' })).toHaveCount(0)
    const response = await page.goto('/manage?dialog=activity&company=acme')
    expect(response?.status()).toBe(404)
    const csv = await page.request.get('/manage/activity.csv?company=acme')
    expect(csv.status()).toBe(404)
  })
})
