import {
  assignBehindTheBack,
  companyLicense,
  createSoloCompany,
  dialog,
  newCompanyLicense,
  signInToManage,
  tabTo,
  uniqueEmail,
  type LicenseRef,
} from './company-helpers'
import { escapeRegExp, expect, expectNoAxeViolations, signIn, test } from './fixtures'
import type { Page } from '@playwright/test'

const acmeLicenses = (page: Page) => page.getByRole('table', { name: 'Acme Corp licenses' })
const rowAction = (page: Page, verb: string, license: LicenseRef) =>
  acmeLicenses(page).getByRole(verb === 'Unassign' ? 'button' : 'link', {
    name: new RegExp(`^${verb} .*, order ${license.order}, key ${license.key}$`),
  })
const rowOf = (page: Page, license: LicenseRef) =>
  acmeLicenses(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: license.order, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: String(license.key), exact: true }) })

/** Assigns the license through its dialog and unassigns it from its row; shared by olivia and max. */
async function assignAndUnassign(page: Page, js: boolean, license: LicenseRef, email: string) {
  // With script, the row's Assign link and Unassign form go through the router: the document is never reloaded.
  const sameDocument = () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true)
  if (js) await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await rowAction(page, 'Assign', license).click()
  const assign = dialog(page, js, 'Assign License')
  await expect(assign).toBeVisible()
  await assign.getByRole('textbox', { name: 'Email' }).fill(email)
  await assign.getByRole('button', { name: 'Assign' }).click()
  // Back on the page, at the row that changed.
  await expect(page).toHaveURL(new RegExp(`/manage#license-acme-${license.id}$`))
  await expect(assign).toHaveCount(0)
  await expect(rowOf(page, license)).toContainText(email)

  await rowAction(page, 'Unassign', license).click()
  await expect(rowAction(page, 'Assign', license)).toBeVisible()
  await expect(rowOf(page, license)).toContainText('Unassigned')
  await expect(rowOf(page, license)).not.toContainText(email)
  expect(await sameDocument()).toBe(js)
}

test.describe('assign and unassign one company license', () => {
  test('olivia@acme.test assigns a license, sees the new assignee, and unassigns it', async ({ page, js }) => {
    const license = companyLicense('acme', 'bundle', "assigned_to = ''")
    await signInToManage(page, js, 'olivia@acme.test')
    await assignAndUnassign(page, js, license, uniqueEmail('assignee', js))
  })

  test('the Assign dialog shows the spec’s email messages and passes the axe scan', async ({ page, js }) => {
    const license = newCompanyLicense('acme')
    await signInToManage(page, js, 'olivia@acme.test')
    const assign = dialog(page, js, 'Assign License')
    // Once in three full runs (script on) the dialog had not opened 7 s after the click: the link is clicked again,
    // as a user would, if the dialog has not opened after 3 s (opening it twice is harmless: it is a URL).
    await expect(async () => {
      await rowAction(page, 'Assign', license).click()
      await expect(assign).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 15_000 })
    await expect(assign).toContainText(`order ${license.order}, key ${license.key}`)
    await expectNoAxeViolations(page, 'Assign dialog')

    // Submitted with Enter in the field (a pointer left over the button would scan its hover colours instead).
    const email = assign.getByRole('textbox', { name: 'Email' })
    await email.press('Enter')
    await expect(assign.getByText('Email address must be provided.')).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await email.fill('not an email')
    await email.press('Enter')
    await expect(assign.getByText('Email address is not valid.')).toBeVisible()
    await expectNoAxeViolations(page, 'Assign dialog with errors')

    await assign.getByRole('link', { name: 'Cancel' }).click()
    await expect(assign).toHaveCount(0)
    await expect(rowOf(page, license)).toContainText('Unassigned')
  })

  test('an Assign dialog opened before someone else assigned the license says so and shows who has it', async ({
    page,
    js,
  }) => {
    const license = newCompanyLicense('acme')
    const other = uniqueEmail('someone-else', js)
    const mine = uniqueEmail('mine', js)
    await signInToManage(page, js, 'olivia@acme.test')
    await rowAction(page, 'Assign', license).click()
    const assign = dialog(page, js, 'Assign License')
    await expect(assign).toBeVisible()

    assignBehindTheBack(license.id, other)
    await assign.getByRole('textbox', { name: 'Email' }).fill(mine)
    await assign.getByRole('button', { name: 'Assign' }).click()
    await expect(assign.getByText(`This license was just assigned to ${other} by someone else.`)).toBeVisible()
    await expect(rowOf(page, license)).toContainText(other)
    await expectNoAxeViolations(page, 'Assign dialog after someone else assigned the license')

    // Having seen who holds it now, the user may still give it to the address they meant.
    await assign.getByRole('button', { name: 'Assign' }).click()
    await expect(assign).toHaveCount(0)
    await expect(rowOf(page, license)).toContainText(mine)
    await expect(rowOf(page, license)).not.toContainText(other)
  })

  test('enterprise and multi-user licenses say "Cannot assign this license type"', async ({ page, js }) => {
    await signInToManage(page, js, 'olivia@acme.test')
    const enterprise = acmeLicenses(page).getByRole('row').filter({ hasText: 'Wallaby.js enterprise' })
    await expect(enterprise).toContainText('Cannot assign this license type')
    await expect(enterprise.getByRole('link', { name: /^Assign / })).toHaveCount(0)
  })

  test('the Assign dialog is reachable and usable by keyboard alone', async ({ page, js }) => {
    // Many steps (and a few hundred key presses) through a page of a few dozen licenses.
    test.slow()
    const license = companyLicense('acme', 'bundle', "assigned_to = ''")
    const email = uniqueEmail('keyboard', js)
    await signInToManage(page, js, 'olivia@acme.test')
    await tabTo(page, rowAction(page, 'Assign', license))
    await page.keyboard.press('Enter')
    const assign = dialog(page, js, 'Assign License')
    await expect(assign).toBeVisible()
    const field = assign.getByRole('textbox', { name: 'Email' })
    if (js) {
      // Escape closes the dialog; the link opens it again.
      await expect(field).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(assign).toHaveCount(0)
      await expect(page).toHaveURL(/\/manage$/)
      await tabTo(page, rowAction(page, 'Assign', license))
      await page.keyboard.press('Enter')
      await expect(assign).toBeVisible()
    }
    await tabTo(page, field)
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    await expect(rowOf(page, license)).toContainText(email)

    await tabTo(page, rowAction(page, 'Unassign', license))
    await page.keyboard.press('Enter')
    await expect(rowOf(page, license)).toContainText('Unassigned')
  })

  test('max@acme.test (Company Manager) sees no Permissions link and can still assign', async ({ page, js }) => {
    const license = newCompanyLicense('acme')
    await signInToManage(page, js, 'max@acme.test')
    const acme = page.getByRole('navigation', { name: 'Acme Corp actions' })
    await expect(acme.getByRole('link', { name: 'Bulk Assign for Acme Corp' })).toBeVisible()
    await expect(acme.getByRole('link', { name: /Permissions/ })).toHaveCount(0)
    await assignAndUnassign(page, js, license, uniqueEmail('by-max', js))
    // The Permissions dialog itself is not his either.
    const response = await page.goto('/manage?dialog=permissions&company=acme')
    expect(response?.status()).toBe(404)
  })
})

test.describe('bulk assign', () => {
  test('olivia bulk-assigns Quokka to three addresses after seeing the plan; they are mailed', async ({ page, js }) => {
    const emails = [1, 2, 3].map((n) => uniqueEmail(`bulk${n}`, js))
    await signInToManage(page, js, 'olivia@acme.test')
    await page.getByRole('link', { name: 'Bulk Assign for Acme Corp' }).click()
    const bulk = dialog(page, js, 'Bulk Assign')
    await expect(bulk).toBeVisible()
    await expectNoAxeViolations(page, 'Bulk Assign dialog')

    const product = bulk.getByRole('combobox', { name: 'Product' })
    if (js) {
      await product.selectOption('quokka')
    } else {
      await product.selectOption('quokka')
      await bulk.getByRole('button', { name: 'Choose product' }).click()
    }
    await expect(page).toHaveURL(/group=quokka/)
    await expect(product).toHaveValue('quokka')

    const list = bulk.getByRole('textbox', { name: 'Email addresses (separated by newline, comma or semicolon)' })
    await expect(bulk.getByRole('checkbox', { name: 'Send notification email for new assignments' })).toBeChecked()
    await list.fill(emails.join('\n'))
    const summary = bulk.getByRole('status').filter({ hasText: /will be/ })
    if (js) {
      await expect(summary).toHaveText(/^(\d+ licenses? will be unassigned and )?3 licenses will be assigned\.$/)
    } else {
      await expect(bulk.getByRole('button', { name: 'Update' })).toHaveCount(0)
      await bulk.getByRole('button', { name: 'Preview' }).click()
      await expect(summary).toHaveText(/^(\d+ licenses? will be unassigned and )?3 licenses will be assigned\.$/)
      await expect(list).toHaveValue(emails.join('\n'))
    }
    await expectNoAxeViolations(page, 'Bulk Assign dialog with its plan')
    await bulk.getByRole('button', { name: 'Update' }).click()
    // Back on the page at the company's section, with a sentence that says what changed, for whom.
    await expect(page).toHaveURL(/\/manage#company-acme$/)
    await expect(page.getByRole('status').filter({ has: page.locator('.status-message__panel') })).toContainText(
      /^Updated who holds Quokka\.js PRO at Acme Corp: 3 licenses assigned( and \d+ unassigned)?\. The new holders were sent a notification email\./,
    )

    const table = acmeLicenses(page)
    for (const email of emails) await expect(table.getByRole('cell', { name: email, exact: true })).toHaveCount(1)
    await page.goto('/dev/outbox')
    for (const email of emails) {
      await expect(
        page.getByRole('article', {
          name: new RegExp(`^Mail to ${escapeRegExp(email)}: The company "Acme Corp" has assigned you a license`),
        }),
      ).toHaveCount(1)
    }
  })

  test('the plan’s errors name what to fix: an invalid address, and more addresses than unexpired licenses', async ({
    page,
    js,
  }) => {
    await signInToManage(page, js, 'olivia@acme.test')
    await page.goto('/manage?dialog=bulk-assign&company=acme&group=quokka')
    const bulk = dialog(page, js, 'Bulk Assign')
    const list = bulk.getByRole('textbox', { name: 'Email addresses (separated by newline, comma or semicolon)' })
    const check = async (text: string, message: string) => {
      await list.fill(text)
      if (!js) await bulk.getByRole('button', { name: 'Preview' }).click()
      await expect(bulk.getByText(message)).toBeVisible()
      if (js) await expect(bulk.getByRole('button', { name: 'Update' })).toBeDisabled()
      else await expect(bulk.getByRole('button', { name: 'Update' })).toHaveCount(0)
    }
    // The spec's words, then what to fix: the line and the entry at fault, the numbers that do not add up.
    await check(
      'ok@acme.test\nnot an address',
      'Error: one or more email addresses are invalid. Line 2: "not an address".',
    )
    const many = Array.from({ length: 12 }, (_, i) => `many${i}@acme.test`).join(';')
    await check(many, 'Error: not enough unexpired licenses available. Asked for 12,')
    await expectNoAxeViolations(page, 'Bulk Assign dialog with an error')
  })
})

test.describe('bulk assign opens by itself once (spec §2)', () => {
  test('for the administrator of exactly one company with nothing assigned yet', async ({ page, js }) => {
    const email = uniqueEmail('solo', js, 'solo.test')
    const name = createSoloCompany(email)
    await signIn(page, email)
    const bulk = dialog(page, js, 'Bulk Assign')
    // The server opens it, so it happens with script off too.
    await expect(bulk).toBeVisible()
    await expect(bulk).toContainText(name)
    await expect(page).toHaveURL(/dialog=bulk-assign/)
    if (js) await page.keyboard.press('Escape')
    else
      await bulk
        .getByRole('link', { name: /Cancel|Close/ })
        .first()
        .click()
    await expect(bulk).toHaveCount(0)
    // Recorded (hideBulkAssign): the next visit stays on the page.
    await page.goto('/manage')
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
    await expect(page).toHaveURL(/\/manage$/)
    await expect(bulk).toHaveCount(0)
  })
})
