// What /manage says about subscriptions and counts, on the demo data: the display names of the license tables, the
// counts one definition gives the heading and the rows, "Expired" for a past date, and the demo's paused subscriptions
// whose paid term has ended, which Restart charges at once and then renews.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'
import { storeRow, storeRows } from './manage-demo-store'
import { restartFromRow, subscriptionRow } from './subscriptions-helpers'

const DAY = 86_400_000

/** The id of the demo's subscription of `owner` that `where` (SQL over the subscription and its first license) picks. */
function subscriptionOf(owner: string, where: string): string {
  return storeRow<{ id: string }>(
    `select s.id from subscriptions s join licenses l on l.subscription_id = s.id
     where s.owner = ? and ${where} group by s.id order by s.id limit 1`,
    owner,
  ).id
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test('Acme’s heading adds up what its subscription rows and its license table show', async ({ page }) => {
  await signIn(page, 'olivia@acme.test')
  const acme = section(page, 'Acme Corp')
  const heading = await acme.getByText(/subscriptions? with/).innerText()
  const [subscriptions, unused, licenses, unassigned] = (
    heading.match(
      /^([\d,]+) subscriptions? with ([\d,]+|no) unused licenses? · ([\d,]+) licenses?(?: with ([\d,]+) unassigned and unexpired|, all assigned or expired)$/,
    ) ?? []
  )
    .slice(1)
    .map((count = '0') => count.replace(/,/g, '').replace('no', '0'))
  expect(subscriptions, heading).toBeDefined()

  const cards = acme.getByRole('region', { name: 'Acme Corp subscriptions' }).getByRole('listitem')
  await expect(cards).toHaveCount(Number(subscriptions))
  const rowUnused = (await cards.allInnerTexts()).map((text) =>
    Number(text.match(/, ([\d,]+) unused/)?.[1]?.replace(/,/g, '') ?? 0),
  )
  expect(rowUnused.reduce((a, b) => a + b, 0)).toBe(Number(unused))

  const rows = acme.getByRole('table', { name: 'Acme Corp licenses' }).getByRole('row')
  const texts = (await rows.allInnerTexts()).slice(1)
  expect(texts).toHaveLength(Number(licenses))
  expect(texts.filter((t) => t.includes('Unassigned') && !t.includes('Expired'))).toHaveLength(Number(unassigned))

  // The subscription that keeps a lapsing seat: the four licenses it holds, one of them free.
  const lapsing = subscriptionOf('acme', 's.quantity = 3 and l.lapsing = 1')
  await expect(subscriptionRow(page, lapsing)).toContainText(
    '4 licenses until the term ends, 3 renew and 1 lapses, 3 assigned, 1 unused',
  )
  await expectNoAxeViolations(page, 'Manage Licenses with its counts')
})

test('subscription rows use the display names, and a cancelled one past its expiry reads "Expired"', async ({
  page,
}) => {
  await signIn(page, 'olivia@acme.test')
  const acme = section(page, 'Acme Corp')
  const cards = acme.getByRole('region', { name: 'Acme Corp subscriptions' })
  await expect(cards.getByText(/company license/i)).toHaveCount(0)
  await expect(cards.getByText(/^Wallaby\.js \+ Quokka\.js Organization, yearly, /).first()).toBeVisible()

  await acme.getByRole('link', { name: 'Show inactive subscriptions' }).click()
  await expect(page).toHaveURL(/inactive=show/)
  const ended = subscriptionOf('acme', "s.state = 'deleted' and l.expiration < strftime('%s','now') * 1000")
  const row = subscriptionRow(page, ended)
  await expect(row).toContainText('Cancelled')
  await expect(row).toContainText(/Expired \w+ \d+, \d{4}\./)
  await expect(row).not.toContainText('Expires')
})

test('personal subscriptions count their licenses, with no assignments, under the display name', async ({ page }) => {
  await signIn(page, 'pat@personal.test')
  const personal = page.getByRole('region', { name: 'Personal subscriptions' })
  const cards = personal.getByRole('listitem')
  await expect(cards.first()).toBeVisible()
  for (const text of await cards.allInnerTexts()) {
    expect(text).toMatch(/\d+ licenses?\b/)
    expect(text).not.toContain('assigned')
  }
  const paused = subscriptionOf('pat@personal.test', "s.state = 'paused'")
  await expect(subscriptionRow(page, paused)).toContainText(/Wallaby\.js Personal, monthly, \d+ seats?/)
})

test('the demo’s paused subscription past its paid term offers Restart: charged now, then renewing', async ({
  page,
  js,
}) => {
  // Restarting changes it for good, so each run restarts one of the two the demo has: with script Acme's, as its
  // Company Administrator; without script pat's own.
  const [email, owner, period] = js ? ['olivia@acme.test', 'acme', 365] : ['pat@personal.test', 'pat@personal.test', 30]
  const id = subscriptionOf(owner, "s.state = 'paused' and l.expiration < strftime('%s','now') * 1000")
  const paymentsBefore = storeRows('select id from payments where subscription_id = ?', id).length
  await signIn(page, email)
  const row = subscriptionRow(page, id)
  await expect(row).toContainText('Paused')
  await expect(row).toContainText(/Expired \w+ \d+, \d{4}\./)
  await restartFromRow(page, js, id)
  await expect(row.getByRole('link', { name: new RegExp(`^Restart .*\\(subscription ${id}\\)$`) })).toHaveCount(0)
  expect(storeRows('select id from payments where subscription_id = ?', id).length).toBe(paymentsBefore + 1)
  const licenses = storeRows<{ expiration: number }>('select expiration from licenses where subscription_id = ?', id)
  for (const l of licenses) expect(l.expiration).toBeGreaterThan(Date.now() + (period - 5) * DAY)
})
