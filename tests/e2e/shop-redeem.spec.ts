// Redeeming coupons. Each run of the redeem flow makes an active coupon of its own (a coupon redeems once);
// the demo data has one of each other status for Console Ninja: EXPIRED2025 has expired, USEDCOUPON was redeemed, and
// NOSUCHCOUPON does not exist.
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { openStore } from './account-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

const REDEEM = '/shop/console-ninja/redeem/'

/** An active Console Ninja coupon for this run only, in the server's store. */
/** "1 month", "12 months": the count as the page says it. */
const monthsText = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`

function addActiveCoupon(code: string, months: number) {
  const db = openStore()
  try {
    db.prepare(
      `insert into coupons (code, product, months, expires_at, redeemed_by, redeemed_at, created_at)
       values (?, 'console-ninja', ?, null, null, null, ?)`,
    ).run(code, months, Date.now())
  } finally {
    db.close()
  }
}

/** The coupon error modal (spec §8): "Something went wrong" and the message; only its Close dismisses it. */
async function expectCouponError(page: Page, js: boolean, message: string) {
  const dialog = js
    ? page.getByRole('alertdialog', { name: 'Something went wrong' })
    : page.getByRole('region', { name: 'Something went wrong' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(message)).toBeVisible()
  if (js) {
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
  }
  return dialog
}

test('an active coupon gives free months: the prices, the form and the result', async ({ page, js }, testInfo) => {
  const coupon = {
    code: `FREE${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
    ...(js ? { months: 1, original: '$4.83' } : { months: 12, original: '$58' }),
  }
  addActiveCoupon(coupon.code, coupon.months)
  const email = `redeem-${testInfo.project.name}-${Date.now()}@coupons.test`
  await page.goto(`${REDEEM}${coupon.code}`)
  await expect(page.getByRole('heading', { name: `Get ${monthsText(coupon.months)} free` })).toBeVisible()
  const prices = page.getByRole('table', { name: 'Price with the coupon' })
  await expect(prices.getByRole('row', { name: /^Original Price/ })).toContainText(coupon.original)
  await expect(prices.getByRole('row', { name: /^Discount/ })).toContainText(`−${coupon.original}`)
  await expect(prices.getByRole('row', { name: /^Total/ })).toContainText('$0')
  await expectNoAxeViolations(page, 'redeem page')

  if (js) {
    // Without script the browser's own required-field check comes first; the server's messages are the same.
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Name must be provided.')).toBeVisible()
    await expect(page.getByText('Email address must be provided.')).toBeVisible()
  }
  await page.getByRole('textbox', { name: 'Name' }).fill('Coupon Collector')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Coupon redeemed' })).toBeVisible()
  await expect(
    page.getByText(
      `A new Console Ninja PRO license with ${monthsText(coupon.months)} free has been created for ${email}.`,
    ),
  ).toBeVisible()

  // Once only.
  await page.goto(`${REDEEM}${coupon.code}`)
  await expectCouponError(page, js, 'This coupon has already been redeemed.')
})

for (const { code, message } of [
  { code: 'EXPIRED2025', message: 'This coupon has expired.' },
  { code: 'USEDCOUPON', message: 'This coupon has already been redeemed.' },
  { code: 'NOSUCHCOUPON', message: 'This coupon does not exist.' },
]) {
  test(`${code} shows "${message}" in a dialog whose Close goes home`, async ({ page, js }) => {
    await page.goto(`${REDEEM}${code}`)
    const dialog = await expectCouponError(page, js, message)
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)
    await expectNoAxeViolations(page, `coupon ${code}`)
    await dialog.getByRole('link', { name: 'Close' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/')
  })
}

test('the redeem page without a coupon asks for one', async ({ page, js }) => {
  await page.goto(REDEEM)
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('EXPIRED2025')
  await page.getByRole('button', { name: 'Check coupon' }).click()
  await expect(page).toHaveURL(/\/shop\/console-ninja\/redeem\/EXPIRED2025$/)
  await expectCouponError(page, js, 'This coupon has expired.')
})
