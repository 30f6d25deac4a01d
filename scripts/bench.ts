/**
 * npm run bench — how /manage scales with the number of licenses, and how much script each page loads.
 *
 * For companies of 100, 1,000 and 10,000 licenses: the median time of the full /manage HTML response and of the bare
 * `retrieveDetails` call (both over HTTP against the built server), their ratio, and the gzip bytes of JavaScript that
 * /, /help and /manage load. Targets: ratio ≤ 1.5 at 1,000 licenses; ≤ 150 KB gzip of script on any page.
 * Needs a build (`npm run build`). Measures; asserts nothing. `BENCH_PROFILE=dir` also writes the server's CPU profile
 * (`--cpu-prof`) to `dir`, measuring 1,000 licenses only and then 200 more /manage requests (the last one's HTML is saved beside it), to open in Chrome's DevTools.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import SQLite from 'better-sqlite3'
import { seedBenchCompany } from '../service/db/seed.js'
import { createLicensingService } from '../service/index.js'

const SIZES = process.env.BENCH_PROFILE ? [Number(process.env.BENCH_PROFILE_SIZE ?? 1_000)] : [100, 1_000, 10_000]
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const port = Number(process.env.BENCH_PORT ?? 3199)
const base = `http://localhost:${port}`

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

async function main() {
  if (!fs.existsSync('build/server.js')) throw new Error('Run `npm run build` first.')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'license-portal-bench-'))
  // Production mode, as deployed (React's production build); links are read from the store's outbox table.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    ALLOW_GENERATED_SECRETS: '1',
    PUBLIC_URL: `http://localhost:${port}`,
    MAIL_OUTBOX_ONLY: '1',
    SEED_DEMO_DATA: '1',
    PAYMENTS_SANDBOX: '1',
    PORT: String(port),
    AVATAR_SERVICE: 'none',
    RATE_LIMIT_API: '100000',
    RATE_LIMIT_FORMS: '100000',
  }
  outbox = new SQLite(path.join(dataDir, 'licensing.db'), { readonly: false })

  // Seed the bench companies before the server starts.
  const service = await createLicensingService({ env, log: () => {} })
  const admins: Record<number, string> = {}
  for (const size of SIZES) admins[size] = (await seedBenchCompany(service.db, size)).email
  await service.close()

  const profile = process.env.BENCH_PROFILE
  if (profile) fs.mkdirSync(profile, { recursive: true })
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []
  const server = spawn(process.execPath, [...nodeArgs, 'build/server.js'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => server.once('exit', resolve))
  try {
    await waitForServer()
    console.log(`/manage vs retrieveDetails, median of ${RUNS} runs each\n`)
    console.log('licenses  /manage HTML  retrieveDetails  ratio')
    let cookieForScripts = ''
    for (const size of SIZES) {
      const email = admins[size]
      const cookie = await portalSignIn(email)
      const credential = await serviceSignIn(email)
      cookieForScripts ||= cookie
      const manage: number[] = []
      const details: number[] = []
      // A few warm-up requests each (the first ones compile the code paths), then alternate so both see the same
      // machine state.
      for (let i = 0; i < 5; i++) {
        await fetch(`${base}/manage`, { headers: { cookie } }).then((r) => r.text())
        await callDetails(credential)
      }
      for (let i = 0; i < RUNS; i++) {
        manage.push(await time(() => fetch(`${base}/manage`, { headers: { cookie } }).then((r) => r.text())))
        details.push(await time(() => callDetails(credential)))
      }
      const m = median(manage)
      const d = median(details)
      console.log(
        `${String(size).padStart(8)}  ${m.toFixed(1).padStart(9)} ms  ${d.toFixed(1).padStart(12)} ms  ${(m / d).toFixed(2).padStart(5)}`,
      )
      if (profile) {
        let html = ''
        for (let i = 0; i < 200; i++)
          html = await fetch(`${base}/manage`, { headers: { cookie } }).then((r) => r.text())
        fs.writeFileSync(path.join(profile, 'manage.html'), html)
      }
    }

    console.log('\nJavaScript per page (gzip)')
    for (const page of ['/', '/help/', '/manage', '/shop/']) {
      const bytes = await scriptBytes(page, cookieForScripts)
      console.log(`${page.padEnd(10)} ${bytes === null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`}`)
    }
  } finally {
    outbox.close()
    server.kill('SIGTERM')
    // The profile is written as the server exits.
    if (profile) await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(base)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  throw new Error('the server did not start')
}

let outbox: SQLite.Database

async function latestLink(email: string): Promise<string> {
  const row = outbox.prepare('select text from mail_outbox where "to" = ? order by id desc limit 1').get(email) as
    { text: string } | undefined
  const link = row?.text.match(/https?:\/\/\S+\/manage\/\S+/)?.[0]
  if (!link) throw new Error(`no sign-in link for ${email}`)
  return link.replace(/^https?:\/\/[^/]+/, base)
}

async function portalSignIn(email: string): Promise<string> {
  // The sign-in form's honeypot carries an encrypted timestamp: take the page's own fields.
  const page = await fetch(`${base}/`).then((r) => r.text())
  const honeypot = [...page.matchAll(/<input[^>]*name="([a-z_]+__confirm)"[^>]*>/g)].map((m) => [
    m[1],
    m[0].match(/value="([^"]*)"/)?.[1] ?? '',
  ])
  const form = new URLSearchParams([['intent', 'link'], ['email', email], ...honeypot])
  const sent = await fetch(`${base}/?index`, { method: 'POST', body: form, redirect: 'manual' })
  if (sent.status !== 200) throw new Error(`sign-in for ${email} answered ${sent.status}`)
  const response = await fetch(await latestLink(email), { redirect: 'manual' })
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`no session for ${email}`)
  return cookie
}

async function serviceSignIn(email: string): Promise<string> {
  const post = (body: unknown) =>
    fetch(`${base}/api/licensing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())
  await post({ manageLicense: { type: 'link', email } })
  const passthrough = (await latestLink(email)).split('/manage/')[1]
  const answer = await post({ retrieveDetails: { passthrough } })
  return answer.retrieveDetails.session
}

function callDetails(credential: string) {
  return fetch(`${base}/api/licensing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
    body: JSON.stringify({ retrieveDetails: {} }),
  }).then((r) => r.text())
}

async function scriptBytes(page: string, cookie: string): Promise<number | null> {
  const response = await fetch(`${base}${page}`, { headers: { cookie } })
  if (!response.ok) return null
  const html = await response.text()
  const urls = new Set<string>()
  for (const match of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g))
    urls.add(match[1])
  for (const match of html.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)) urls.add(match[1])
  let total = 0
  for (const url of urls) {
    const body = Buffer.from(new Uint8Array(await (await fetch(new URL(url, base))).arrayBuffer()))
    total += zlib.gzipSync(body).length
  }
  return total
}

await main()
