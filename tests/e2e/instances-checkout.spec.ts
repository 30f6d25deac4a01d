// The sandbox checkout across two portal instances on one PostgreSQL: the purchase page and the checkout are opened
// through instance a, the payment (and, without script, the return to the shop) goes through instance b, and the
// order's licenses are seen through both. Nothing of the checkout lives in one instance's memory or data folder.
import type { FrameLocator, Page } from '@playwright/test'
import { uniqueEmail } from './company-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { signInThrough, runOnCluster } from './instances-helpers'

const running = runOnCluster()

/** Fills the organization purchase form on the shop and presses Continue; returns where the payment form is. */
async function openCheckout(page: Page, js: boolean, company: string, email: string): Promise<Page | FrameLocator> {
  await page.goto('/shop/wallaby/buy/')
  await page.getByRole('radio', { name: 'Organization', exact: true }).check()
  await page.getByRole('combobox', { name: 'Users' }).selectOption('3')
  if (!js) await page.getByRole('button', { name: 'Update price' }).click()
  await page.getByRole('textbox', { name: 'Company name', exact: true }).fill(company)
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Zip/Post code' }).fill('10001')
  await page.getByRole('button', { name: 'Continue' }).click()
  if (js) {
    const frame = page.frameLocator('iframe[title="Checkout"]')
    await expect(frame.getByRole('heading', { name: 'Checkout' })).toBeVisible()
    return frame
  }
  await page.waitForURL((url) => url.pathname === '/sandbox/checkout')
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  return page
}

test('a sandbox checkout opened through one instance is paid, returned and fulfilled through the other', async ({
  page,
  js,
}) => {
  // A purchase, its fulfilment and /manage through two servers: more than the default time on a busy machine.
  test.slow()
  const email = uniqueEmail('checkout', js, 'instances.test')
  const company = `Two Instances ${js ? 'js' : 'nojs'} ${Date.now()}`

  running().pin('a')
  const before = running().instances.map((instance) => instance.served)
  const payment = await openCheckout(page, js, company, email)
  expect(running().instances[0]!.served).toBeGreaterThan(before[0]!)
  expect(running().instances[1]!.served).toBe(before[1])
  await expectNoAxeViolations(page, 'sandbox checkout through instance a')

  running().pin('b')
  const year = (new Date().getUTCFullYear() + 3) % 100
  await payment.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await payment.getByRole('textbox', { name: 'Expiry date' }).fill(`12/${String(year).padStart(2, '0')}`)
  await payment.getByRole('textbox', { name: 'Security code' }).fill('123')
  await payment.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('state')).toBe('complete')
  // An organization's purchase: the page says how to hand the seats out.
  await expect(page.getByRole('heading', { name: 'What to do next' })).toBeVisible()
  expect(running().instances[1]!.served).toBeGreaterThan(before[1]!)
  await expectNoAxeViolations(page, 'purchase complete through instance b')

  // The order's licenses, seen through each instance.
  running().pin(null)
  await signInThrough(page, running().origin, email)
  for (const name of ['a', 'b']) {
    running().pin(name)
    await page.goto('/manage')
    const section = page.getByRole('region', { name: company, exact: true })
    await expect(section.getByRole('heading', { level: 2, name: company })).toBeVisible()
    await expect(section.getByText('3 licenses, 0 assigned')).toBeVisible()
  }
  running().pin(null)
})
