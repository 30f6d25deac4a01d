// The purchase page as a buyer drives it in the browser tests: the form, Continue, and the sandbox's payment form (in
// the inline frame with script, the hosted checkout page without). Test cards: 4242 4242 4242 4242 pays,
// 4000 0000 0000 0002 is declined, 4000 0000 0000 9235 is flagged.
import type { FrameLocator, Page, TestInfo } from '@playwright/test'
import { openStore } from './account-helpers'
import { expect } from './fixtures'
import { shopPath } from '../../protocol/catalog/paths'

export const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', flagged: '4000 0000 0000 9235' }

/** An address no earlier run or other test has used (the database is shared by the whole run). */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${Date.now()}-${testInfo.repeatEachIndex}@buyers.test`
}

/** An active Console Ninja coupon for this run only, in the server's store (a coupon redeems once). */
export function addActiveCoupon(code: string, months: number) {
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

export type Details = {
  type: 'Personal' | 'Organization'
  users?: number
  billing?: 'Monthly' | 'Annually'
  name: string
  email: string
  zip?: string
}

/** Fills the purchase form and presses Continue; returns where the payment form is (the frame, or this page). */
export async function continueToPayment(
  page: Page,
  js: boolean,
  product: string,
  details: Details,
): Promise<Page | FrameLocator> {
  await page.goto(shopPath(product))
  await page.getByRole('radio', { name: details.type, exact: true }).check()
  if (details.billing) await page.getByRole('radio', { name: details.billing, exact: true }).check()
  if (details.users) await page.getByRole('combobox', { name: 'Users' }).selectOption(String(details.users))
  if (!js) await page.getByRole('button', { name: 'Update price' }).click()
  const nameLabel = details.type === 'Organization' ? 'Company name' : 'Name'
  await page.getByRole('textbox', { name: nameLabel, exact: true }).fill(details.name)
  await page.getByRole('textbox', { name: 'Email' }).fill(details.email)
  await page.getByRole('textbox', { name: 'Zip/Post code' }).fill(details.zip ?? '10001')
  await page.getByRole('button', { name: 'Continue' }).click()
  if (js) {
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible()
    const frame = page.frameLocator('iframe[title="Checkout"]')
    await expect(frame.getByRole('heading', { name: 'Checkout' })).toBeVisible()
    // The frame wears the page's theme and is sized to its page: nothing scrolls inside it, and the page's own
    // scrolling brings Pay into view.
    await expect(frame.locator('html')).toHaveClass('dark')
    const iframe = page.locator('iframe[title="Checkout"]')
    await expect
      .poll(async () => {
        const inner = await frame.locator('html').evaluate((html) => html.scrollHeight)
        return (await iframe.evaluate((element) => element.clientHeight)) >= inner
      })
      .toBe(true)
    const payButton = frame.getByRole('button', { name: /^Pay / })
    await payButton.scrollIntoViewIfNeeded()
    await expect(payButton).toBeInViewport()
    await expectDetailsNotAskedAgain(frame, details)
    return frame
  }
  await page.waitForURL((url) => url.pathname === '/sandbox/checkout')
  // The hosted checkout wears the portal's theme too.
  await expect(page.locator('html')).toHaveClass('dark')
  await expectDetailsNotAskedAgain(page, details)
  return page
}

/** What the purchase form gave (email, country, zip) is shown on the payment page, not asked for again. */
async function expectDetailsNotAskedAgain(payment: Page | FrameLocator, details: Details) {
  await expect(payment.getByText(`Paying as ${details.email}, United States ${details.zip ?? '10001'}`)).toBeVisible()
  await expect(payment.getByRole('textbox', { name: 'Email address' })).toBeHidden()
  await expect(payment.getByRole('combobox', { name: 'Country' })).toBeHidden()
}

/** Pays on the sandbox's checkout page with a test card. */
export async function pay(payment: Page | FrameLocator, card: string) {
  const year = (new Date().getUTCFullYear() + 3) % 100
  await payment.getByRole('textbox', { name: 'Card number' }).fill(card)
  await payment.getByRole('textbox', { name: 'Expiry date' }).fill(`12/${String(year).padStart(2, '0')}`)
  await payment.getByRole('textbox', { name: 'Security code' }).fill('123')
  await payment.getByRole('button', { name: /^Pay / }).click()
}
