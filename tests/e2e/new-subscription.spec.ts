// New Subscription from a company's section on /manage: the company store opens in a new tab for that company, and the
// subscription bought there with the sandbox test card lands in the same company (not in a new one). With script the
// sandbox checkout opens in the inline frame; without script Continue goes to the hosted checkout, which returns to the
// shop. Each run makes its own company and Company Administrator (createOwner), so the two projects never meet.
import path from 'node:path'
import Database from 'better-sqlite3'
import type { FrameLocator, Page } from '@playwright/test'
import { dataDir, escapeRegExp, expect, expectNoAxeViolations, signIn, test } from './fixtures'
import { createOwner } from './subscriptions-helpers'

/** Pays on the sandbox's checkout page with the test card that succeeds. */
async function pay(payment: Page | FrameLocator) {
  const year = (new Date().getUTCFullYear() + 3) % 100
  await payment.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await payment.getByRole('textbox', { name: 'Expiry date' }).fill(`12/${String(year).padStart(2, '0')}`)
  await payment.getByRole('textbox', { name: 'Security code' }).fill('123')
  await payment.getByRole('button', { name: /^Pay / }).click()
}

/** The store's subscriptions owned by `owner`, and the companies `email` holds a role in. */
function stored(owner: string, email: string) {
  const db = new Database(path.join(dataDir(), 'licensing.db'), { readonly: true })
  try {
    return {
      subscriptions: db
        .prepare('select owner, company_id, quantity, state from subscriptions where owner = ?')
        .all(owner) as Array<Record<string, unknown>>,
      companies: (
        db.prepare('select company_id from company_permissions where email = ?').all(email) as Array<{
          company_id: string
        }>
      ).map((r) => r.company_id),
    }
  } finally {
    db.close()
  }
}

test('a Company Administrator buys a New Subscription from the company section; it lands in that company', async ({
  page,
  js,
}) => {
  const owner = createOwner('newsub', js)
  await signIn(page, owner.email)
  const section = page.getByRole('region', { name: owner.companyName, exact: true })
  const link = section.getByRole('link', {
    name: new RegExp(`^New Subscription for ${escapeRegExp(owner.companyName)}`),
  })
  await expect(link).toHaveAttribute('target', '_blank')
  const [store] = await Promise.all([page.waitForEvent('popup'), link.click()])

  // The store says which company the purchase is for, and keeps it when the options change.
  const forCompany = store.getByRole('note').filter({ hasText: `New Subscription for ${owner.companyName}` })
  await expect(forCompany).toBeVisible()
  await expect(store.getByRole('radio', { name: 'Organization' })).toBeChecked()
  const users = store.getByRole('combobox', { name: 'Users' })
  if (js) {
    // The new tab may still be loading its script: a change made before hydration has no handler yet, so choose again
    // until the page has followed it.
    await expect(async () => {
      await users.selectOption('2')
      await expect(store).toHaveURL((url) => url.searchParams.get('quantity') === '2', { timeout: 1_000 })
    }).toPass()
  } else {
    await users.selectOption('2')
    await store.getByRole('button', { name: 'Update price' }).click()
    await expect(store).toHaveURL((url) => url.searchParams.get('quantity') === '2')
  }
  await expect(forCompany).toBeVisible()
  await expect(store.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(owner.companyName)
  await expect(store.getByRole('textbox', { name: 'Email' })).toHaveValue(owner.email)
  await store.getByRole('textbox', { name: 'Zip/Post code' }).fill('10001')
  await expectNoAxeViolations(store, 'buy page for a company')
  await store.getByRole('button', { name: 'Continue' }).click()

  let payment: Page | FrameLocator = store
  if (js) {
    await expect(store.getByRole('heading', { name: 'Payment' })).toBeVisible()
    payment = store.frameLocator('iframe[title="Checkout"]')
    await expect(payment.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  } else {
    await store.waitForURL((url) => url.pathname === '/sandbox/checkout')
  }
  await pay(payment)
  await expect(store.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
  await store.close()

  // Back on /manage: the subscription is in this company's section, and no new company was made.
  await page.reload()
  await expect(section.getByText('1 subscription with 2 unused licenses')).toBeVisible()
  const subscriptions = section.getByRole('region', { name: `${owner.companyName} subscriptions`, exact: true })
  await expect(subscriptions.getByRole('listitem')).toHaveCount(1)
  await expect(subscriptions.getByRole('listitem')).toContainText('Wallaby.js')
  await expect(subscriptions.getByRole('listitem')).toContainText('2 licenses, 0 assigned')
  const after = stored(owner.companyId, owner.email)
  expect(after.subscriptions).toEqual([
    { owner: owner.companyId, company_id: owner.companyId, quantity: 2, state: 'active' },
  ])
  expect(after.companies).toEqual([owner.companyId])
})
