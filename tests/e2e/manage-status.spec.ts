// Every change on /manage ends with a sentence (a polite live region, carried across the redirect without script), the
// page comes back at the row that changed, and a one-click destructive change offers Undo.
import type { Page } from '@playwright/test'
import {
  assignBehindTheBack,
  companyLicense,
  dialog,
  newCompanyLicense,
  signInToManage,
  uniqueEmail,
  type LicenseRef,
} from './company-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

const acmeLicenses = (page: Page) => page.getByRole('table', { name: 'Acme Corp licenses' })
const status = (page: Page) => page.getByRole('status').filter({ has: page.locator('.status-message__panel') })
const rowOf = (page: Page, license: LicenseRef) =>
  acmeLicenses(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: license.order, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: String(license.key), exact: true }) })
const rowAction = (page: Page, verb: 'Assign' | 'Unassign', license: LicenseRef) =>
  acmeLicenses(page).getByRole(verb === 'Unassign' ? 'button' : 'link', {
    name: new RegExp(`^${verb} .*, order ${license.order}, key ${license.key}$`),
  })

/** The row the page came back to: focused with script, the fragment's target without. */
async function expectReturnedTo(page: Page, js: boolean, license: LicenseRef) {
  await expect(page).toHaveURL(/\/manage#license-/)
  const row = rowOf(page, license)
  if (js) await expect(row).toBeFocused()
  else expect(await row.evaluate((el) => el.matches(':target'))).toBe(true)
  await expect(row).toBeInViewport()
}

test.describe('a change ends with a sentence and comes back to its row', () => {
  test('Assign says what was assigned to whom; Unassign says it and offers Undo, which gives it back', async ({
    page,
    js,
  }) => {
    // Assign, Unassign, Undo and a reload, with two axe scans of the whole /manage page (8 s each on a busy machine).
    test.slow()
    const license = newCompanyLicense('acme')
    const email = uniqueEmail('status', js)
    await signInToManage(page, js, 'olivia@acme.test')
    // The newest order is far down the table: the page must come back to it, not to the top.
    await rowAction(page, 'Assign', license).click()
    const assign = dialog(page, js, 'Assign License')
    await assign.getByRole('textbox', { name: 'Email' }).fill(email)
    await assign.getByRole('button', { name: 'Assign' }).click()
    // The assignment mails its new holder before the redirect: on a busy machine that takes longer than 7 s.
    await expect(status(page)).toHaveText(
      new RegExp(`^Assigned .* \\(order ${license.order}, key ${license.key}\\) to ${email}\\.`),
      { timeout: 20_000 },
    )
    await expectReturnedTo(page, js, license)
    await expect(rowOf(page, license)).toContainText(email)
    await expectNoAxeViolations(page, 'the page after Assign, with its sentence')

    await rowAction(page, 'Unassign', license).click()
    await expect(status(page)).toContainText(`Unassigned`)
    await expect(status(page)).toContainText(`from ${email}.`)
    await expectReturnedTo(page, js, license)
    await expect(rowOf(page, license)).toContainText('Unassigned')
    await expectNoAxeViolations(page, 'the page after Unassign, with Undo')

    await status(page).getByRole('button', { name: 'Undo' }).click()
    await expect(status(page)).toContainText(`back to ${email}.`)
    await expect(status(page).getByRole('button', { name: 'Undo' })).toHaveCount(0)
    await expect(rowOf(page, license)).toContainText(email)
    await expectReturnedTo(page, js, license)

    // The sentence is said once: the next page it loads does not repeat it.
    await page.reload()
    await expect(status(page)).toHaveCount(0)
  })

  test('Undo after someone else took the license says so and changes nothing', async ({ page, js }) => {
    const license = companyLicense('acme', 'quokka', "assigned_to = '' and expiration > strftime('%s','now') * 1000")
    const first = uniqueEmail('undo-first', js)
    await signInToManage(page, js, 'olivia@acme.test')
    await rowAction(page, 'Assign', license).click()
    const assign = dialog(page, js, 'Assign License')
    await assign.getByRole('textbox', { name: 'Email' }).fill(first)
    await assign.getByRole('button', { name: 'Assign' }).click()
    await expect(rowOf(page, license)).toContainText(first)
    await rowAction(page, 'Unassign', license).click()
    await expect(status(page).getByRole('button', { name: 'Undo' })).toBeVisible()

    const other = uniqueEmail('undo-other', js)
    assignBehindTheBack(license.id, other)
    await status(page).getByRole('button', { name: 'Undo' }).click()
    await expect(status(page)).toContainText(`Not undone: This license was just assigned to ${other} by someone else.`)
    await expect(rowOf(page, license)).toContainText(other)
  })
})
