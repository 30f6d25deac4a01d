// npm run bench: what /manage and its changes cost as a company grows, under load and on each store, and each page's
// script; measures only, as ratios so the machine's noise cancels. Needs `npm run build`; BENCH_PG=0 skips PostgreSQL,
// BENCH_PROFILE=dir keeps the CPU profiles and last pages; BENCH_ONLY=U1 (usage), P1 (renders at 1,000 licenses),
// js (script lines, a minute) or paint (first paint on a slow link, a few minutes) runs those lines alone.
import { DAY_MS } from '../protocol/shared/dates.js'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type DB } from '../service/db/database.js'
import { seedBenchCompany } from '../demo/seed.js'
import { createLicensingService } from '../service/index.js'
import { seedUsageHistory } from '../demo/usage.js'
import { startPostgres } from './postgres.mjs'
import { load, startServer } from './bench-load.js'
import { paintLines } from './bench-paint.js'
import { scriptLines } from './bench-script.js'
import { describeShares, summarizeProfile } from './profile-summary.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const port = Number(process.env.BENCH_PORT ?? 3199)
const base = `http://localhost:${port}`
const SIZES = [100, 1_000, 10_000]
const cores = os.availableParallelism()
/** Acme's administrator in the demo data: the /manage of the first-paint lines. */
const PAINT_ADMIN = 'olivia@acme.test'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const ratio = (a: number, b: number) => (a / b).toFixed(2)
const ms = (value: number) => `${value.toFixed(1)} ms`

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

/** After a few warm-up runs. */
async function medians(measures: Record<string, () => Promise<unknown>>): Promise<Record<string, number>> {
  const names = Object.keys(measures)
  for (let i = 0; i < 5; i++) for (const name of names) await measures[name]()
  const samples = new Map(names.map((n) => [n, [] as number[]]))
  for (let i = 0; i < RUNS; i++) for (const name of names) samples.get(name)!.push(await time(measures[name]))
  return Object.fromEntries(names.map((n) => [n, median(samples.get(n)!)]))
}

function envFor(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    // Production mode, as deployed (React's production build); links are read from the store's outbox.
    NODE_ENV: 'production',
    ALLOW_GENERATED_SECRETS: '1',
    PUBLIC_URL: base,
    MAIL_OUTBOX_ONLY: '1',
    SEED_DEMO_DATA: '1',
    PAYMENTS_SANDBOX: '1',
    PORT: String(port),
    AVATAR_SERVICE: 'none',
    RATE_LIMIT_API: '10000000',
    RATE_LIMIT_FORMS: '10000000',
    MAIL_PER_ADDRESS: '10000000',
    LOG_LEVEL: 'warn',
  }
  delete env.DATABASE_URL
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  return env
}

/** Answers each size's administrator. */
async function seed(env: NodeJS.ProcessEnv, sizes: number[]): Promise<Record<number, string>> {
  const service = await createLicensingService({ env, log: () => {}, demo: () => import('../demo/seed.js') })
  const admins: Record<number, string> = {}
  for (const size of sizes) {
    const bench = await seedBenchCompany(service.db, size)
    await seedUsageHistory(service.db, bench.companyId, Date.now())
    admins[size] = bench.email
  }
  await service.close()
  return admins
}

async function main() {
  if (!fs.existsSync('build/server.js')) throw new Error('Run `npm run build` first.')
  const only = process.env.BENCH_ONLY
  if (only !== undefined && !['U1', 'P1', 'js', 'paint'].includes(only))
    throw new Error('BENCH_ONLY knows U1, P1, js and paint.')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'license-portal-bench-'))
  const env = envFor(dataDir)
  const sizes = only === 'js' || only === 'paint' ? [100] : only === 'P1' ? [1_000] : only ? [100, 10_000] : SIZES
  const admins = await seed(env, sizes)
  const store = openDatabase(path.join(dataDir, 'licensing.db'))
  try {
    if (only === 'js' || only === 'paint') {
      const server = await startServer(base, env, 1)
      try {
        const lines =
          only === 'js'
            ? await scriptLines(base, await portalSignIn(store, admins[100]))
            : await paintLines(base, await portalSignIn(store, PAINT_ADMIN))
        for (const line of lines) console.log(line)
      } finally {
        await server.stop()
      }
      return
    }
    console.log(`License Portal bench: ${cores} core(s), medians of ${RUNS} runs\n`)
    if (only === 'U1') {
      const server = await startServer(base, env, 1)
      try {
        console.log(await usageLine(store, admins))
      } finally {
        await server.stop()
      }
      return
    }
    if (only === 'P1') {
      const server = await startServer(base, env, 1)
      try {
        console.log(p1Line(await measureSize(store, admins[1_000], 1_000)))
      } finally {
        await server.stop()
      }
      console.log(await loadLine(store, admins[1_000], env))
      console.log(await profileLine(env, store, admins[1_000], 1_000))
      return
    }
    const server = await startServer(base, env, 1)
    const sqlite: Record<number, Record<string, number>> = {}
    let scripts: string[] = []
    let paints: string[] = []
    try {
      for (const size of SIZES) sqlite[size] = await measureSize(store, admins[size], size)
      const search = await searchTerm(store, 'bench-10000')
      const cookie = await portalSignIn(store, admins[10_000])
      const searched = await medians({
        plain: () => page('/manage', cookie),
        search: () => page(`/manage?q-bench-10000=${encodeURIComponent(search.term)}`, cookie),
      })
      const m = (size: number, key: string) => sqlite[size][key]
      console.log(
        `P0 ${ratio(m(100, 'manage'), m(100, 'full'))} (goal ≤ 1.5): /manage ${ms(m(100, 'manage'))} ÷ full retrieveDetails ${ms(m(100, 'full'))} at 100 licenses (windowed retrieveDetails ${ms(m(100, 'windowed'))}; a page that reads no data, /help/, ${ms(m(100, 'help'))})`,
      )
      console.log(p1Line(sqlite[1_000]))
      console.log(
        `P2 ${ratio(m(10_000, 'manage'), m(100, 'manage'))} (goal ≤ 1.5): /manage ${ms(m(10_000, 'manage'))} at 10,000 ÷ ${ms(m(100, 'manage'))} at 100 licenses (full retrieveDetails at 10,000: ${ms(m(10_000, 'full'))})`,
      )
      console.log(
        `P2-search ${ratio(searched.search, searched.plain)} (goal ≤ 1.5): /manage searching "${search.term}" (${search.matching} of 10,000 match) ${ms(searched.search)} ÷ unfiltered ${ms(searched.plain)}`,
      )
      console.log(
        `M1 ${ratio(m(10_000, 'assign'), m(100, 'assign'))} (goal ≤ 1.5): assign one license ${ms(m(10_000, 'assign'))} at 10,000 ÷ ${ms(m(100, 'assign'))} at 100 licenses`,
      )
      console.log(await usageLine(store, admins))
      scripts = await scriptLines(base, await portalSignIn(store, admins[100]))
      paints = await paintLines(base, await portalSignIn(store, PAINT_ADMIN))
    } finally {
      await server.stop()
    }

    console.log(await loadLine(store, admins[1_000], env))

    for (const size of [100, 1_000]) console.log(await profileLine(env, store, admins[size], size))
    if (process.env.BENCH_PG !== '0') await postgresLine(sqlite[1_000])
    for (const line of [...scripts, ...paints]) console.log(line)
  } finally {
    await store.destroy()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The page against both reads: the windowed read is what the page itself reads, so render ≤ read is the goal. */
function p1Line(m: Record<string, number>): string {
  return `P1 ${ratio(m.manage, m.windowed)} (goal ≤ 2): /manage ${ms(m.manage)} ÷ windowed retrieveDetails ${ms(m.windowed)} at 1,000 licenses; ÷ full retrieveDetails ${ms(m.full)} ${ratio(m.manage, m.full)} (goal ≤ 0.5)`
}

async function loadLine(store: DB, email: string, env: NodeJS.ProcessEnv): Promise<string> {
  const cookies = await sessions(store, email, 200, env, cores)
  const cluster = await startServer(base, env, cores)
  try {
    const l = await load(base, '/manage', cookies, 200, 20)
    return `L1 ${l.rps.toFixed(0)} requests/s, ${(l.rps / cores).toFixed(0)} per core (${cores} instances), p50 ${l.p50} ms, p99 ${l.p99} ms (${(l.p99 / Math.max(1, l.p50)).toFixed(1)} × p50), ${l.errors} errors of ${l.requests} (goal 0 errors, p99 ≤ 10 × p50): 200 sessions on /manage of 1,000 licenses for 20 s`
  } finally {
    await cluster.stop()
  }
}

async function measureSize(store: DB, email: string, size: number) {
  const cookie = await portalSignIn(store, email)
  const credential = await serviceSignIn(store, email)
  const companyId = `bench-${size}`
  const free = await store
    .selectFrom('licenses')
    .select(['id', 'owner'])
    .where('owner', '=', companyId)
    .where('subscription_id', 'is', null)
    .where('assigned_to', '=', '')
    .where('expiration', '>', Date.now() + DAY_MS)
    .where('product_name', 'not like', '%Enterprise%')
    .executeTakeFirstOrThrow()
  let holder = ''
  let n = 0
  return medians({
    manage: () => page('/manage', cookie),
    help: () => page('/help/', cookie),
    full: () => details(credential, {}),
    windowed: () => details(credential, { windows: [] }),
    assign: async () => {
      const email = `m1-${size}-${++n}@bench.test`
      const response = await fetch(`${base}/manage?index`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          intent: 'assign',
          license: free.id,
          owner: free.owner,
          email,
          assignedToBefore: holder,
        }),
      })
      if (response.status !== 302) throw new Error(`Assign answered ${response.status}: ${await response.text()}`)
      holder = email
    },
  })
}

/** The usage page of a company with a year of checks: it counts the company's rows of 12 months, whatever its size. */
async function usageLine(store: DB, admins: Record<number, string>): Promise<string> {
  const small = await portalSignIn(store, admins[100])
  const large = await portalSignIn(store, admins[10_000])
  const shown = await page('/manage/usage?company=bench-10000', large)
  if (!shown.includes('Usage of Bench 10000')) throw new Error('The usage page of Bench 10000 did not answer.')
  const t = await medians({
    small: () => page('/manage/usage?company=bench-100', small),
    large: () => page('/manage/usage?company=bench-10000', large),
    manage: () => page('/manage', large),
  })
  return `U1 ${ratio(t.large, t.small)} (goal ≤ 1.5): /manage/usage at 10,000 seats with a year of checks ${ms(t.large)} ÷ ${ms(t.small)} at 100 seats (/manage at 10,000: ${ms(t.manage)})`
}

/** Profiled while it serves 500 /manage pages: where the time goes. */
async function profileLine(env: NodeJS.ProcessEnv, store: DB, email: string, size: number): Promise<string> {
  const kept = process.env.BENCH_PROFILE
  const dir = kept
    ? path.resolve(kept, `manage-${size}`)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'license-portal-profile-'))
  fs.mkdirSync(dir, { recursive: true })
  const server = await startServer(base, env, 1, ['--cpu-prof', `--cpu-prof-dir=${dir}`])
  const pages = 500
  let html = ''
  try {
    const cookie = await portalSignIn(store, email)
    for (let i = 0; i < pages; i++) html = await page('/manage', cookie)
  } finally {
    await server.stop()
  }
  // The cluster's primary writes a small profile of its own; the instance's is the large one.
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))
  const largest = files.sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0]
  const { busyMs, shares } = summarizeProfile(path.join(dir, largest))
  if (kept) fs.writeFileSync(path.join(dir, 'manage.html'), html)
  else fs.rmSync(dir, { recursive: true, force: true })
  return `PROFILE /manage at ${size.toLocaleString('en-US')} licenses: ${(busyMs / pages).toFixed(1)} ms of CPU a page (${pages} pages, the server's start and sign-in included): ${describeShares(shares)}`
}

async function searchTerm(store: DB, companyId: string) {
  let best = { term: 'user1', matching: Infinity }
  for (let n = 100; n < 1000; n += 7) {
    const term = `user${n}`
    const row = await store
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', companyId)
      .where('assigned_to', 'like', `${term}%`)
      .executeTakeFirstOrThrow()
    const matching = Number(row.n)
    if (matching > 0 && Math.abs(matching - 10) < Math.abs(best.matching - 10)) best = { term, matching }
  }
  return best
}

async function postgresLine(sqlite: Record<string, number>) {
  const postgres = await startPostgres()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'license-portal-bench-pg-'))
  try {
    const env = envFor(dataDir, postgres.url)
    const admins = await seed(env, [1_000])
    const store = openDatabase(postgres.url)
    try {
      const cookies = await sessions(store, admins[1_000], 100, env, 1)
      const one = await startServer(base, env, 1)
      let pg: Record<string, number>
      let single
      try {
        const credential = await serviceSignIn(store, admins[1_000])
        pg = await medians({
          manage: () => page('/manage', cookies[0]),
          full: () => details(credential, {}),
        })
        single = await load(base, '/manage', cookies, 100, 10)
      } finally {
        await one.stop()
      }
      const two = await startServer(base, env, 2)
      let double
      try {
        double = await load(base, '/manage', cookies, 100, 10)
      } finally {
        await two.stop()
      }
      console.log(
        `PG at 1,000 licenses: /manage ${ms(pg.manage)} on PostgreSQL vs ${ms(sqlite.manage)} on SQLite (${ratio(pg.manage, sqlite.manage)} ×), full retrieveDetails ${ms(pg.full)} vs ${ms(sqlite.full)} (${ratio(pg.full, sqlite.full)} ×); /manage on PostgreSQL with 100 sessions for 10 s: one instance ${single.rps.toFixed(0)} requests/s (p99 ${single.p99} ms, ${single.errors} errors), two instances ${double.rps.toFixed(0)} requests/s (p99 ${double.p99} ms, ${double.errors} errors), ${ratio(double.rps, single.rps)} ×`,
      )
    } finally {
      await store.destroy()
    }
  } finally {
    postgres.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Made on a server of their own while the store is quiet. */
async function sessions(store: DB, email: string, count: number, env: NodeJS.ProcessEnv, instances: number) {
  const server = await startServer(base, env, instances)
  try {
    const cookies: string[] = []
    for (let i = 0; i < count; i++) cookies.push(await portalSignIn(store, email))
    return cookies
  } finally {
    await server.stop()
  }
}

function page(pathname: string, cookie: string): Promise<string> {
  return fetch(`${base}${pathname}`, { headers: { cookie } }).then((r) => r.text())
}

async function latestLink(store: DB, email: string): Promise<string> {
  const row = await store
    .selectFrom('mail_outbox')
    .select('text')
    .where('to', '=', email)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const link = row?.text.match(/https?:\/\/\S+\/manage\/\S+/)?.[0]
  if (!link) throw new Error(`no sign-in link for ${email}`)
  return link.replace(/^https?:\/\/[^/]+/, base)
}

async function portalSignIn(store: DB, email: string): Promise<string> {
  // The sign-in form's honeypot carries an encrypted timestamp: take the page's own fields.
  const html = await fetch(`${base}/`).then((r) => r.text())
  const honeypot = [...html.matchAll(/<input[^>]*name="([a-z_]+__confirm)"[^>]*>/g)].map((m) => [
    m[1],
    m[0].match(/value="([^"]*)"/)?.[1] ?? '',
  ])
  const form = new URLSearchParams([['intent', 'link'], ['email', email], ...honeypot])
  const sent = await fetch(`${base}/?index`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { origin: base },
  })
  // The form answers with a redirect to its "check your email" page (or that page itself without a redirect).
  if (sent.status !== 200 && sent.status !== 303 && sent.status !== 302)
    throw new Error(`sign-in for ${email} answered ${sent.status}`)
  const response = await fetch(await latestLink(store, email), { redirect: 'manual' })
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`no session for ${email}`)
  return cookie
}

async function serviceSignIn(store: DB, email: string): Promise<string> {
  await api({ manageLicense: { type: 'link', email } })
  const passthrough = (await latestLink(store, email)).split('/manage/')[1]
  const answer = (await api({ retrieveDetails: { passthrough } })) as { retrieveDetails: { session: string } }
  return answer.retrieveDetails.session
}

function api(body: unknown, credential?: string) {
  return fetch(`${base}/api/licensing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(credential ? { authorization: `Bearer ${credential}` } : {}) },
    body: JSON.stringify(body),
  }).then((r) => r.json())
}

function details(credential: string, payload: object) {
  return api({ retrieveDetails: payload }, credential)
}

await main()
