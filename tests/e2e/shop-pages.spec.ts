// The shop's pages around the purchase: the catalog, the FAQ, the upsell preview, the purchase page's
// options and price breakdown and its validation. Runs with script on and off (the two Playwright projects).
import { expect, expectNoAxeViolations, expectNoScript, test } from './fixtures'
import type { Page } from '@playwright/test'

const PRODUCTS = ['Console Ninja PRO', 'Wallaby.js', 'Quokka.js PRO']

/** Chooses the plan's options; without script the price follows on "Update price". */
async function choosePlan(
  page: Page,
  js: boolean,
  plan: { billing: 'Monthly' | 'Annually'; type: 'Personal' | 'Organization'; users?: number },
) {
  await page.getByRole('radio', { name: plan.billing, exact: true }).check()
  await page.getByRole('radio', { name: plan.type, exact: true }).check()
  if (plan.users) await page.getByRole('combobox', { name: 'Users' }).selectOption(String(plan.users))
  if (!js) await page.getByRole('button', { name: 'Update price' }).click()
}

const breakdownRow = (page: Page, label: string) =>
  page
    .getByRole('table', { name: 'Price breakdown' })
    .getByRole('row', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })

test('the shop lists every product with its buy, redeem and FAQ pages', { tag: '@once' }, async ({ page }) => {
  await page.goto('/shop/')
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible()
  for (const name of PRODUCTS) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
    await expect(page.getByRole('link', { name: `Buy ${name}` })).toBeVisible()
    await expect(page.getByRole('link', { name: `Redeem a coupon for ${name}` })).toBeVisible()
    await expect(page.getByRole('link', { name: `${name} FAQ` })).toBeVisible()
  }
  await expectNoScript(page)
  await expectNoAxeViolations(page, 'shop')

  await page.getByRole('link', { name: 'Buy Wallaby.js' }).click()
  await expect(page).toHaveURL(/\/shop\/wallaby\/buy\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Buy Wallaby.js' })).toBeVisible()
})

test('the FAQ page has the seven accordions, which open without script too', { tag: '@once' }, async ({ page }) => {
  await page.goto('/shop/quokka/faq/')
  await expect(page.getByRole('heading', { level: 1, name: 'Quokka.js PRO FAQ' })).toBeVisible()
  const faq = page.getByRole('region', { name: 'Frequently asked questions' })
  const questions = faq.locator('details > summary')
  await expect(questions).toHaveText([
    'What is the difference between PRO and Community?',
    'What is the difference between individual and organization licenses?',
    'How does billing work?',
    'What is your refund policy?',
    'How do I activate my license?',
    'Can I use my license without an internet connection?',
    'Does my subscription renew automatically, and how do I cancel?',
  ])
  const refunds = faq.getByText('Annual subscriptions can be refunded in full within 7 days')
  await expect(refunds).toBeHidden()
  await questions.filter({ hasText: 'What is your refund policy?' }).click()
  await expect(refunds).toBeVisible()
  // The cross-promotion section offers the other products.
  const promotion = page.getByRole('region', { name: 'More tools for faster feedback' })
  await expect(promotion.getByRole('link', { name: 'Buy Wallaby.js' })).toBeVisible()
  await expect(promotion.getByRole('link', { name: 'Buy Quokka.js PRO' })).toHaveCount(0)
  await expectNoScript(page)
  await expectNoAxeViolations(page, 'FAQ')
})

test(
  'the upsell preview shows only the cross-promotion section, without header and footer',
  { tag: '@once' },
  async ({ page }) => {
    await page.goto('/upsellPreview/?product=console-ninja')
    await expect(page.getByRole('region', { name: 'More tools for faster feedback' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Buy Wallaby.js' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Buy Console Ninja PRO' })).toHaveCount(0)
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await expect(page.locator('details')).toHaveCount(0)
    await expectNoScript(page)
    await expectNoAxeViolations(page, 'upsell preview')
  },
)

test('an unknown product is not found', { tag: '@once' }, async ({ page }) => {
  const response = await page.goto('/shop/no-such-product/buy/')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible()
})

test('the purchase page starts annual and individual and shows the price breakdown', async ({ page, js }) => {
  await page.goto('/shop/wallaby/buy/')
  await expect(page.getByRole('radio', { name: 'Annually' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Personal' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Users' })).toBeHidden()
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('US')
  await expect(page.getByTestId('price-per-month')).toHaveText('$4.83')
  await expect(breakdownRow(page, 'Personal, 1 year × 1')).toContainText('$58')
  await expect(breakdownRow(page, 'Total, billed annually')).toContainText('$58')
  // The FAQ is below the page.
  await expect(page.getByRole('region', { name: 'Frequently asked questions' })).toBeVisible()
  await expectNoAxeViolations(page, 'purchase page')

  // With script the price follows a choice at once; without, the page says it is the previous choice's until
  // Update price, whose answer's address holds the plan and the details, never the bot trap's fields.
  const stale = page.getByText('The price above is for your previous choice.')
  await page.getByRole('radio', { name: 'Organization', exact: true }).check()
  if (js) {
    await expect(page.getByTestId('price-per-month')).toHaveText('$9.67')
    await expect(stale).toHaveCount(0)
  } else {
    await expect(stale).toBeVisible()
    await expect(page.getByTestId('price-per-month')).toHaveText('$4.83')
    await expectNoAxeViolations(page, 'purchase page with a choice not priced yet')
  }
  await choosePlan(page, js, { billing: 'Monthly', type: 'Organization', users: 5 })
  await expect(stale).toBeHidden()
  const known = ['billing', 'type', 'quantity', 'country', 'coupon', 'name', 'email', 'zip', 'company']
  expect([...new URL(page.url()).searchParams.keys()].filter((key) => !known.includes(key))).toEqual([])
  await expect(breakdownRow(page, 'Organization, 1 month × 5')).toContainText('$60.50')
  await expect(breakdownRow(page, 'Total, billed monthly')).toContainText('$60.50')
  await expect(page.getByTestId('price-per-month')).toHaveText('$12.10')
  await expect(page.getByRole('textbox', { name: 'Company name' })).toBeVisible()

  // A country with a tax and another currency: the tax under the country's tax name.
  await page.getByRole('combobox', { name: 'Country' }).selectOption('DE')
  if (!js) await page.getByRole('button', { name: 'Update price' }).click()
  await expect(breakdownRow(page, 'MwSt. (19%)')).toBeVisible()
  await expect(breakdownRow(page, 'Total incl. tax, billed monthly')).toContainText('€')
  // Each figure says whether tax is in: the per-user price excludes it, the monthly total includes it.
  const price = page.getByRole('region', { name: 'Price' })
  await expect(price.getByText(/^€[\d,.]+ per user a month, excluding tax$/)).toBeVisible()
  await expect(price.getByText(/^Billed monthly: €[\d,.]+ per month in total incl\. tax\.$/)).toBeVisible()
})

test('the breakdown starts from the undiscounted price and adds up; tax rates are as configured', async ({
  page,
  js,
}) => {
  await page.goto('/shop/wallaby/buy/?country=IN')
  await expect(breakdownRow(page, 'Personal, 1 year × 1')).toContainText('$58')
  await expect(breakdownRow(page, 'Country discount (40%)')).toContainText('−$23.20')
  await expect(breakdownRow(page, 'Subtotal excl. tax')).toContainText('$34.80')
  await expect(breakdownRow(page, 'GST (18%)')).toContainText('$6.26')
  await expect(breakdownRow(page, 'Total incl. tax, billed annually')).toContainText('$41.06')

  // Austria's 20% on a small monthly price comes back from the provider as amounts that divide to 19.9%.
  await page.getByRole('radio', { name: 'Monthly', exact: true }).check()
  await page.getByRole('combobox', { name: 'Country' }).selectOption('AT')
  if (!js) await page.getByRole('button', { name: 'Update price' }).click()
  await expect(breakdownRow(page, 'MwSt. (20%)')).toContainText('€1.11')
  await expect(page.getByRole('table', { name: 'Price breakdown' })).not.toContainText('19.9%')
  await expectNoAxeViolations(page, 'purchase page in Austria')
})

test('the purchase page takes its options from the URL, clamping the quantity to 1..100', async ({ page }) => {
  await page.goto('/shop/quokka/buy/?billing=monthly&type=company&quantity=500&email=team%40example.test')
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Organization' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Users' })).toHaveValue('100')
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('team@example.test')
  await expect(breakdownRow(page, 'Total, billed monthly')).toContainText('$1,210')
})

test('Continue checks the details with the spec’s messages', async ({ page, js }) => {
  await page.goto('/shop/wallaby/buy/?type=company&quantity=2')
  const details = page.getByRole('region', { name: 'Your details' })
  await page.getByRole('textbox', { name: 'Email' }).fill('buyer@example.test')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('textbox', { name: 'Zip/Post code' })).toHaveAccessibleDescription(
    'Zip/Post code must be provided.',
  )
  // §2: a name left empty is the email, so the name is not missing.
  await expect(details.getByText('Company name must be provided.')).toHaveCount(0)
  // The options posted are kept, and so is their price.
  await expect(page.getByRole('radio', { name: 'Organization' })).toBeChecked()
  await expect(breakdownRow(page, 'Organization, 1 year × 2')).toContainText('$232')

  await page.getByRole('radio', { name: 'Personal' }).check()
  if (!js) await page.getByRole('button', { name: 'Update price' }).click()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: 'Email' }).fill('not an email')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('')
  await page.getByRole('button', { name: 'Continue' }).click()
  // The server checks what the browser does, with the same messages: an invalid email stands in for no name.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email address is not valid.')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(
    'Name must be provided.',
  )
  await expectNoAxeViolations(page, 'purchase page with errors')
})
