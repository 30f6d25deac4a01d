// Seats of a subscription on /manage: reduce the quantity choosing the addresses whose licenses lapse, and
// manage assignments (the subscription bulk assign), with script and without. Every test makes its own company.
import { escapeRegExp, expect, expectNoAxeViolations, signIn, test } from './fixtures'
import {
  addSubscription,
  createOwner,
  dialog,
  expectClosed,
  storedSubscription,
  subscriptionRow,
} from './subscriptions-helpers'

test('reduce the quantity, choosing exactly as many addresses to lapse as asked', async ({ page, js }) => {
  const owner = createOwner('quantity', js)
  const sub = addSubscription(owner, {
    seats: [{ assignedTo: 'ann@subs.test' }, { assignedTo: 'bob@subs.test' }, { assignedTo: 'cat@subs.test' }],
    expiresIn: 150,
  })
  await signIn(page, owner.email)
  const row = subscriptionRow(page, sub.id)
  await expect(row).toContainText('3 licenses, 3 assigned')

  await row.getByRole('link', { name: new RegExp(`^Change quantity of .*\\(subscription ${sub.id}\\)$`) }).click()
  const quantity = dialog(page, js, 'Change Quantity')
  await expect(quantity).toContainText('The subscription has 3 seats: it renews 3 licenses.')
  await quantity.getByLabel(/Number of licenses/).fill('1')
  if (!js) await quantity.getByRole('button', { name: 'Review' }).click()
  await expect(quantity).toContainText(/Nothing is charged now\. The next payment is \$116 on /)
  await expect(quantity).toContainText('The change takes effect at the next billing cycle')
  await expect(quantity).toContainText('2 licenses will lapse')
  await expect(quantity).toContainText('choose the 2 addresses whose licenses lapse')
  await expectNoAxeViolations(page, 'Change Quantity dialog')

  // One address is not enough: the spec's message, and nothing changes.
  await quantity.getByRole('checkbox', { name: 'bob@subs.test' }).check()
  await quantity.getByRole('button', { name: 'Change Quantity' }).click()
  await expect(quantity.getByText('2 distinct email addresses must be specified to Continue.')).toBeVisible()
  expect(storedSubscription(sub.id).subscription.quantity).toBe(3)

  await quantity.getByRole('checkbox', { name: 'cat@subs.test' }).check()
  await expect(quantity.getByRole('checkbox', { name: 'bob@subs.test' })).toBeChecked()
  await quantity.getByRole('button', { name: 'Change Quantity' }).click()
  await expectClosed(page, js, 'Change Quantity')
  await expect(row).toContainText('3 licenses until the term ends, 1 renews and 2 lapse, 3 assigned')
  const stored = storedSubscription(sub.id)
  expect(stored.subscription.quantity).toBe(1)
  expect(stored.licenses.map((l) => [l.assigned_to, l.lapsing])).toEqual([
    ['ann@subs.test', 0],
    ['bob@subs.test', 1],
    ['cat@subs.test', 1],
  ])
})

test('manage assignments: the plan is shown before Update, errors disable it', async ({ page, js }) => {
  const owner = createOwner('assign', js)
  const sub = addSubscription(owner, { seats: [{ assignedTo: 'old@subs.test' }, {}, {}], expiresIn: 150 })
  await signIn(page, owner.email)
  const row = subscriptionRow(page, sub.id)
  await row.getByRole('link', { name: new RegExp(`^Manage assignments of .*\\(subscription ${sub.id}\\)$`) }).click()
  const assign = dialog(page, js, 'Manage Assignments')
  const emails = assign.getByLabel(/^Email addresses/)
  await expect(emails).toHaveValue('old@subs.test')
  await expectNoAxeViolations(page, 'Manage Assignments dialog')

  const preview = async () => {
    if (!js) await assign.getByRole('button', { name: 'Preview' }).click()
  }
  // Four addresses for three licenses: the spec's error, and no Update.
  await emails.fill('one@subs.test, two@subs.test; three@subs.test\nfour@subs.test')
  await preview()
  await expect(assign.getByText('Error: not enough licenses available.')).toBeVisible()
  if (js) await expect(assign.getByRole('button', { name: 'Update' })).toBeDisabled()
  else await expect(assign.getByRole('button', { name: 'Update' })).toHaveCount(0)

  await emails.fill('NEW1@subs.test; new2@subs.test,new1@subs.test')
  await preview()
  await expect(assign.getByText('1 license will be unassigned and 2 licenses will be assigned.')).toBeVisible()
  await assign.getByRole('button', { name: 'Update' }).click()
  await expectClosed(page, js, 'Manage Assignments')
  await expect(row).toContainText('3 licenses, 2 assigned, 1 unused')
  const holders = storedSubscription(sub.id)
    .licenses.map((l) => l.assigned_to)
    .filter(Boolean)
    .sort()
  expect(holders).toEqual(['new1@subs.test', 'new2@subs.test'])
  // The new holders were told (the checkbox starts on: sendEmailOnAssign defaults to true).
  await page.goto('/dev/outbox')
  await expect(
    page.getByRole('article', {
      name: new RegExp(
        `^Mail to new1@subs\\.test: The company "${escapeRegExp(owner.companyName)}" has assigned you a license`,
      ),
    }),
  ).toHaveCount(1)
})
