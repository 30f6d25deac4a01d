// Two portal instances on one PostgreSQL database, behind a load balancer that sends each request to the next
// instance in turn: a session, an assignment and the outbox made on one are seen on the other, and when one instance
// goes away the other serves on (the harness: instances-helpers.ts).
import pg from 'pg'
import { dialog, uniqueEmail } from './company-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { signInThrough, runOnCluster } from './instances-helpers'

const running = runOnCluster()

const signIn = (page: import('@playwright/test').Page, email: string) => signInThrough(page, running().origin, email)

test('a session, an assignment and the outbox are shared by two instances on one PostgreSQL', async ({ page, js }) => {
  await signIn(page, 'olivia@acme.test')
  const table = page.getByRole('table', { name: /Acme Corp/ }).first()
  // Every reload goes to the other instance: the session is known to both.
  for (let i = 0; i < 4; i++) {
    await page.goto(`${running().origin}/manage`)
    await expect(table).toBeVisible()
  }
  expect(running().instances.every((instance) => instance.served > 0)).toBe(true)

  const client = new pg.Client({ connectionString: running().database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string }>(
      `select id from licenses where owner = 'acme' and product_group = 'bundle' and subscription_id is null
         and assigned_to = '' and is_multi_user = 0 and expiration > $1 order by id limit 1`,
      [Date.now()],
    )
    const license = rows[0]!.id
    const assignee = uniqueEmail('instances', js)
    await page.goto(`${running().origin}/manage?dialog=assign&license=${license}&owner=acme`)
    const assign = dialog(page, js, 'Assign License')
    await expect(assign).toBeVisible()
    await expectNoAxeViolations(page, 'Assign License behind the balancer')
    await assign.getByRole('textbox', { name: 'Email' }).fill(assignee)
    await assign.getByRole('button', { name: 'Assign' }).click()
    await expect(assign).toHaveCount(0)
    // Seen through both instances.
    for (let i = 0; i < 2; i++) {
      await page.goto(`${running().origin}/manage?dialog=assign&license=${license}&owner=acme`)
      await expect(dialog(page, js, 'Assign License').getByRole('textbox', { name: 'Email' })).toHaveValue(assignee)
    }
    const stored = await client.query('select assigned_to from licenses where id = $1', [license])
    expect(stored.rows).toEqual([{ assigned_to: assignee }])
  } finally {
    await client.end()
  }
})

test('when one instance goes away, the other serves on and no acknowledged write is lost', async ({ page }) => {
  await signIn(page, 'olivia@acme.test')
  const gone = running().instances[0]!
  gone.process.kill('SIGKILL')
  await new Promise((resolve) => gone.process.once('exit', resolve))
  // Everything now reaches the instance that is left: the session, the page, a new write.
  await page.goto(`${running().origin}/manage`)
  await expect(page.getByRole('table', { name: /Acme Corp/ }).first()).toBeVisible()
  const client = new pg.Client({ connectionString: running().database.url })
  await client.connect()
  try {
    const assigned = await client.query(`select count(*)::int as n from licenses where assigned_to like 'instances-%'`)
    // The assignment acknowledged before (in the first test of this run) is still there.
    expect((assigned.rows[0] as { n: number }).n).toBeGreaterThan(0)
  } finally {
    await client.end()
  }
})
