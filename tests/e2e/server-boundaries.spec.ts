// What the built server answers at its edge, before a page or an operation runs: bodies over their route's limit, the
// security headers of answers that are not pages, and the sandbox's review in production. These tests start their own
// servers (the Playwright project `server`, see playwright.config.ts); they use no browser.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { productionEnv, proxied, PUBLIC_URL, request, signInForm, startServer, stop } from './server-helpers'

const MiB = 1024 * 1024
const HUGE = 64 * MiB

let dataDir: string
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-boundaries-'))
})
test.afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

/** A production server with the demo data, its mail kept in the outbox (read from the store by `signIn`). */
function startDemoServer(extra: Record<string, string> = {}) {
  return startServer(
    productionEnv(dataDir, {
      MAIL_OUTBOX_ONLY: '1',
      SEED_DEMO_DATA: '1',
      TRUST_PROXY: '1',
      RATE_LIMIT_FORMS: '100000',
      ...extra,
    }),
  )
}

/** Signs in by emailed link, as a person would, and answers the session cookie. */
async function signIn(port: number, email: string): Promise<string> {
  const page = await request(port, '/', { headers: proxied() })
  const posted = await request(port, '/?index', {
    method: 'POST',
    headers: proxied({ origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' }),
    body: signInForm(page.body, email),
  })
  // Post/redirect/get: the outcome is shown on "/" after the redirect.
  expect(posted.status).toBe(302)
  expect(posted.headers.location).toBe('/')
  const db = new SQLite(join(dataDir, 'licensing.db'), { readonly: true })
  const mail = db.prepare('select text from mail_outbox where "to" = ? order by id desc limit 1').get(email) as {
    text: string
  }
  db.close()
  const link = new URL(mail.text.match(/https:\/\/portal\.example\.com\/manage\/\S+/)?.[0] ?? '')
  const opened = await request(port, link.pathname, { headers: proxied() })
  expect(opened.status).toBe(302)
  const cookie = [opened.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('__session='))
  expect(cookie).toBeTruthy()
  return cookie!.split(';')[0]
}

/** The resident memory of a process, in bytes (Linux). */
function residentMemory(pid: number): number {
  const kB = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m)?.[1]
  return Number(kB) * 1024
}

const BOUNDARY = 'portal-test-boundary'

/**
 * Posts a body of `size` bytes (64 MiB unless told) — a form field, or a file of a multipart form — with its length
 * declared or chunked, and answers the status as soon as the server answers (the rest is not sent then).
 */
function postHuge(
  port: number,
  path: string,
  options: { multipart: boolean; chunked: boolean; cookie?: string; size?: number },
): Promise<number> {
  const size = options.size ?? HUGE
  const head = options.multipart
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nimport-seats\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="seats.csv"\r\nContent-Type: text/csv\r\n\r\n`
    : 'intent=link&email='
  const tail = options.multipart ? `\r\n--${BOUNDARY}--\r\n` : ''
  const headers: Record<string, string> = proxied({
    origin: PUBLIC_URL,
    'content-type': options.multipart
      ? `multipart/form-data; boundary=${BOUNDARY}`
      : 'application/x-www-form-urlencoded',
    ...(options.cookie ? { cookie: options.cookie } : {}),
  })
  if (options.chunked) headers['transfer-encoding'] = 'chunked'
  else headers['content-length'] = String(head.length + size + tail.length)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      resolve(res.statusCode ?? 0)
      res.resume()
      req.destroy()
    })
    // Writing on after the answer (the server drops the rest, then may close) is no failure of the test.
    req.on('error', () => {})
    req.on('close', () => reject(new Error(`${path}: the connection closed without an answer`)))
    const chunk = Buffer.alloc(256 * 1024, 'a')
    let sent = 0
    const pump = () => {
      while (sent < size && !req.destroyed) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!req.destroyed) req.end(tail)
    }
    req.write(head)
    pump()
  })
}

test.describe('request bodies', () => {
  test.setTimeout(240_000)

  test('64 MiB bodies, urlencoded and multipart, declared or chunked, to every form route and the import answer 413 while the server’s memory grows by less than half a body', async () => {
    const server = startDemoServer()
    const port = await server.port
    const pid = server.process.pid!
    const olivia = await signIn(port, 'olivia@acme.test')
    // The sandbox's checkout reads urlencoded forms only (a multipart one is refused unread, a 400).
    const routes: Array<{ path: string; cookie?: string; urlencodedOnly?: boolean }> = [
      { path: '/?index' },
      { path: '/activate/x' },
      { path: '/shop/wallaby/buy' },
      { path: '/shop/wallaby/redeem/' },
      { path: '/shop/wallaby/redeem/SOMECOUPON' },
      { path: '/theme' },
      { path: '/manage?index', cookie: olivia },
      { path: '/manage?index&dialog=import-seats&company=acme', cookie: olivia },
      { path: '/sandbox/checkout', urlencodedOnly: true },
      { path: '/api/licensing' },
    ]
    const cases = routes.flatMap(({ path, cookie, urlencodedOnly }) =>
      (urlencodedOnly ? [false] : [false, true]).flatMap((multipart) =>
        [false, true].map((chunked) => ({ path, multipart, chunked, ...(cookie ? { cookie } : {}) })),
      ),
    )
    // Every case is refused once with a body just over the largest limit before the memory is measured, so that the
    // refusals' code is loaded and the server's heap has grown to its working size.
    for (const options of cases) expect(await postHuge(port, options.path, { ...options, size: 5 * MiB })).toBe(413)

    const before = residentMemory(pid)
    let most = before
    for (const options of cases) {
      const { path, multipart, chunked } = options
      const status = await postHuge(port, path, options)
      expect(status, `${path} (${multipart ? 'multipart' : 'urlencoded'}, ${chunked ? 'chunked' : 'declared'})`).toBe(
        413,
      )
      most = Math.max(most, residentMemory(pid))
    }
    expect(most - before).toBeLessThan(HUGE / 2)

    // A route that never reads its body (Log Out) answers as usual; the rest of the body is dropped.
    expect(await postHuge(port, '/logout', { multipart: false, chunked: true })).toBe(302)
    expect(residentMemory(pid) - before).toBeLessThan(HUGE / 2)
    expect(await stop(server)).toBe(0)
  })

  test('a form over its limit gets the portal’s message: a page without script, the error boundary’s data with it', async () => {
    const server = startDemoServer()
    const port = await server.port
    const body = `intent=link&email=${'a'.repeat(70 * 1024)}`
    const headers = proxied({ origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' })
    const page = await request(port, '/?index', { method: 'POST', headers, body })
    expect(page.status).toBe(413)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<h1>Request too large</h1>')
    expect(page.body).toContain(
      'The form is larger than 64 KB, the most the portal accepts. Shorten what you entered and send it again.',
    )
    const data = await request(port, '/?index&_data=routes%2F_index', { method: 'POST', headers, body })
    expect(data.status).toBe(413)
    expect(data.headers['x-remix-catch']).toBe('yes')
    expect(JSON.parse(data.body)).toEqual({
      message:
        'The form is larger than 64 KB, the most the portal accepts. Shorten what you entered and send it again.',
    })
    expect(await stop(server)).toBe(0)
  })

  test('a SCIM request reads up to 1 MB and is refused over it in the SCIM error schema', async () => {
    const server = startDemoServer()
    const port = await server.port
    const headers = proxied({ 'content-type': 'application/scim+json' })
    // Over a page form's limit, within SCIM's: read, and refused for its missing token only.
    const within = await request(port, '/scim/v2/Users', { method: 'POST', headers, body: ' '.repeat(100 * 1024) })
    expect(within.status).toBe(401)
    const over = await request(port, '/scim/v2/Users', { method: 'POST', headers, body: ' '.repeat(1024 * 1024 + 1) })
    expect(over.status).toBe(413)
    expect(over.headers['content-type']).toContain('application/scim+json')
    expect(JSON.parse(over.body)).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '413',
      detail: 'The request body is larger than 1 MB, the most this endpoint accepts.',
    })
    expect(await stop(server)).toBe(0)
  })
})

/** The security headers helmet gives every page (the CSP's nonce differs from answer to answer). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]
const securityHeaders = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(
    SECURITY_HEADERS.map((name) => [name, String(headers[name] ?? '').replace(/'nonce-[^']+'/, "'nonce-…'")]),
  )

test('/healthz, /readyz, the 421 wrong-address page and a 413 carry the same security headers as every page', async () => {
  const server = startDemoServer()
  const port = await server.port
  const page = await request(port, '/', { headers: proxied() })
  expect(page.status).toBe(200)
  const expected = securityHeaders(page.headers)
  for (const value of Object.values(expected)) expect(value).not.toBe('')

  const answers = {
    healthz: await request(port, '/healthz'),
    readyz: await request(port, '/readyz'),
    wrongAddress: await request(port, '/', { headers: { host: '10.0.0.5:3000' } }),
    tooLarge: await request(port, '/api/licensing', {
      method: 'POST',
      headers: proxied({ 'content-type': 'application/json', 'content-length': String(2 * MiB) }),
    }),
  }
  expect(answers.healthz.status).toBe(200)
  expect(answers.readyz.status).toBe(200)
  expect(answers.wrongAddress.status).toBe(421)
  expect(answers.tooLarge.status).toBe(413)
  for (const [name, answer] of Object.entries(answers)) {
    expect(securityHeaders(answer.headers), name).toEqual(expected)
  }
  expect(await stop(server)).toBe(0)
})

test('in production the sandbox’s review of flagged orders is for platform administrators only', async () => {
  const server = startDemoServer()
  const port = await server.port
  // An order paid with the test card that is flagged for review.
  const purchase = {
    product: 'console-ninja-organization-year',
    quantity: '1',
    email: 'buyer@example.com',
    country: 'US',
    postcode: '10001',
    passthrough: JSON.stringify({ name: 'Buyer Inc' }),
  }
  const form = await request(port, `/sandbox/checkout?${new URLSearchParams(purchase)}`, { headers: proxied() })
  const checkout = form.body.match(/name="checkout" value="([^"]+)"/)?.[1] ?? ''
  expect(checkout).not.toBe('')
  const paid = await request(port, '/sandbox/checkout', {
    method: 'POST',
    headers: proxied({ origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' }),
    body: new URLSearchParams({
      ...purchase,
      checkout,
      intent: 'pay',
      cardNumber: '4000000000009235',
      cardExpiry: '12/39',
      cardCvc: '123',
    }).toString(),
  })
  expect(paid.body).toContain('<h1>Order under review</h1>')
  const state = () => {
    const store = new SQLite(join(dataDir, 'licensing.db'), { readonly: true })
    const row = store.prepare('select state from sandbox_checkouts where id = ?').get(checkout) as { state: string }
    store.close()
    return row.state
  }
  expect(state()).toBe('flagged')

  const review = (cookie?: string) => request(port, '/sandbox/review', { headers: proxied(cookie ? { cookie } : {}) })
  const decide = (cookie?: string) =>
    request(port, '/sandbox/review', {
      method: 'POST',
      headers: proxied({
        origin: PUBLIC_URL,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      }),
      body: `checkout=${checkout}&decision=approve`,
    })

  const anonymous = await review()
  expect(anonymous.status).toBe(403)
  expect(anonymous.body).toContain('The review of flagged orders is for platform administrators.')
  expect(anonymous.body).not.toContain('buyer@example.com')
  expect((await decide()).status).toBe(403)

  const olivia = await signIn(port, 'olivia@acme.test')
  expect((await review(olivia)).status).toBe(403)
  expect((await decide(olivia)).status).toBe(403)
  expect(state()).toBe('flagged')

  const root = await signIn(port, 'root@vendor.test')
  const shown = await review(root)
  expect(shown.status).toBe(200)
  expect(shown.body).toContain('buyer@example.com')
  const decided = await decide(root)
  expect(decided.status).toBe(303)
  expect(decided.headers.location).toBe(`/sandbox/review?checkout=${checkout}&decision=approved`)
  expect(state()).toBe('complete')
  expect(await stop(server)).toBe(0)
})
