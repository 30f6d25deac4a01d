// Two portal instances of the built server on one PostgreSQL database, behind a load balancer that sends each request
// to the next instance in turn (or, when a test pins it, to one instance). The instances have data folders of their
// own; all they share is the database and the secrets of the environment, as a deployment of several machines would.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { startPostgres } from '../../scripts/postgres.mjs'
import { expect, test } from './fixtures'

const root = fileURLToPath(new URL('../..', import.meta.url))

export type Instance = { name: string; port: number; process: ChildProcess; dataDir: string; served: number }

export type Cluster = {
  database: Awaited<ReturnType<typeof startPostgres>>
  /** The balancer's origin: the only one the browser is sent to. */
  origin: string
  instances: Instance[]
  /** Sends every request to the named instance from now on; `null` goes back to taking turns. */
  pin(name: string | null): void
  /** Calls `listener` each time the balancer has sent a request on to an instance (before it answers); `null` stops. */
  onForwarded(listener: ((instance: Instance, method: string) => void) | null): void
  stop(): Promise<void>
}

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

/**
 * Round robin over the instances still up, or the pinned one; a request an instance cannot take goes to the next one,
 * as a balancer's.
 */
function startBalancer(
  instances: Instance[],
  pinned: () => string | null,
  forwarded: (instance: Instance, method: string) => void,
): Promise<http.Server> {
  let next = 0
  const down = new Set<string>()
  const server = http.createServer((req, res) => {
    const body: Buffer[] = []
    req.on('data', (chunk: Buffer) => body.push(chunk))
    req.on('end', () => {
      const attempt = (tries: number) => {
        const up = instances.filter((candidate) => !down.has(candidate.name))
        const instance = up.find((candidate) => candidate.name === pinned()) ?? up[next++ % Math.max(1, up.length)]
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
        forwarded(instance, req.method ?? 'GET')
      }
      attempt(instances.length)
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** A fresh PostgreSQL, the balancer and instances `a` and `b`, started together (one of them seeds the demo data). */
export async function startCluster(): Promise<Cluster> {
  const database = await startPostgres()
  const instances: Instance[] = []
  let pinned: string | null = null
  let listener: ((instance: Instance, method: string) => void) | null = null
  const balancer = await startBalancer(
    instances,
    () => pinned,
    (instance, method) => listener?.(instance, method),
  )
  const origin = `http://localhost:${(balancer.address() as { port: number }).port}`
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
    MAIL_PER_ADDRESS: '100000',
    RATE_LIMIT_API: '100000',
    // The start's "listening … (port N)" line is an info line.
    LOG_LEVEL: 'info',
  }
  // Both start at once on the new database, as a deployment's first start would: one migrates and seeds the demo
  // data, the other waits for the migrations and finds the data there.
  const seeding = { ...shared, SEED_DEMO_DATA: '1' }
  instances.push(...(await Promise.all([startInstance('a', seeding), startInstance('b', seeding)])))
  return {
    database,
    origin,
    instances,
    pin: (name) => void (pinned = name),
    onForwarded: (next) => void (listener = next),
    async stop() {
      for (const instance of instances) instance.process.kill('SIGTERM')
      await new Promise((resolve) => balancer.close(resolve))
      for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true })
      database.stop()
    },
  }
}

/** Signs in through the balancer: the link is asked of one instance and read from the outbox of the other. */
export async function signInThrough(page: Page, origin: string, email: string) {
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

/**
 * Runs the file's tests against a cluster started before them and stopped after them; the browser's base URL is the
 * balancer's origin. Returns the running cluster.
 */
export function runOnCluster(): () => Cluster {
  let cluster: Cluster | undefined
  const running = () => {
    if (!cluster) throw new Error('the cluster is not running')
    return cluster
  }
  // The balancer is the server under test here: the harness lets the browser reach its origin only.
  // (Read when each test starts; Playwright also sets the option up once before the cluster is started.)
  // eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture needs from this pattern
  test.use({ baseURL: async ({}, use) => use(cluster?.origin) })
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    cluster = await startCluster()
  })
  test.afterAll(async () => {
    await cluster?.stop()
  })
  return running
}
