// Two portal instances on one PostgreSQL database, behind a load balancer that sends each request to the next
// instance in turn: a session, an assignment and the outbox made on one are seen on the other, and when one instance
// goes away the other serves on (the harness: instances-helpers.ts).
import crypto from 'node:crypto'
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

// Fail-over is a matter of requests and instances, the same with script on and off: it runs once.
test(
  'an instance killed mid-traffic loses no acknowledged write, and the other serves on',
  { tag: '@once' },
  async ({ page, js }) => {
    // The write the killed instance held may have reserved its key there: its retry waits up to 10 s for that
    // reservation before it is answered, on top of two instances' worth of work.
    test.setTimeout(60_000)
    await signIn(page, 'olivia@acme.test')
    // A stream of writes (each adds a Company Manager to Acme Corp), one every 30 ms, through the balancer. One instance
    // is killed the moment it has been sent its third write, before it answers: the request it held is sent on to the
    // other instance with the same idempotency key, as a user's retry would be.
    const stamp = `${js ? 'js' : 'nojs'}-${Date.now()}`
    const emails = Array.from({ length: 24 }, (_, i) => `killed-${stamp}-${i}@staff.test`)
    const addManager = (email: string) =>
      page.request
        .post(`${running().origin}/manage`, {
          form: { intent: 'add-permission', company: 'acme', email, role: '4', idempotencyKey: crypto.randomUUID() },
          maxRedirects: 0,
          failOnStatusCode: false,
          timeout: 30_000,
        })
        .then((answer) => ({ email, status: answer.status() }))
        .catch(() => ({ email, status: 0 }))
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    const gone = running().instances[0]!
    const exited = new Promise((resolve) => gone.process.once('exit', resolve))
    let writesSent = 0
    running().onForwarded((instance, method) => {
      if (instance === gone && method === 'POST' && ++writesSent === 3) gone.process.kill('SIGKILL')
    })
    const writes = emails.map((email, i) => pause(i * 30).then(() => addManager(email)))
    const answers = await Promise.all(writes)
    running().onForwarded(null)
    await exited
    expect(writesSent).toBeGreaterThanOrEqual(3)

    // A write is acknowledged by its redirect back to the Permissions dialog.
    const acknowledged = answers.filter((answer) => answer.status === 302).map((answer) => answer.email)
    // A write the killed instance held may have been carried out there before it died: its retry is then refused as a
    // repeat and goes unacknowledged, though stored. Every write sent after the kill is acknowledged.
    expect(acknowledged).toEqual(expect.arrayContaining(emails.slice(-16)))
    const client = new pg.Client({ connectionString: running().database.url })
    await client.connect()
    try {
      const stored = await client.query<{ email: string }>(
        `select email from company_permissions where company_id = 'acme' and email like $1`,
        [`killed-${stamp}-%`],
      )
      const emailsStored = stored.rows.map((row) => row.email)
      for (const email of acknowledged) expect(emailsStored, `${email} was acknowledged`).toContain(email)
      // Nothing was added twice, retried or not.
      expect(new Set(emailsStored).size).toBe(emailsStored.length)
      // The assignment acknowledged before (in the first test of this run) is still there.
      const assigned = await client.query(
        `select count(*)::int as n from licenses where assigned_to like 'instances-%'`,
      )
      expect((assigned.rows[0] as { n: number }).n).toBeGreaterThan(0)
    } finally {
      await client.end()
    }
    // Pages, the session and new writes are served by the instance that is left.
    await page.goto(`${running().origin}/manage?dialog=permissions&company=acme`)
    // The row, not the notice: the last write's notice may still be waiting in the session.
    await expect(page.getByRole('rowheader', { name: emails[emails.length - 1]! })).toBeVisible()
  },
)
