// Two portal instances on one PostgreSQL database, behind a load balancer that sends each request to the next
// instance in turn: a session, an assignment and the outbox made on one are seen on the other, and when one instance
// goes away the other serves on. The instances have data folders of their own; all they share is the database and the
// secrets of the environment, as a deployment of several machines would.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startPostgres } from '../../scripts/postgres.mjs'
import { dialog, uniqueEmail } from './company-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

const root = fileURLToPath(new URL('../..', import.meta.url))

type Instance = { name: string; port: number; process: ChildProcess; dataDir: string; served: number }
let database: Awaited<ReturnType<typeof startPostgres>>
let instances: Instance[] = []
let balancer: http.Server
let origin: string
/** Called by the balancer once it has sent a request on to an instance (the instance has not answered yet). */
let afterForward: ((instance: Instance, method: string) => void) | null = null

/** Starts build/server.js with the shared configuration and a data folder of its own; resolves once it listens. */
function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-instance-${name}-`))
  const child = spawn(process.execPath, [join(root, 'build/server.js')], {
    cwd: root,
    env: { NODE_ENV: 'production', ...env, PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir, TZ: 'UTC' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const port = output.match(/\(port (\d+)\)/)?.[1]
      if (port) resolve({ name, port: Number(port), process: child, dataDir, served: 0 })
    }
    // Read on to the end: a pipe nobody empties would stop the instance once it is full.
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => reject(new Error(`instance ${name} exited (${code}):\n${output}`)))
  })
}

/** Round robin over the instances still up; a request an instance cannot take goes to the next one, as a balancer's. */
function startBalancer(): Promise<http.Server> {
  let next = 0
  const down = new Set<string>()
  const server = http.createServer((req, res) => {
    const body: Buffer[] = []
    req.on('data', (chunk: Buffer) => body.push(chunk))
    req.on('end', () => {
      const attempt = (tries: number) => {
        const up = instances.filter((candidate) => !down.has(candidate.name))
        const instance = up[next++ % Math.max(1, up.length)]
        if (!instance) return void res.writeHead(502).end()
        const forward = http.request(
          { host: '127.0.0.1', port: instance.port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            instance.served++
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          },
        )
        // An instance that refuses the connection is gone: it leaves the rotation, and the request goes to the next.
        forward.on('error', () => {
          down.add(instance.name)
          if (tries > 1) attempt(tries - 1)
          else res.writeHead(502).end()
        })
        forward.end(Buffer.concat(body))
        afterForward?.(instance, req.method ?? 'GET')
      }
      attempt(instances.length)
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

// The balancer is the server under test here: the harness lets the browser reach its origin only.
// eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture needs from this pattern
test.use({ baseURL: async ({}, use) => use(origin) })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  database = await startPostgres()
  balancer = await startBalancer()
  origin = `http://localhost:${(balancer.address() as { port: number }).port}`
  const { privateKey } = crypto.generateKeyPairSync('ed25519')
  const secret = () => crypto.randomBytes(48).toString('base64')
  const shared = {
    NODE_ENV: 'production',
    PUBLIC_URL: origin,
    DATABASE_URL: database.url,
    SESSION_SECRET: secret(),
    SERVICE_SECRET: secret(),
    HONEYPOT_SECRET: secret(),
    OFFLINE_KEY_PRIVATE_PEM: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    MAIL_OUTBOX_ONLY: '1',
    DEV_TOOLS: '1',
    PAYMENTS_SANDBOX: '1',
    AVATAR_SERVICE: 'none',
    RATE_LIMIT_FORMS: '100000',
    RATE_LIMIT_API: '100000',
    // The start's "listening … (port N)" line is an info line.
    LOG_LEVEL: 'info',
  }
  // The first instance migrates and seeds the demo data; the second finds both done.
  instances.push(await startInstance('a', { ...shared, SEED_DEMO_DATA: '1' }))
  instances.push(await startInstance('b', shared))
})

test.afterAll(async () => {
  for (const instance of instances) instance.process.kill('SIGTERM')
  await new Promise((resolve) => balancer?.close(resolve))
  for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true })
  database?.stop()
  instances = []
})

/** Signs in through the balancer: the link is asked of one instance and read from the outbox of the other. */
async function signIn(page: import('@playwright/test').Page, email: string) {
  await page.goto(`${origin}/`)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send Link' }).click()
  await expect(page.getByText("Please log in using the link we've sent to your email")).toBeVisible()
  const outbox = await (await page.request.get(`${origin}/dev/outbox`)).text()
  const article = outbox.split('<article').find((a) => a.includes(`aria-label="Mail to ${email}:`))
  const href = article?.match(/href="([^"]+)"/)?.[1]
  expect(href, `a sign-in link for ${email}`).toBeTruthy()
  await page.goto(href!.replace(/&amp;/g, '&'))
  await page.waitForURL(/\/manage\/?$/)
}

test('a session, an assignment and the outbox are shared by two instances on one PostgreSQL', async ({ page, js }) => {
  await signIn(page, 'olivia@acme.test')
  const table = page.getByRole('table', { name: /Acme Corp/ }).first()
  // Every reload goes to the other instance: the session is known to both.
  for (let i = 0; i < 4; i++) {
    await page.goto(`${origin}/manage`)
    await expect(table).toBeVisible()
  }
  expect(instances.every((instance) => instance.served > 0)).toBe(true)

  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string }>(
      `select id from licenses where owner = 'acme' and product_group = 'bundle' and subscription_id is null
         and assigned_to = '' and is_multi_user = 0 and expiration > $1 order by id limit 1`,
      [Date.now()],
    )
    const license = rows[0]!.id
    const assignee = uniqueEmail('instances', js)
    await page.goto(`${origin}/manage?dialog=assign&license=${license}&owner=acme`)
    const assign = dialog(page, js, 'Assign License')
    await expect(assign).toBeVisible()
    await expectNoAxeViolations(page, 'Assign License behind the balancer')
    await assign.getByRole('textbox', { name: 'Email' }).fill(assignee)
    await assign.getByRole('button', { name: 'Assign' }).click()
    await expect(assign).toHaveCount(0)
    // Seen through both instances.
    for (let i = 0; i < 2; i++) {
      await page.goto(`${origin}/manage?dialog=assign&license=${license}&owner=acme`)
      await expect(dialog(page, js, 'Assign License').getByRole('textbox', { name: 'Email' })).toHaveValue(assignee)
    }
    const stored = await client.query('select assigned_to from licenses where id = $1', [license])
    expect(stored.rows).toEqual([{ assigned_to: assignee }])
  } finally {
    await client.end()
  }
})

test('an instance killed mid-traffic loses no acknowledged write, and the other serves on', async ({ page, js }) => {
  await signIn(page, 'olivia@acme.test')
  // A stream of writes (each adds a Company Manager to Acme Corp), one every 30 ms, through the balancer. One instance
  // is killed the moment it has been sent its third write, before it answers: the request it held is sent on to the
  // other instance with the same idempotency key, as a user's retry would be.
  const stamp = `${js ? 'js' : 'nojs'}-${Date.now()}`
  const emails = Array.from({ length: 24 }, (_, i) => `killed-${stamp}-${i}@staff.test`)
  const addManager = (email: string) =>
    page.request
      .post(`${origin}/manage?index`, {
        form: { intent: 'add-permission', company: 'acme', email, role: '4', idempotencyKey: crypto.randomUUID() },
        maxRedirects: 0,
        failOnStatusCode: false,
        timeout: 30_000,
      })
      .then((answer) => ({ email, status: answer.status() }))
      .catch(() => ({ email, status: 0 }))
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const gone = instances[0]!
  const exited = new Promise((resolve) => gone.process.once('exit', resolve))
  let writesSent = 0
  afterForward = (instance, method) => {
    if (instance === gone && method === 'POST' && ++writesSent === 3) gone.process.kill('SIGKILL')
  }
  const writes = emails.map((email, i) => pause(i * 30).then(() => addManager(email)))
  const answers = await Promise.all(writes)
  afterForward = null
  await exited
  expect(writesSent).toBeGreaterThanOrEqual(3)

  // A write is acknowledged by its redirect back to the Permissions dialog.
  const acknowledged = answers.filter((answer) => answer.status === 302).map((answer) => answer.email)
  // The write held by the killed instance was carried out once, by the other, and so was every one after it.
  expect(acknowledged).toEqual(emails)
  const client = new pg.Client({ connectionString: database.url })
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
    const assigned = await client.query(`select count(*)::int as n from licenses where assigned_to like 'instances-%'`)
    expect((assigned.rows[0] as { n: number }).n).toBeGreaterThan(0)
  } finally {
    await client.end()
  }
  // Pages, the session and new writes are served by the instance that is left.
  await page.goto(`${origin}/manage?dialog=permissions&company=acme`)
  await expect(page.getByText(emails[emails.length - 1]!)).toBeVisible()
})
