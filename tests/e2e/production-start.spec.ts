// The built server as an operator starts it (`node build/server.js`): what a production start refuses, what a complete
// production configuration serves and logs, and a first run on another address. These tests start their own servers
// on free ports (the Playwright project `server`, see playwright.config.ts); they use no browser.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { startSmtpDouble } from '../support/smtp-double'
import {
  formFields,
  productionEnv,
  proxied,
  PUBLIC_URL,
  request,
  signInForm,
  startServer,
  stop,
} from './server-helpers'

let dataDir: string
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-production-start-'))
})
test.afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

test.describe('a production start with a missing or wrong configuration', () => {
  const refuses = async (env: Record<string, string>, expected: RegExp[]) => {
    const server = startServer({ NODE_ENV: 'production', DATA_DIR: dataDir, PAYMENTS_SANDBOX: '1', ...env })
    expect(await server.exit).toBe(1)
    const output = server.output()
    expect(output).toContain('License Portal cannot start')
    for (const line of expected) expect(output).toMatch(line)
    // One plain line per problem: no stack trace, no file path, and the port never opened.
    expect(output).not.toMatch(/^\s+at /m)
    expect(output).not.toContain('.js:')
    expect(output).not.toContain('listening')
    expect(output).not.toContain('hunter2')
  }

  test('without secrets it names each missing variable and exits before listening', async () => {
    await refuses({}, [
      /^ {2}- SESSION_SECRET is not set/m,
      /^ {2}- SERVICE_SECRET is not set/m,
      /^ {2}- HONEYPOT_SECRET is not set/m,
      /^ {2}- PUBLIC_URL is not set/m,
      /^ {2}- SMTP_URL is not set/m,
      /^ {2}- OFFLINE_KEY_PRIVATE_PEM is not set/m,
    ])
  })

  test('with a short secret it says which one and how long it must be', async () => {
    const env = productionEnv(dataDir, { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Portal <p@example.com>' })
    await refuses({ ...env, SERVICE_SECRET: 'too-short' }, [
      /^ {2}- SERVICE_SECRET is too short \(9 characters\); use at least 32/m,
    ])
  })

  test('with an http PUBLIC_URL it asks for https', async () => {
    const env = productionEnv(dataDir, { MAIL_OUTBOX_ONLY: '1' })
    await refuses({ ...env, PUBLIC_URL: 'http://portal.example.com' }, [
      /^ {2}- PUBLIC_URL must start with https:\/\/ in production \(it is http:\/\/portal.example.com\)\.$/m,
    ])
  })

  test('reads a .env file in the working directory, the environment winning', async () => {
    writeFileSync(join(dataDir, '.env'), 'SESSION_SECRET=short\nPUBLIC_URL=http://from-the-file.example\n')
    const server = startServer(
      { NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: 'http://from-the-environment.example' },
      dataDir,
    )
    expect(await server.exit).toBe(1)
    expect(server.output()).toMatch(/^ {2}- SESSION_SECRET is too short \(5 characters\)/m)
    expect(server.output()).toContain('(it is http://from-the-environment.example)')
  })

  test('with a store it cannot reach or read it names DATABASE_URL or DATA_DIR in one line', async () => {
    const env = productionEnv(dataDir, { MAIL_OUTBOX_ONLY: '1' })
    await refuses({ ...env, DATABASE_URL: 'postgres://portal:hunter2@127.0.0.1:9/portal' }, [
      /^ {2}- DATABASE_URL: the store at PostgreSQL 127\.0\.0\.1:9\/portal refuses the connection \(is the server running, on that host and port\?\)\.$/m,
    ])
    writeFileSync(join(dataDir, 'licensing.db'), 'not a database, '.repeat(100))
    await refuses(env, [/^ {2}- DATA_DIR: the SQLite store \S+licensing\.db is not a SQLite database\.$/m])
  })

  test('with an SMTP server that does not answer it stops, unless told to only warn', async () => {
    const env = productionEnv(dataDir, { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Portal <p@example.com>' })
    await refuses(env, [/^ {2}- SMTP_URL: the SMTP server does not accept the connection/m])

    const warned = startServer({ ...env, SMTP_VERIFY: 'warn' })
    const port = await warned.port
    expect(warned.output()).toContain('MAIL IS NOT BEING DELIVERED')
    const ready = await request(port, '/readyz')
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toEqual({ status: 'not ready', problems: ['the SMTP server does not answer'] })
    expect(await stop(warned)).toBe(0)
  })
})

test.describe('a complete production configuration', () => {
  test('serves without demo data, answers health checks, logs JSON with request ids and keeps mail out of the log', async () => {
    const server = startServer(productionEnv(dataDir, { MAIL_OUTBOX_ONLY: '1', TRUST_PROXY: '1', RATE_LIMIT_API: '2' }))
    const port = await server.port

    expect((await request(port, '/healthz')).status).toBe(200)
    const ready = await request(port, '/readyz')
    expect(ready.status).toBe(200)
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' })

    // No demo data: the licensing store holds no account at all (root@vendor.test included).
    const db = new SQLite(join(dataDir, 'licensing.db'), { readonly: true })
    expect(db.prepare('select count(*) as n from accounts').get()).toEqual({ n: 0 })
    db.close()

    // The development tools are off: no outbox page, no sign-in stand-in.
    expect((await request(port, '/dev/outbox', { headers: proxied() })).status).toBe(404)
    expect((await request(port, '/stand-in/github/authorize', { headers: proxied() })).status).toBe(404)

    // Through a TLS-terminating proxy: the form post from the portal's own page is accepted, another site's refused.
    const page = await request(port, '/', { headers: proxied() })
    expect(page.status).toBe(200)
    const form = signInForm(page.body, 'nobody@example.com')
    const post = (origin: string) =>
      request(port, '/?index', {
        method: 'POST',
        headers: proxied({ origin, 'content-type': 'application/x-www-form-urlencoded' }),
        body: form,
      })
    const accepted = await post(PUBLIC_URL)
    // Accepted: the sign-in form answers by post/redirect/get (NO_USER is said on "/").
    expect(accepted.status).toBe(302)
    expect(accepted.headers.location).toBe('/')
    expect(accepted.body).not.toContain('Cross-site')
    const refused = await post('https://evil.example')
    expect(refused.status).toBe(403)
    expect(refused.body).toBe('Cross-site form posts are not accepted.')

    // Another address: a clear answer naming the right one.
    const elsewhere = await request(port, '/', { headers: { host: '10.0.0.5:3000' } })
    expect(elsewhere.status).toBe(421)
    expect(elsewhere.body).toBe(
      `This portal is served at ${PUBLIC_URL}, not at http://10.0.0.5:3000. Please open ${PUBLIC_URL}.`,
    )

    // The protocol's rate limit answer, keyed on the client's address as the proxy reports it, IPv6 grouped by /56.
    const call = (client: string) =>
      request(port, '/api/licensing', {
        method: 'POST',
        headers: proxied({ 'x-forwarded-for': client, 'content-type': 'application/json' }),
        body: '{}',
      })
    expect((await call('2001:db8:0:1::1')).status).not.toBe(429)
    expect((await call('2001:db8:0:2::1')).status).not.toBe(429)
    const limited = await call('2001:db8:0:3::1')
    expect(limited.status).toBe(429)
    expect(limited.headers['content-type']).toContain('application/json')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(JSON.parse(limited.body)).toEqual({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests; please try again in \d+ seconds\.$/),
    })
    // Another client is not limited.
    expect((await call('198.51.100.9')).status).not.toBe(429)

    // A page not found is answered (and logged) as such; the icon browsers ask for is the portal's.
    expect((await request(port, '/no-such-page', { headers: proxied() })).status).toBe(404)
    const icon = await request(port, '/favicon.ico', { headers: proxied() })
    expect(icon.status).toBe(301)
    expect(icon.headers.location).toBe('/favicon.svg')

    expect(await stop(server)).toBe(0)

    const lines = server.output().trim().split('\n')
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const served = entries.filter((e) => e.msg === 'request completed')
    expect(served.length).toBeGreaterThanOrEqual(4)
    for (const entry of served) expect(entry.reqId).toEqual(expect.any(String))
    expect(served.map((e) => e.reqId)).toContain(page.headers['x-request-id'])
    // The client's address as the trusted proxy reports it.
    expect(served.find((e) => e.reqId === page.headers['x-request-id'])).toMatchObject({
      req: { client: '203.0.113.7' },
    })
    expect(entries.find((e) => String(e.msg).includes('A request came to 10.0.0.5:3000'))?.msg).toContain(
      'set PUBLIC_URL',
    )
    expect(server.output()).not.toMatch(/__session=|cookie/i)
    // Every refusal says why, at warn; a page not found is information; the store's migrations are named as they run.
    const WARN = 40
    const INFO = 30
    expect(entries.find((e) => String(e.msg).startsWith('A form post to / was refused'))).toMatchObject({
      level: WARN,
      msg: expect.stringContaining('it came from the origin "https://evil.example"'),
    })
    expect(entries.find((e) => String(e.msg).startsWith('Too many requests from 2001:db8:0:3::'))).toMatchObject({
      level: WARN,
      msg: expect.stringContaining('(RATE_LIMIT_API)'),
    })
    expect(served.find((e) => (e.req as { path: string }).path === '/no-such-page')).toMatchObject({ level: INFO })
    expect(entries.find((e) => e.msg === 'store: migration 0001-initial applied')).toMatchObject({ level: INFO })
  })

  test('a sign-in form fetched before a restart posts fine after it, and its mail survives a refusing SMTP server', async () => {
    const smtp = await startSmtpDouble({ refuse: 1 })
    try {
      const env = productionEnv(dataDir, {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Portal <p@example.com>',
        SEED_DEMO_DATA: '1',
      })
      const first = startServer(env)
      const page = await request(await first.port, '/', { headers: proxied() })
      const form = signInForm(page.body, 'olivia@acme.test')
      expect(await stop(first)).toBe(0)

      const second = startServer(env)
      const port = await second.port
      const posted = await request(port, '/?index', {
        method: 'POST',
        headers: proxied({ origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' }),
        body: form,
      })
      expect(posted.status).toBe(302)
      const outcome = String(posted.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? ''
      const answer = await request(port, '/', { headers: proxied({ cookie: outcome }) })
      expect(answer.body).toContain('Please log in using the link we')
      await expect.poll(() => second.output()).toContain('retrying in 60 s')
      expect(await stop(second)).toBe(0)

      // The refused mail is kept for the retry; neither its link nor its text reached the log.
      const db = new SQLite(join(dataDir, 'licensing.db'), { readonly: true })
      const mail = db
        .prepare('select attempts, sent_at, text from mail_outbox where "to" = \'olivia@acme.test\'')
        .get() as {
        attempts: number
        sent_at: number | null
        text: string
      }
      db.close()
      expect(mail).toMatchObject({ attempts: 1, sent_at: null })
      const link = mail.text.match(/https:\/\/portal\.example\.com\/manage\/\S+/)?.[0]
      expect(link).toBeTruthy()
      expect(first.output() + second.output()).not.toContain(link!)
      expect(first.output() + second.output()).not.toContain('/manage/')
    } finally {
      await smtp.close()
    }
  })
})

test.describe('stopping', () => {
  test('SIGTERM waits for requests in flight, and a forced stop after the grace period exits with 1', async () => {
    const server = startServer(productionEnv(dataDir, { MAIL_OUTBOX_ONLY: '1', SHUTDOWN_GRACE_SECONDS: '1' }))
    const port = await server.port
    // A request whose body never finishes arriving stays in flight.
    const socket = net.connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()))
    socket.write(
      'POST /api/licensing HTTP/1.1\r\nHost: portal.example.com\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    )
    await expect.poll(() => request(port, '/healthz').then((a) => a.status)).toBe(200)
    const started = Date.now()
    expect(await stop(server)).toBe(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    expect(server.output()).toContain('requests still in flight after 1 s; stopping anyway')
    socket.destroy()
  })
})

test.describe('the first run on another address', () => {
  test('outside production with no PUBLIC_URL, social sign-in and the no-script checkout work on the address the request came to', async () => {
    const server = startServer({ NODE_ENV: 'development', DATA_DIR: dataDir, AVATAR_SERVICE: 'none' })
    const port = await server.port
    const origin = `http://127.0.0.1:${port}`
    const page = await request(port, '/', { headers: { host: `127.0.0.1:${port}` } })
    expect(page.status).toBe(200)

    // The GitHub button: to the stand-in on this address, with a callback on this address.
    const social = await request(port, '/?index', {
      method: 'POST',
      headers: { host: `127.0.0.1:${port}`, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=social&provider=github',
    })
    expect(social.status).toBe(302)
    const authorize = new URL(social.headers.location ?? '')
    expect(authorize.origin).toBe(origin)
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${origin}/auth/github/`)

    // The no-script checkout: to the provider's hosted checkout, which returns to this address.
    const buy = await request(port, '/shop/wallaby/buy/', { headers: { host: `127.0.0.1:${port}` } })
    expect(buy.status).toBe(200)
    const checkout = await request(port, '/shop/wallaby/buy/', {
      method: 'POST',
      headers: { host: `127.0.0.1:${port}`, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: formFields(buy.body, {
        email: 'newcomer@example.test',
        name: 'Newcomer',
        type: 'individual',
        billing: 'annually',
        country: 'AT',
        zip: '',
        mode: '',
      }),
    })
    expect(checkout.status).toBe(302)
    const hosted = new URL(checkout.headers.location ?? '', origin)
    expect(hosted.origin).toBe(origin)
    const link = JSON.parse(Buffer.from(hosted.searchParams.get('link')?.split('.')[0] ?? '', 'base64url').toString())
    expect(link).toMatchObject({ r: `${origin}/shop/wallaby/buy/` })
    expect(await stop(server)).toBe(0)
  })
})
