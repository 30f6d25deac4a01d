// A company subscription of 2,000 seats on /manage: its card and the company heading count every seat (the service
// counts them), while the page carries only the few licenses that decide the subscription's state.
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'
import { addSubscription, createOwner, subscriptionRow } from './subscriptions-helpers'

const SEATS = 2_000
const ASSIGNED = 700
/** A count as the page writes it: "2,000". */
const n = (count: number) => count.toLocaleString('en-US')

test('a 2,000-seat subscription: the card and the heading count every seat; the page holds none of them', async ({
  page,
  js,
}) => {
  const owner = createOwner('large', js)
  const seats = Array.from({ length: SEATS }, (_, i) => (i < ASSIGNED ? { assignedTo: `seat${i}@subs.test` } : {}))
  const subscription = addSubscription(owner, { seats, expiresIn: 200 })
  await signIn(page, owner.email)

  const company = page.getByRole('region', { name: owner.companyName, exact: true })
  const card = subscriptionRow(company, subscription.id)
  await expect(card).toContainText(`${n(SEATS)} licenses, ${n(ASSIGNED)} assigned, ${n(SEATS - ASSIGNED)} unused`)
  await expect(card).toContainText(/Expires \w+ \d{1,2}, \d{4}\./)
  await expect(
    card.getByRole('link', { name: new RegExp(`^Manage assignments of .*\\(subscription ${subscription.id}\\)$`) }),
  ).toBeVisible()
  // A company without licenses outside its subscription: the heading counts none of them.
  await expect(company.getByText(/subscriptions? with/)).toHaveText(
    `1 subscription with ${n(SEATS - ASSIGNED)} unused licenses`,
  )
  // The page (its markup and, with script, its data) names at most the holders of the licenses that decide the state.
  const holders = new Set((await page.content()).match(/seat\d+@subs\.test/g) ?? [])
  expect(holders.size).toBeLessThanOrEqual(3)
  await expectNoAxeViolations(page, 'Manage Licenses with a 2,000-seat subscription')
})
