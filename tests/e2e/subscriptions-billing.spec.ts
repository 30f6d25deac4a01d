// Billing of a subscription on /manage: the extension offer (CHARGE_ERROR with the sandbox's failing card,
// and a successful one), receipts, and updating the payment method through the provider's page — with script and
// without. Every test makes its own company and subscriptions.
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'
import {
  addSubscription,
  createOwner,
  dialog,
  expectClosed,
  storedSubscription,
  subscriptionRow,
} from './subscriptions-helpers'

const OFFER = { message: 'Extend for 12 months at 20% off', currency: 'USD', priceGross: 92.8, country: 'US' }

test('accept the extension offer with the sandbox’s failing card: CHARGE_ERROR, nothing changes', async ({
  page,
  js,
}) => {
  const owner = createOwner('offer-declined', js)
  // Card 4000 0000 0000 0341: the sandbox keeps it as a payment method, but every charge on it fails.
  const sub = addSubscription(owner, {
    seats: [{ assignedTo: 'dev@subs.test' }],
    expiresIn: 25,
    lastFour: '0341',
    specialOffer: OFFER,
  })
  await signIn(page, owner.email)
  const row = subscriptionRow(page, sub.id)
  await row.getByRole('link', { name: new RegExp(`^Extension offer for .*\\(subscription ${sub.id}\\)$`) }).click()
  const offer = dialog(page, js, 'Subscription Extension')
  await expect(offer).toContainText('Extend for 12 months at 20% off: $92.80')
  await expect(offer).toContainText('The subscription is extended by 12 months')
  await expect(offer).toContainText('$92.80 is charged now to the Visa card ending 0341, tax included.')
  await expect(offer.getByLabel('Country you pay from')).toHaveValue('US')
  await expectNoAxeViolations(page, 'Subscription Extension dialog')

  const before = storedSubscription(sub.id)
  await offer.getByRole('button', { name: 'Accept Offer and Pay $92.80' }).click()
  const failure = offer.getByRole('alert')
  await expect(failure).toContainText('Subscription update FAILED.')
  await expect(failure).toContainText('update the payment method')
  await expectNoAxeViolations(page, 'Subscription Extension dialog with CHARGE_ERROR')
  expect(storedSubscription(sub.id)).toEqual(before)

  // The advice leads to the payment method's dialog.
  await failure.getByRole('link', { name: 'Update payment method' }).click()
  await expect(dialog(page, js, 'Update Payment Method')).toBeVisible()
})

test('accept the extension offer: charged, extended by 12 months, the offer gone', async ({ page, js }) => {
  const owner = createOwner('offer', js)
  const sub = addSubscription(owner, { seats: [{ assignedTo: 'dev@subs.test' }], expiresIn: 25, specialOffer: OFFER })
  const before = Number(storedSubscription(sub.id).licenses[0].expiration)
  await signIn(page, owner.email)
  const row = subscriptionRow(page, sub.id)
  await row.getByRole('link', { name: new RegExp(`^Extension offer for .*\\(subscription ${sub.id}\\)$`) }).click()
  const offer = dialog(page, js, 'Subscription Extension')
  await offer.getByRole('button', { name: 'Accept Offer and Pay $92.80' }).click()
  await expectClosed(page, js, 'Subscription Extension')
  await expect(
    row.getByRole('link', { name: new RegExp(`^Extension offer for .*\\(subscription ${sub.id}\\)$`) }),
  ).toHaveCount(0)
  const after = storedSubscription(sub.id)
  expect(after.subscription.special_offer).toBeNull()
  expect(Number(after.licenses[0].expiration) - before).toBeGreaterThanOrEqual(365 * 86_400_000)
})

test('open the receipts of a subscription and follow one', async ({ page, js, context }) => {
  const owner = createOwner('receipts', js)
  const sub = addSubscription(owner, { seats: [{}, {}], expiresIn: 200 })
  await signIn(page, owner.email)
  await subscriptionRow(page, sub.id)
    .getByRole('link', { name: new RegExp(`^Receipts of .*\\(subscription ${sub.id}\\)$`) })
    .click()
  const receipts = dialog(page, js, 'Receipts')
  const table = receipts.getByRole('table', { name: new RegExp(`^Payments of .*\\(subscription ${sub.id}\\)$`) })
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table).toContainText('$232 USD')
  await expectNoAxeViolations(page, 'Receipts dialog')
  const link = table.getByRole('link', { name: /^Receipt of / })
  if (js) {
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()])
    await tab.waitForLoadState()
    await expect(tab.getByText('232')).not.toHaveCount(0)
    await tab.close()
  } else {
    await link.click()
    await expect(page).toHaveURL(/\/sandbox\/receipts\//)
    await expect(page.getByText('232')).not.toHaveCount(0)
  }
})

test('update the payment method at the provider: the row shows the new card', async ({ page, js }) => {
  const owner = createOwner('card', js)
  const sub = addSubscription(owner, { seats: [{}], expiresIn: 200 })
  await signIn(page, owner.email)
  const row = subscriptionRow(page, sub.id)
  await expect(row).toContainText('Paid with the Visa card ending 4242')
  const update = row.getByRole('link', {
    name: new RegExp(`^Update payment method of .*\\(subscription ${sub.id}\\)$`),
  })
  if (js) {
    // Until the page is hydrated the link is the provider's page, as without script; then it becomes the dialog's
    // address. A click while one replaces the other is lost, so the test waits for the dialog's address.
    await expect(update).toHaveAttribute('href', /^\/manage\?dialog=subscription-payment-method&subscription=/)
    await update.click()
    const overlay = dialog(page, js, 'Update Payment Method')
    await expect(overlay).toContainText('currently charged to the Visa card ending 4242')
    await expectNoAxeViolations(page, 'Update Payment Method dialog')
    const provider = overlay.frameLocator('iframe[title="Update payment method at the payment provider"]')
    // The provider's page wears the portal's theme, as the checkout's frame does.
    await expect(provider.locator('html')).toHaveClass('dark')
    await provider.getByLabel('Card number').fill('4000 0000 0000 0341')
    await provider.getByLabel('Expiry date').fill('12/39')
    await provider.getByLabel('Security code').fill('123')
    await provider.getByRole('button', { name: 'Update payment method' }).click()
    await expect(overlay.locator('[role=status]:not(.status-message)')).toHaveText(
      'Your payment method has been updated.',
    )
    await overlay.getByRole('link', { name: 'Close' }).click()
  } else {
    // Without script the row's link is the provider's own page.
    await expect(update).toHaveAttribute('href', `/sandbox/update-payment/${sub.id}`)
    await update.click()
    await page.getByLabel('Card number').fill('4000 0000 0000 0341')
    await page.getByLabel('Expiry date').fill('12/39')
    await page.getByLabel('Security code').fill('123')
    await page.getByRole('button', { name: 'Update payment method' }).click()
    await page.getByRole('link', { name: 'Back to your account' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    // The dialog's address works without script too: it explains and links to the same page.
    await page.goto(`/manage?dialog=subscription-payment-method&subscription=${sub.id}`)
    const section = dialog(page, js, 'Update Payment Method')
    // The provider's webhook has given the subscription the provider's own update address, in the portal's theme.
    await expect(section.getByRole('link', { name: 'Update payment method at the payment provider' })).toHaveAttribute(
      'href',
      `${String(storedSubscription(sub.id).subscription.update_url)}?theme=dark`,
    )
    await expectNoAxeViolations(page, 'Update Payment Method section')
    await page.goto('/manage')
  }
  await expect(row).toContainText('Paid with the Visa card ending 0341')
  expect(storedSubscription(sub.id).subscription.last_four).toBe('0341')
})
