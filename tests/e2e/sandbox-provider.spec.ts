// The sandbox payment provider's own pages: checkout, outcome, receipt, review and update-payment pages,
// each accessible and working without script; with script, the checkout page tells the page that frames it what
// happened (postMessage, Paddle.js v1's event shapes).
import Database from 'better-sqlite3'
import path from 'node:path'
import type { Page, TestInfo } from '@playwright/test'
import { dataDir, expect, expectNoAxeViolations, signIn, test } from './fixtures'

const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', flagged: '4000 0000 0000 9235' }

function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${Date.now()}@sandbox-provider.test`
}

function checkoutUrl(email: string, quantity = 2): string {
  const params = new URLSearchParams({
    product: 'wallaby-organization-year',
    quantity: String(quantity),
    email,
    country: 'US',
    postcode: '10001',
    passthrough: JSON.stringify({ name: `Team of ${email}` }),
  })
  return `/sandbox/checkout?${params}`
}

async function fillCard(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry date').fill(`12/${(new Date().getUTCFullYear() + 3) % 100}`)
  await page.getByLabel('Security code').fill('123')
}

/** Reads the server's store (read-only) for what a page does not show. */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(dataDir(), 'licensing.db'), { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

test('pays on the checkout page, shows the outcome and the receipt', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'pays')
  await page.goto(checkoutUrl(email))
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(page.getByText('Wallaby.js Organization, yearly')).toBeVisible()
  await expectNoAxeViolations(page, 'sandbox checkout')

  // Errors are named beside their fields.
  await page.getByRole('button', { name: 'Pay $232' }).click()
  await expect(page.getByText('Card number must be provided.').first()).toBeVisible()
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, 'sandbox checkout with errors')

  await fillCard(page, CARDS.success)
  await page.getByRole('button', { name: 'Pay $232' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeVisible()
  await expectNoAxeViolations(page, 'sandbox payment complete')
  const licenses = query<{ n: number }>(
    `select count(*) as n from licenses l join orders o on o.id = l.order_id where o.customer_email = ?`,
    email,
  )
  expect(licenses[0].n).toBe(2)

  await page.getByRole('link', { name: 'View the receipt' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible()
  await expect(page.getByText(`Team of ${email}`)).toBeVisible()
  await expectNoAxeViolations(page, 'sandbox receipt')
})

test('a declined card stays in the payment form; a flagged one waits for the review page', async ({
  page,
}, testInfo) => {
  const declined = uniqueEmail(testInfo, 'declined')
  await page.goto(checkoutUrl(declined, 1))
  await fillCard(page, CARDS.declined)
  await page.getByRole('button', { name: /^Pay / }).click()
  // The form again: the decline said at the card number, with what to do; all but the card number kept.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  const cardNumber = page.getByRole('textbox', { name: 'Card number' })
  await expect(cardNumber).toHaveAccessibleDescription(
    'Your card was declined by your bank. No payment was taken. Try another card, or ask your bank.',
  )
  await expect(cardNumber).toHaveValue('')
  await expect(page.getByRole('textbox', { name: 'Expiry date' })).not.toHaveValue('')
  await expectNoAxeViolations(page, 'sandbox payment declined')
  await cardNumber.fill(CARDS.success)
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeVisible()
  expect(query<{ n: number }>(`select count(*) as n from orders where customer_email = ?`, declined)[0].n).toBe(1)

  const flagged = uniqueEmail(testInfo, 'flagged')
  await page.goto(checkoutUrl(flagged, 1))
  await fillCard(page, CARDS.flagged)
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Order under review' })).toBeVisible()
  await expectNoAxeViolations(page, 'sandbox order under review')

  // The review is a platform administrator's (the server runs as in production).
  const review = await page.getByRole('link', { name: 'review page' }).getAttribute('href')
  await signIn(page, 'root@vendor.test')
  await page.goto(review!)
  await expect(page.getByRole('heading', { level: 1, name: 'Order review' })).toBeVisible()
  await expectNoAxeViolations(page, 'sandbox review')
  await page
    .getByRole('button', { name: new RegExp(`^Approve the order of ${flagged.replace(/[.+]/g, '\\$&')}`) })
    .click()
  await expect(page.getByRole('status')).toContainText('was approved')
  const orders = query<{ n: number }>(`select count(*) as n from orders where customer_email = ?`, flagged)
  expect(orders[0].n).toBe(1)
})

test('updates the payment method of a subscription', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'card')
  await page.goto(checkoutUrl(email, 1))
  await fillCard(page, CARDS.success)
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeVisible()
  const [subscription] = query<{ update_url: string }>(
    `select s.update_url from subscriptions s join orders o on o.id = s.order_id where o.customer_email = ?`,
    email,
  )
  await page.goto(subscription.update_url)
  await expect(page.getByRole('heading', { level: 1, name: 'Update payment method' })).toBeVisible()
  await expectNoAxeViolations(page, 'sandbox update payment')
  await fillCard(page, '4000 0000 0000 0341')
  await page.getByRole('button', { name: 'Update payment method' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment method updated' })).toBeVisible()
  await expect(page.getByText('Future payments are charged to Visa ending in 0341')).toBeVisible()
  await expectNoAxeViolations(page, 'sandbox payment method updated')
})

test('in a frame, posts the checkout events to the page that opened it (without script: pays as a plain form)', async ({
  page,
  js,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'framed')
  if (!js) {
    // The events need script; without it the same page is a plain form that takes the payment.
    await page.goto(checkoutUrl(email, 3))
    await page.getByLabel('Card number').fill(CARDS.success)
    await page.getByLabel('Expiry date').fill(`12/${(new Date().getUTCFullYear() + 3) % 100}`)
    await page.getByLabel('Security code').fill('123')
    await page.getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible()
    return
  }
  await page.goto('/sandbox/review')
  await page.evaluate(
    (src) => {
      const w = window as unknown as { sandboxEvents: unknown[] }
      w.sandboxEvents = []
      window.addEventListener('message', (message) => {
        if (message.origin === window.location.origin) w.sandboxEvents.push(message.data)
      })
      const frame = document.createElement('iframe')
      frame.title = 'Checkout'
      frame.src = src
      frame.height = '450'
      document.body.append(frame)
    },
    checkoutUrl(email, 3),
  )
  const allEvents = () =>
    page.evaluate(() => (window as unknown as { sandboxEvents: Array<{ event: string; data: any }> }).sandboxEvents) // eslint-disable-line @typescript-eslint/no-explicit-any
  // The page tells its height (Checkout.Resize) so that the framing page can size the frame; the rest follow Paddle.
  const events = async () => (await allEvents()).filter((e) => e.event !== 'Checkout.Resize')
  await expect.poll(async () => (await events()).map((e) => e.event)).toEqual(['Checkout.Loaded'])
  await expect
    .poll(async () => (await allEvents()).some((e) => e.event === 'Checkout.Resize' && e.data.height > 0))
    .toBe(true)
  const [loaded] = await events()
  expect(loaded).toMatchObject({
    source: 'sandbox-checkout',
    data: {
      checkout: { completed: false, prices: { customer: { currency: 'USD', total: '348.00', total_tax: '0.00' } } },
      user: { email, country: 'US', postcode: '10001' },
      product: { id: 'wallaby-organization-year', quantity: 3 },
    },
  })

  const frame = page.frameLocator('iframe[title="Checkout"]')
  // The details the shop passed are shown, not asked again; Change opens them.
  await expect(frame.getByText(`Paying as ${email}, United States 10001`)).toBeVisible()
  await frame.locator('summary', { hasText: 'Change' }).click()
  await frame.getByLabel('Zip/Post code').fill('94107')
  await frame.getByLabel('Card number').click()
  await expect.poll(async () => (await events()).map((e) => e.event)).toContain('Checkout.Customer.Details')

  await frame.getByLabel('Card number').fill(CARDS.success)
  await frame.getByLabel('Expiry date').fill(`12/${(new Date().getUTCFullYear() + 3) % 100}`)
  await frame.getByLabel('Security code').fill('123')
  await frame.getByRole('button', { name: /^Pay / }).click()
  await expect(frame.getByRole('heading', { name: 'Payment complete' })).toBeVisible()
  await expect.poll(async () => (await events()).map((e) => e.event)).toContain('Checkout.Complete')
  const complete = (await events()).find((e) => e.event === 'Checkout.Complete')!
  expect(complete.data.checkout).toMatchObject({ id: loaded.data.checkout.id, completed: true })
  expect(complete.data.user.postcode).toBe('94107')
})
