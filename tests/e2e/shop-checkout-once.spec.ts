// A checkout is paid once. After a completed checkout, Back, a reload or a second tab shows the order's outcome ("This
// order is already complete", with the way to the licenses), never a second payment form, and the store holds one
// order for the purchase. Without script Back lands on the provider's hosted checkout page; with script on the
// purchase page. An order rejected in review offers a new checkout with what was typed kept.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, serverURL, signIn, test } from './fixtures'
import { storeRows } from './manage-demo-store'
import { CARDS, continueToPayment, pay, uniqueEmail } from './shop-helpers'

const ALREADY = 'This order is already complete'

/** The orders the store holds for a buyer's address. */
const ordersOf = (email: string) => storeRows<{ id: string }>('SELECT id FROM orders WHERE customer_email = ?', email)

/** Buys 3 Wallaby.js organization licenses for `email` and waits for the thank-you page; answers the checkout's page. */
async function buy(page: Page, js: boolean, email: string, company: string): Promise<string> {
  const payment = await continueToPayment(page, js, 'wallaby', { type: 'Organization', users: 3, name: company, email })
  const checkoutPage = page.url()
  await pay(payment, CARDS.success)
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
  expect(ordersOf(email)).toHaveLength(1)
  return checkoutPage
}

test('Back after a completed checkout shows the outcome and creates no second order', async ({
  page,
  js,
}, testInfo) => {
  // A purchase, then a page or two more, each scanned.
  test.slow()
  const email = uniqueEmail(testInfo, 'back')
  await buy(page, js, email, `Back Corp ${testInfo.project.name}`)
  await page.goBack()
  if (js) {
    // The purchase page: the order, not the form.
    await expect(page.getByRole('heading', { name: ALREADY })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to your licenses' })).toHaveAttribute('href', '/manage')
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)
    await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(0)
    await expectNoAxeViolations(page, 'purchase page after a completed checkout')
  } else {
    // The provider's checkout page of the same checkout: its outcome, no card fields.
    await expect(page.getByRole('heading', { name: ALREADY })).toBeVisible()
    await expect(page.getByText('Nothing more was charged.')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0)
    await expectNoAxeViolations(page, 'hosted checkout reopened after it was paid')
    await page.goBack()
    // The purchase form before it (a page the browser may show from its cache): Continue is refused.
    if (await page.getByRole('button', { name: 'Continue' }).isVisible()) {
      await page.getByRole('button', { name: 'Continue' }).click()
    }
    await expect(page.getByRole('heading', { name: ALREADY })).toBeVisible()
    await expectNoAxeViolations(page, 'purchase page after a completed checkout')
  }
  expect(ordersOf(email)).toHaveLength(1)
})

test('a reload after a completed checkout shows the outcome and creates no second order', async ({
  page,
  js,
}, testInfo) => {
  // A purchase, then a page or two more, each scanned.
  test.slow()
  const email = uniqueEmail(testInfo, 'reload')
  await buy(page, js, email, `Reload Corp ${testInfo.project.name}`)
  await page.reload()
  await expect(page.getByRole('heading', { name: ALREADY })).toBeVisible()
  await expect(page.getByText(`We have emailed your license details to ${email}.`)).toBeVisible()
  await expectNoAxeViolations(page, 'thank-you page reloaded')
  expect(ordersOf(email)).toHaveLength(1)
})

test('a second tab after a completed checkout shows the outcome and creates no second order', async ({
  page,
  js,
  context,
}, testInfo) => {
  // A purchase, then a page or two more, each scanned.
  test.slow()
  const email = uniqueEmail(testInfo, 'second-tab')
  const company = `Second Tab Corp ${testInfo.project.name}`
  const checkoutPage = await buy(page, js, email, company)
  const second = await context.newPage()
  await second.goto('/shop/wallaby/buy/')
  await expect(second.getByRole('heading', { name: ALREADY })).toBeVisible()
  await expectNoAxeViolations(second, 'purchase page in a second tab')
  if (!js) {
    // The hosted checkout page itself, opened again in another tab.
    await second.goto(checkoutPage)
    await expect(second.getByRole('heading', { name: ALREADY })).toBeVisible()
    await expect(second.getByRole('textbox', { name: 'Card number' })).toHaveCount(0)
  }
  expect(ordersOf(email)).toHaveLength(1)

  // Another purchase, on purpose: the form again, with what was typed last time.
  await second.goto('/shop/wallaby/buy/')
  await second.getByRole('button', { name: 'Start a new purchase' }).click()
  await expect(second.getByRole('button', { name: 'Continue' })).toBeVisible()
  await expect(second.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(company)
  await expect(second.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await expect(second.getByRole('combobox', { name: 'Users' })).toHaveValue('3')
  await second.close()
})

test('an order rejected in review offers a new checkout with what was typed kept', async ({
  page,
  js,
  browser,
}, testInfo) => {
  // A purchase, then a page or two more, each scanned.
  test.slow()
  const email = uniqueEmail(testInfo, 'rejected-again')
  const payment = await continueToPayment(page, js, 'wallaby', {
    type: 'Organization',
    users: 4,
    name: 'Rejected Again Corp',
    email,
    zip: '94107',
  })
  await pay(payment, CARDS.flagged)
  await expect(page.getByRole('heading', { name: 'Your order is being reviewed' })).toBeVisible()
  // A platform administrator rejects it on the sandbox's review page (the server runs as in production).
  const reviewer = await browser.newContext({ baseURL: serverURL(), javaScriptEnabled: js })
  try {
    const review = await reviewer.newPage()
    await signIn(review, 'root@vendor.test')
    await review.goto('/sandbox/review')
    await review
      .getByRole('button', { name: new RegExp(`^Reject the order of ${email.replace(/[.+]/g, '\\$&')}`) })
      .click()
    await expect(review.getByRole('status')).toContainText('was rejected')
  } finally {
    await reviewer.close()
  }
  // Back at the shop: the order failed, and Try again opens the form as it was.
  await page.goto('/shop/wallaby/buy/')
  await expect(page.getByRole('heading', { name: 'Something went wrong with your checkout' })).toBeVisible()
  await expectNoAxeViolations(page, 'checkout failed')
  await page.getByRole('link', { name: 'Try again' }).click()
  await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue('Rejected Again Corp')
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await expect(page.getByRole('textbox', { name: 'Zip/Post code' })).toHaveValue('94107')
  await expect(page.getByRole('combobox', { name: 'Users' })).toHaveValue('4')
  await expect(page.getByRole('radio', { name: 'Organization', exact: true })).toBeChecked()
  await expectNoAxeViolations(page, 'purchase form after a failed checkout')
  expect(ordersOf(email)).toHaveLength(0)
})
