// License keys on /manage: each license's key is in its table row (selectable text; with script a copy button that
// names the key and announces "Copied"), and in the offline keys dialogs.
import type { Page } from '@playwright/test'
import { dialog } from './company-helpers'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'
import { storeRow } from './manage-demo-store'

type KeyRow = { order: string; key: number; licenseKey: string }

const keyOf = (where: string, ...params: unknown[]) =>
  storeRow<KeyRow>(
    `select order_id as "order", key_number as key, license_key as licenseKey from licenses where ${where}
     order by expiration desc, order_id, key_number limit 1`,
    ...params,
  )

/** The table row of a license, by its order and key number (the row's controls name them). */
function rowOf(page: Page, table: string, license: KeyRow) {
  return page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: license.order, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: String(license.key), exact: true }) })
}

async function expectCopies(page: Page, js: boolean, table: string, license: KeyRow) {
  const row = rowOf(page, table, license)
  await expect(row.getByRole('cell', { name: new RegExp(license.licenseKey) })).toBeVisible()
  await expect(row.getByText(license.licenseKey, { exact: true })).toBeVisible()
  const copy = row.getByRole('button', {
    name: new RegExp(`^Copy license key of .*, order ${license.order}, key ${license.key}$`),
  })
  if (!js) {
    // Without script the key is text to select; a button could do nothing.
    await expect(copy).toHaveCount(0)
    return
  }
  await copy.click()
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toHaveText('Copied')
  await expect(copy).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(license.licenseKey)
}

test.beforeEach(async ({ context, js }) => {
  if (js) await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('personal licenses show their license key, to copy with script', async ({ page, js }) => {
  const license = keyOf("owner = 'pat@personal.test' and subscription_id is null and trial = 0")
  await signIn(page, 'pat@personal.test')
  await expect(page.getByRole('table', { name: 'Personal licenses' }).getByRole('columnheader')).toContainText([
    'License Key',
  ])
  await expectCopies(page, js, 'Personal licenses', license)
  await expectNoAxeViolations(page, 'Manage Licenses with license keys')
})

test('company licenses show their license key, to copy with script', async ({ page, js }) => {
  const license = keyOf("owner = 'acme' and subscription_id is null and product_group = 'quokka'")
  await signIn(page, 'olivia@acme.test')
  await expectCopies(page, js, 'Acme Corp licenses', license)
})

test('the offline keys dialogs show each license’s key beside its offline key', async ({ page, js }) => {
  const license = keyOf(
    "owner = 'acme' and subscription_id is null and product_group = 'wallaby' and is_multi_user = 0 and expiration > ?",
    Date.now(),
  )
  await signIn(page, 'olivia@acme.test')
  await page.goto('/manage?dialog=offline-keys&company=acme')
  const keys = dialog(page, js, 'Offline Keys')
  await expect(keys.getByText(license.licenseKey, { exact: true })).toBeVisible()
  const copy = keys.getByRole('button', {
    name: new RegExp(`^Copy license key of .*, order ${license.order}, key ${license.key}$`),
  })
  if (js) {
    await copy.click()
    await expect(keys.getByRole('status').filter({ hasText: 'Copied' })).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(license.licenseKey)
  } else {
    await expect(copy).toHaveCount(0)
  }
  await expectNoAxeViolations(page, 'Offline Keys dialog with license keys')
})
