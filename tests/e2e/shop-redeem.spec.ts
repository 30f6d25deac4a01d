// Redeeming coupons. Each run of the redeem flow makes an active coupon of its own (a coupon redeems once);
// the demo data has one of each other status for Console Ninja: EXPIRED2025 has expired, USEDCOUPON was redeemed, and
// NOSUCHCOUPON does not exist.
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { openStore } from './account-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { addActiveCoupon } from './shop-helpers'

const REDEEM = '/shop/console-ninja/redeem/'

/** "1 month", "12 months": the count as the page says it. */
const monthsText = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`

/**
 * A refused coupon (spec §8's messages): said beside the coupon form, which keeps the code as it was given, tied to the
 * field and never a modal over an empty page.
 */
async function expectCouponError(page: Page, code: string, message: string) {
  const field = page.getByRole('textbox', { name: 'Coupon code' })
  await expect(field).toHaveValue(code)
  await expect(field).toHaveAccessibleDescription(message)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  return field
}

test('an active coupon gives free months: the prices, the form and the result', async ({ page, js }, testInfo) => {
  const coupon = {
    code: `FREE${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
    ...(js ? { months: 1, original: '$6.05' } : { months: 12, original: '$58' }),
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
  await expectCouponError(page, coupon.code, 'This coupon has already been redeemed.')
})

for (const { code, message } of [
  { code: 'EXPIRED2025', message: 'This coupon has expired.' },
  { code: 'USEDCOUPON', message: 'This coupon has already been redeemed.' },
  { code: 'NOSUCHCOUPON', message: 'This coupon does not exist.' },
]) {
  test(`${code} shows "${message}" beside the coupon form, with the code kept`, async ({ page }) => {
    await page.goto(`${REDEEM}${code}`)
    const field = await expectCouponError(page, code, message)
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)
    await expectNoAxeViolations(page, `coupon ${code}`)
    // The code can be corrected where it is.
    await field.fill('FREEYEAR')
    await page.getByRole('button', { name: 'Check coupon' }).click()
    await expect(page).toHaveURL(/\/shop\/console-ninja\/redeem\/FREEYEAR$/)
    await expect(page.getByRole('heading', { name: 'Get 12 months free' })).toBeVisible()
  })
}

test('the redeem page without a coupon asks for one', async ({ page }) => {
  await page.goto(REDEEM)
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('EXPIRED2025')
  await page.getByRole('button', { name: 'Check coupon' }).click()
  await expect(page).toHaveURL(/\/shop\/console-ninja\/redeem\/EXPIRED2025$/)
  await expectCouponError(page, 'EXPIRED2025', 'This coupon has expired.')
})

test('a code typed with spaces inside and around it is read as the code', async ({ page }) => {
  await page.goto(REDEEM)
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('  FREE YEAR ')
  await page.getByRole('button', { name: 'Check coupon' }).click()
  await expect(page).toHaveURL(/\/shop\/console-ninja\/redeem\/FREEYEAR$/)
  await expect(page.getByRole('heading', { name: 'Get 12 months free' })).toBeVisible()
  // A link with a space in the code (a mail program's line break, a code read aloud) goes to the code's own address.
  await page.goto(`${REDEEM}FREE%20YEAR`)
  await expect(page).toHaveURL(/\/shop\/console-ninja\/redeem\/FREEYEAR$/)
  await expect(page.getByRole('heading', { name: 'Get 12 months free' })).toBeVisible()
})

test('a coupon redeemed by someone else while the form was open is said beside the coupon form; name and email go on', async ({
  page,
}, testInfo) => {
  const code = `RACE${crypto.randomBytes(5).toString('hex').toUpperCase()}`
  addActiveCoupon(code, 12)
  await page.goto(`${REDEEM}${code}`)
  await page.getByRole('textbox', { name: 'Name' }).fill('Late Comer')
  const email = `late-${testInfo.project.name}-${Date.now()}@coupons.test`
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  // Someone else redeems it first.
  const db = openStore()
  try {
    db.prepare("update coupons set redeemed_by = 'first@coupons.test', redeemed_at = ? where code = ?").run(
      Date.now(),
      code,
    )
  } finally {
    db.close()
  }
  await page.getByRole('button', { name: 'Continue' }).click()
  // Said beside the coupon form, with the code kept.
  await expectCouponError(page, code, 'This coupon has already been redeemed.')
  await expectNoAxeViolations(page, 'a coupon redeemed meanwhile')
  // The name and email typed go on to the next code's form.
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('FREE YEAR')
  await page.getByRole('button', { name: 'Check coupon' }).click()
  await expect(page.getByRole('heading', { name: 'Get 12 months free' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Late Comer')
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
})
