// Renewals, receipts and new subscriptions on /manage. Renew and the receipt open the provider's pages: in
// a new tab with script, in the same tab without. The sandbox's renewal checkout returns to /manage once paid.
import type { Locator, Page } from '@playwright/test'
import { escapeRegExp, expect, expectNoAxeViolations, signIn, test } from './fixtures'
import { signInToManage } from './company-helpers'
import { addSubscription, createOwner, storedLicense, storedSubscription } from './subscriptions-helpers'

const RENEW_DIALOG = 'Renew/Co-term Multiple Licenses Request'

/** Whatever the click opens: the new tab with script, this page without. */
async function opened(page: Page, js: boolean, click: () => Promise<void>): Promise<Page> {
  if (!js) {
    await click()
    return page
  }
  const [popup] = await Promise.all([page.waitForEvent('popup'), click()])
  await popup.waitForLoadState()
  return popup
}

async function payWithTestCard(payment: Page) {
  const year = (new Date().getUTCFullYear() + 3) % 100
  await payment.getByRole('textbox', { name: /^Zip\/Post code/ }).fill('10001')
  await payment.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await payment.getByRole('textbox', { name: 'Expiry date' }).fill(`12/${String(year).padStart(2, '0')}`)
  await payment.getByRole('textbox', { name: 'Security code' }).fill('123')
  await payment.getByRole('button', { name: /^Pay / }).click()
}

/** A row of a company's license table by order and key number. */
function licenseRow(page: Page, company: string, order: string, key: string): Locator {
  return page
    .getByRole('table', { name: `${company} licenses` })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: order, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: key, exact: true }) })
}

test('renew two licenses with co-term: one common expiry date', async ({ page, js }) => {
  await signIn(page, 'carl@globex.test')
  const globex = page.getByRole('region', { name: 'Globex', exact: true })
  await globex.getByRole('link', { name: 'Bulk Renew/Co-term for Globex' }).click()
  const dialog = js
    ? page.getByRole('dialog', { name: RENEW_DIALOG })
    : page.getByRole('region', { name: RENEW_DIALOG })
  await expect(dialog).toBeVisible()
  for (const header of ['Product', 'Order #', 'Key #', 'Assigned #', 'Expiry Date']) {
    await expect(dialog.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  const boxes = dialog.getByRole('checkbox')
  expect(await boxes.count()).toBeGreaterThanOrEqual(2)
  for (const box of await boxes.all()) await expect(box).toBeChecked()
  await expectNoAxeViolations(page, 'bulk renew dialog')

  // Nothing selected: Renew is disabled with script; without, the server says so.
  for (const box of await boxes.all()) await box.uncheck()
  // With script the checkout opens in a new tab, and the button says so.
  const renew = dialog.getByRole('button', { name: js ? 'Renew (opens in a new tab)' : 'Renew', exact: true })
  if (js) {
    await expect(renew).toBeDisabled()
  } else {
    await renew.click()
    await expect(page.getByRole('region', { name: RENEW_DIALOG }).getByRole('alert')).toHaveText(
      'Select at least one license to renew.',
    )
    for (const box of await boxes.all()) await box.uncheck()
  }

  // One Wallaby license and one Quokka license, which expire on different dates.
  const wallaby = dialog.getByRole('checkbox', { name: /^Renew Wallaby\.js, order/ }).first()
  const quokka = dialog.getByRole('checkbox', { name: /^Renew Quokka\.js PRO, order/ }).first()
  const refs: Array<{ order: string; key: string }> = []
  for (const box of [wallaby, quokka]) {
    await box.check()
    const [, order, key] = /order (\S+), key (\d+)$/.exec((await box.getAttribute('aria-label')) ?? '') ?? []
    refs.push({ order, key })
  }
  const payment = await opened(page, js, () => renew.click())
  await expect(payment.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await expect(payment.getByText(/Renewal of 2 licenses until/).first()).toBeVisible()
  await payWithTestCard(payment)
  await payment.waitForURL((url) => url.pathname === '/manage')

  await page.goto('/manage')
  const expiries: Array<string | null> = []
  for (const { order, key } of refs) {
    const row = licenseRow(page, 'Globex', order, key)
    await expect(row).toHaveCount(1)
    expiries.push(await row.locator('time').getAttribute('datetime'))
  }
  expect(expiries[0]).not.toBeNull()
  expect(expiries[0]).toBe(expiries[1])
  expect(new Date(expiries[0] ?? 0).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 60 * 60 * 1000)
})

test('Renew on a license row opens the renewal checkout for that license', async ({ page, js }) => {
  // With script, Renew opens a new tab once React has taken the page over; a click before that stays in this tab.
  await signInToManage(page, js, 'pat@personal.test')
  const row = page
    .getByRole('table', { name: 'Personal licenses' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Wallaby.js + Quokka.js', exact: true }) })
  const renew = row.getByRole('button', { name: /^Renew Wallaby\.js \+ Quokka\.js, order/ })
  // Said to a screen reader (its name) and shown (the icon) exactly when it opens a new tab: with script.
  if (js) await expect(renew).toHaveAccessibleName(/ \(opens in a new tab\)$/)
  else await expect(renew).not.toHaveAccessibleName(/new tab/)
  await expect(renew.locator('svg')).toHaveCount(js ? 1 : 0)
  const payment = await opened(page, js, () => renew.click())
  await expect(payment).toHaveURL(/\/sandbox\/checkout\?link=/)
  await expect(payment.getByText(/Renewal of 1 license until/).first()).toBeVisible()
})

/** The row of the signed-in user's personal Wallaby.js license (the only one a fresh owner has). */
function personalWallabyRow(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Personal licenses' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Wallaby.js', exact: true }) })
}

test('Renew on a license of a cancelled personal subscription renews it and takes it out of the subscription', async ({
  page,
  js,
}) => {
  // Cancelled, still running for 20 days: nothing renews the license any more.
  const owner = createOwner('renew-cancelled', js)
  const { licenseIds } = addSubscription(owner, { personal: true, state: 'deleted', expiresIn: 20, seats: [{}] })
  const before = storedLicense(licenseIds[0])
  expect(before).toMatchObject({ owner: owner.email, company_id: null, subscription_id: expect.any(String) })
  const expiry = Number(before?.expiration)

  await signInToManage(page, js, owner.email)
  const row = personalWallabyRow(page)
  await expect(row).toHaveCount(1)
  const payment = await opened(page, js, () => row.getByRole('button', { name: /^Renew Wallaby\.js, order/ }).click())
  await expect(payment).toHaveURL(/\/sandbox\/checkout\?link=/)
  await expect(payment.getByText(/Renewal of 1 license until/).first()).toBeVisible()
  await payWithTestCard(payment)
  await payment.waitForURL((url) => url.pathname === '/manage')

  // One year on from its old expiry, standing alone.
  await expect
    .poll(() => storedLicense(licenseIds[0]))
    .toMatchObject({ subscription_id: null, billing_period: null, lapsing: 0 })
  const after = Number(storedLicense(licenseIds[0])?.expiration)
  expect(after).toBeGreaterThan(expiry + 364 * 24 * 60 * 60 * 1000)
  await page.goto('/manage')
  await expect(row.locator('time')).toHaveAttribute('datetime', new Date(after).toISOString())
})

test('Renew on a license of a personal subscription that still runs says the subscription ends, and paying ends it', async ({
  page,
  js,
}) => {
  const owner = createOwner('renew-live', js)
  const { id, licenseIds } = addSubscription(owner, { personal: true, state: 'active', seats: [{}] })
  expect(storedLicense(licenseIds[0])).toMatchObject({ owner: owner.email, company_id: null })

  await signInToManage(page, js, owner.email)
  const row = personalWallabyRow(page)
  await expect(row).toHaveCount(1)
  const payment = await opened(page, js, () => row.getByRole('button', { name: /^Renew Wallaby\.js, order/ }).click())
  await expect(payment.getByText(/Paying ends the subscription of Wallaby\.js \(order \d+\)/).first()).toBeVisible()
  await payWithTestCard(payment)
  await payment.waitForURL((url) => url.pathname === '/manage')

  await expect.poll(() => storedLicense(licenseIds[0])?.subscription_id).toBeNull()
  await expect.poll(() => storedSubscription(id).subscription.state).toBe('deleted')
})

test('an enterprise license is renewed through sales', async ({ page }) => {
  await signIn(page, 'olivia@acme.test')
  const renew = page
    .getByRole('table', { name: 'Acme Corp licenses' })
    .getByRole('link', { name: /^Renew Wallaby\.js enterprise, order/ })
  await expect(renew).toHaveAttribute('href', /^mailto:sales@license-portal\.test\?subject=/)
})

test('the receipt of a license opens from its row', async ({ page, js }) => {
  await signInToManage(page, js, 'pat@personal.test')
  const row = page
    .getByRole('table', { name: 'Personal licenses' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Wallaby.js + Quokka.js', exact: true }) })
  const order = (await row.getByRole('cell').nth(0).textContent())?.trim() ?? ''
  await expectNoAxeViolations(page, '/manage with renew and receipt actions')
  // The order number is the link to the receipt (spec §2).
  const link = row.getByRole('link', { name: order, exact: true })
  await expect(link).toHaveAttribute('title', `Receipt for order ${order}`)
  const receipt = await opened(page, js, () => link.click())
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible()
  await expect(receipt).toHaveTitle(new RegExp(`Receipt for order ${escapeRegExp(order)}`))
})

test('New Subscription opens the company store with the email, in a new tab; Buy New Licenses the shop', async ({
  page,
}) => {
  await signIn(page, 'olivia@acme.test')
  const acme = page.getByRole('region', { name: 'Acme Corp', exact: true })
  const link = acme.getByRole('link', { name: /^New Subscription for Acme Corp/ })
  await expect(link).toHaveAttribute(
    'href',
    /^\/shop\/[a-z-]+\/buy\/\?type=company&email=olivia%40acme\.test&company=[A-Za-z0-9_-]+$/,
  )
  await expect(link).toHaveAttribute('target', '_blank')
  const [store] = await Promise.all([page.waitForEvent('popup'), link.click()])
  await expect(store.getByRole('radio', { name: 'Organization' })).toBeChecked()
  await expect(store.getByRole('textbox', { name: 'Email' })).toHaveValue('olivia@acme.test')
  await store.close()

  await page.getByRole('link', { name: 'Buy New Licenses' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/shop/')
})
