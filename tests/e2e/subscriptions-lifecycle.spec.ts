// Subscription lifecycle on /manage: pause and resume, cancel, upgrade, restart — each a dialog that states
// its consequence before confirming, with script and without. Every test makes its own company and subscriptions.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'
import {
  addSubscription,
  createOwner,
  dialog,
  expectClosed,
  restartFromRow,
  storedSubscription,
  subscriptionRow,
} from './subscriptions-helpers'

/** The sentence the last change ended with (the status message's panel). */
const said = (page: Page) => page.getByRole('status').filter({ has: page.locator('.status-message__panel') })

test('pause, then resume a subscription; each dialog says what will happen first', async ({ page, js }) => {
  const owner = createOwner('pause', js)
  const sub = addSubscription(owner, {
    seats: [{ assignedTo: 'dev@subs.test' }, {}],
    expiresIn: 200,
    nextPaymentIn: 200,
  })
  await signIn(page, owner.email)
  const row = subscriptionRow(page, sub.id)
  await expect(row.getByText('Active, auto-renew on')).toBeVisible()
  // With script, the card's links and the dialogs' forms go through the router: the document is never reloaded.
  if (js) await page.evaluate(() => Object.assign(window, { sameDocument: true }))

  await row.getByRole('link', { name: new RegExp(`^Pause .*\\(subscription ${sub.id}\\)$`) }).click()
  const pause = dialog(page, js, 'Pause Subscription')
  await expect(pause).toContainText('Pausing turns auto-renew off: the payment of $232 due')
  await expect(pause).toContainText('will not be taken')
  await expectNoAxeViolations(page, 'Pause Subscription dialog')
  await pause.getByRole('button', { name: 'Pause Subscription' }).click()
  await expectClosed(page, js, 'Pause Subscription')
  await expect(row.getByText('Paused', { exact: true })).toBeVisible()
  // The change ends with a sentence naming the subscription by what it is, and the page is back at its card.
  await expect(said(page)).toContainText(
    /^Paused .+, 2 seats: auto-renew is off, and nothing is charged until you resume it\./,
  )
  await expect(page).toHaveURL(new RegExp(`#subscription-${sub.id}$`))
  await expect(row).not.toContainText('Next payment')
  expect(storedSubscription(sub.id).subscription).toMatchObject({ state: 'paused', next_payment_date: null })

  await row.getByRole('link', { name: new RegExp(`^Resume .*\\(subscription ${sub.id}\\)$`) }).click()
  const resume = dialog(page, js, 'Resume Subscription')
  await expect(resume).toContainText('Resuming turns auto-renew back on')
  await expect(resume).toContainText('Nothing is charged now.')
  await expectNoAxeViolations(page, 'Resume Subscription dialog')
  await resume.getByRole('button', { name: 'Resume Subscription' }).click()
  await expectClosed(page, js, 'Resume Subscription')
  await expect(row.getByText('Active, auto-renew on')).toBeVisible()
  await expect(row).toContainText('Next payment $232')
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true)).toBe(js)
})

test('cancel a subscription: irreversible, stated first; keeping it changes nothing', async ({ page, js }) => {
  const owner = createOwner('cancel', js)
  const sub = addSubscription(owner, { seats: [{ assignedTo: 'dev@subs.test' }], expiresIn: 90 })
  await signIn(page, owner.email)
  const row = subscriptionRow(page, sub.id)
  const cancelLink = row.getByRole('link', { name: new RegExp(`^Cancel .*\\(subscription ${sub.id}\\)$`) })

  await cancelLink.click()
  const cancel = dialog(page, js, 'Cancel Subscription', 'alertdialog')
  await expect(cancel).toContainText('Cancelling is irreversible')
  await expect(cancel).toContainText('Its licenses keep working until')
  await expectNoAxeViolations(page, 'Cancel Subscription dialog')
  await cancel.getByRole('link', { name: 'Keep Subscription' }).click()
  await expectClosed(page, js, 'Cancel Subscription', 'alertdialog')
  expect(storedSubscription(sub.id).subscription.state).toBe('active')

  await cancelLink.click()
  await cancel.getByRole('button', { name: 'Cancel Subscription' }).click()
  await expectClosed(page, js, 'Cancel Subscription', 'alertdialog')
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible()
  await expect(said(page)).toContainText(/^Cancelled .+, 1 seat: it will not renew, and its licenses keep working/)
  await expect(cancelLink).toHaveCount(0)
  await expect(row.getByRole('link', { name: new RegExp(`^Pause .*\\(subscription ${sub.id}\\)$`) })).toHaveCount(0)
  expect(storedSubscription(sub.id).subscription.state).toBe('deleted')

  // The cancelled subscription's dialog, opened by its address, says it is already cancelled instead of offering it.
  await page.goto(`/manage?dialog=subscription-cancel&subscription=${sub.id}`)
  await expect(dialog(page, js, 'Cancel Subscription', 'alertdialog')).toContainText(
    'This subscription has already been cancelled.',
  )
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0)
})

test('upgrade a monthly subscription to annual billing', async ({ page, js }) => {
  const owner = createOwner('upgrade', js)
  // Monthly, with more than 90 days to expiry (spec §5: upgrade needs an annual period or more than 90 days).
  const sub = addSubscription(owner, {
    billingPeriod: 'month',
    seats: [{ assignedTo: 'dev@subs.test' }, {}],
    expiresIn: 120,
    nextPaymentIn: 10,
  })
  await signIn(page, owner.email)
  const row = subscriptionRow(page, sub.id)
  await expect(row).toContainText('monthly')

  await row
    .getByRole('link', { name: new RegExp(`^Upgrade .*\\(subscription ${sub.id}\\) to annual billing$`) })
    .click()
  const upgrade = dialog(page, js, 'Upgrade to Annual Billing')
  // The sandbox's own price first: a year less the unused month, tax included.
  await expect(upgrade).toContainText(/\$[\d,.]+ is charged now to the Visa card ending 4242, tax included/)
  await expect(upgrade).toContainText('switches from monthly to annual billing')
  await expect(upgrade).toContainText('prorated')
  await expect(upgrade).toContainText('can take a few minutes')
  await expectNoAxeViolations(page, 'Upgrade dialog')
  await upgrade.getByRole('button', { name: 'Upgrade and Pay Now' }).click()
  await expectClosed(page, js, 'Upgrade to Annual Billing')
  // The sandbox confirms at once (its webhook arrives before the answer), so the row is annual already.
  await expect(row).toContainText('yearly')
  await expect(row.getByRole('link', { name: /^Upgrade subscription/ })).toHaveCount(0)
  expect(storedSubscription(sub.id).subscription).toMatchObject({ billing_period: 'year', pending_change: null })
})

test('restart a paused subscription whose paid term has ended: charged now, then renewing', async ({ page, js }) => {
  const owner = createOwner('restart', js)
  const sub = addSubscription(owner, { state: 'paused', seats: [{ assignedTo: 'dev@subs.test' }], expiresIn: -3 })
  await signIn(page, owner.email)
  await restartFromRow(page, js, sub.id)
  expect(Number(storedSubscription(sub.id).licenses[0].expiration)).toBeGreaterThan(Date.now() + 300 * 86_400_000)
})

test('a personal subscription: its holder pauses and resumes it from the Personal section; no company assignments', async ({
  page,
  js,
}) => {
  const owner = createOwner('personal-sub', js)
  const sub = addSubscription(owner, { personal: true, seats: [{}], expiresIn: 200, nextPaymentIn: 200 })
  await signIn(page, owner.email)
  const personal = page.getByRole('region', { name: 'Personal', exact: true })
  const row = subscriptionRow(personal, sub.id)
  await expect(row.getByText('Active, auto-renew on')).toBeVisible()
  // A personal subscription is the holder's own: every billing action, but assignments belong to company ones.
  await expect(row.getByRole('link', { name: new RegExp(`^Cancel .*\\(subscription ${sub.id}\\)$`) })).toBeVisible()
  await expect(
    row.getByRole('link', { name: new RegExp(`^Receipts of .*\\(subscription ${sub.id}\\)$`) }),
  ).toBeVisible()
  await expect(
    row.getByRole('link', { name: new RegExp(`^Manage assignments of .*\\(subscription ${sub.id}\\)$`) }),
  ).toHaveCount(0)
  await expectNoAxeViolations(page, '/manage with a personal subscription')

  // Cancelling says the licenses can still be renewed one by one afterwards; keeping it changes nothing.
  await row.getByRole('link', { name: new RegExp(`^Cancel .*\\(subscription ${sub.id}\\)$`) }).click()
  const cancel = dialog(page, js, 'Cancel Subscription', 'alertdialog')
  await expect(cancel).toContainText('You can still renew its licenses one by one from your license list.')
  await cancel.getByRole('link', { name: 'Keep Subscription' }).click()
  await expectClosed(page, js, 'Cancel Subscription', 'alertdialog')

  await row.getByRole('link', { name: new RegExp(`^Pause .*\\(subscription ${sub.id}\\)$`) }).click()
  const pause = dialog(page, js, 'Pause Subscription')
  await pause.getByRole('button', { name: 'Pause Subscription' }).click()
  await expectClosed(page, js, 'Pause Subscription')
  await expect(row.getByText('Paused', { exact: true })).toBeVisible()
  expect(storedSubscription(sub.id).subscription).toMatchObject({ state: 'paused', company_id: null })

  await row.getByRole('link', { name: new RegExp(`^Resume .*\\(subscription ${sub.id}\\)$`) }).click()
  await dialog(page, js, 'Resume Subscription').getByRole('button', { name: 'Resume Subscription' }).click()
  await expectClosed(page, js, 'Resume Subscription')
  await expect(row.getByText('Active, auto-renew on')).toBeVisible()
  expect(storedSubscription(sub.id).subscription.state).toBe('active')
})
