import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LicensingService } from '../index.js'
import { makeSubscription } from '../../tests/support/subscriptions.js'
import { createTestService, freshDatabase, signInAs } from '../../tests/support/service.js'
import { createServiceJobRunner } from './index.js'
import { createJobRunner, type JobLog } from './runner.js'

const DAY = 24 * 60 * 60 * 1000
// Far past every date of the demo data (seeded relative to today), so only what a test makes is due.
const AS_OF = Date.UTC(2040, 0, 10, 12)
const quiet: JobLog = { info: () => {}, error: () => {} }

let service: LicensingService & { dataDir: string }
let location: string
let dropStore: () => Promise<void>

beforeEach(async () => {
  // A store the test's child processes can open too: a database of its own on PostgreSQL, or a SQLite file.
  if (process.env.TEST_DATABASE_URL) {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL)
    location = database.url
    dropStore = database.drop
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-test-'))
    location = path.join(dir, 'licensing.db')
    dropStore = async () => fs.rmSync(dir, { recursive: true, force: true })
  }
  service = await createTestService({ database: location })
})
afterEach(async () => {
  await service.close()
  await dropStore()
})

const runner = (clock?: () => number) =>
  createServiceJobRunner(service, { intervalMs: 60 * 60_000, log: quiet, ...(clock ? { clock } : {}) })

async function remindersTo(email: string) {
  return service.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text'])
    .where('to', '=', email)
    .where('subject', 'like', 'Renewal reminder%')
    .orderBy('id')
    .execute()
}

/** A personal annual license of pat (bought outright) that expires `days` after AS_OF. */
async function expiringLicense(days: number): Promise<string> {
  const license = await service.db
    .selectFrom('licenses')
    .select(['id'])
    .where('owner', '=', 'pat@personal.test')
    .where('subscription_id', 'is', null)
    .where('trial', '=', 0)
    .where('promotional', '=', 0)
    .where('product_name', 'not like', '%Open Source%')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  await service.db
    .updateTable('licenses')
    .set({ expiration: AS_OF + days * DAY })
    .where('id', '=', license.id)
    .execute()
  return license.id
}

describe('the renewal reminder', () => {
  it('is mailed 2 days before a subscription renews, once per term, and again for the next term', async () => {
    const sub = await makeSubscription(service.db, {
      now: AS_OF,
      companyId: null,
      nextPaymentIn: 1.5,
      lastFour: '4242',
    })
    const jobs = runner()
    await jobs.runDue({ asOf: AS_OF, force: true })
    await jobs.runDue({ asOf: AS_OF + 3_600_000, force: true })
    const mails = await remindersTo('pat@personal.test')
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe('Renewal reminder: your subscription renews on January 12, 2040')
    expect(mails[0].text).toContain('renews on January 12, 2040; $58 will be charged to the Visa card ending 4242.')
    // Named as /manage names it: product, plan, billing and seats.
    expect(mails[0].text).toContain('- Wallaby.js Personal, yearly, 1 seat: renews on')
    expect(mails[0].text).toContain('http://portal.test/manage?dialog=account-settings')

    // Three days before the next payment is too early; the term after it gets its own reminder.
    const next = AS_OF + 31 * DAY
    await service.db.updateTable('subscriptions').set({ next_payment_date: next }).where('id', '=', sub.id).execute()
    await jobs.runDue({ asOf: next - 3 * DAY, force: true })
    expect(await remindersTo('pat@personal.test')).toHaveLength(1)
    await jobs.runDue({ asOf: next - DAY, force: true })
    expect(await remindersTo('pat@personal.test')).toHaveLength(2)
  })

  it('is mailed before an annual license expires, not for one that expires later or has expired', async () => {
    const soon = await expiringLicense(2)
    await runner().runDue({ asOf: AS_OF, force: true })
    const mails = await remindersTo('pat@personal.test')
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe('Renewal reminder: your license expires on January 12, 2040')
    const row = await service.db
      .selectFrom('licenses')
      .select(['order_id', 'key_number'])
      .where('id', '=', soon)
      .executeTakeFirstOrThrow()
    expect(mails[0].text).toContain(`(order ${row.order_id}, key ${row.key_number}`)
    expect(mails[0].text).toContain('To renew them, open http://portal.test/manage and choose Renew.')

    await service.db
      .updateTable('licenses')
      .set({ expiration: AS_OF + 3 * DAY })
      .where('id', '=', soon)
      .execute()
    await runner().runDue({ asOf: AS_OF - 2 * DAY, force: true })
    await runner().runDue({ asOf: AS_OF + 4 * DAY, force: true })
    expect(await remindersTo('pat@personal.test')).toHaveLength(1)
  })

  it('respects the account’s choice: off in Account Settings, no mail; the other administrators still get theirs', async () => {
    await makeSubscription(service.db, { now: AS_OF, companyId: 'acme', nextPaymentIn: 1 })
    const admins = (
      await service.db
        .selectFrom('company_permissions')
        .select(['email', 'permissions'])
        .where('company_id', '=', 'acme')
        .execute()
    ).filter((p) => p.permissions.split(',').includes('ADMIN'))
    expect(admins.map((a) => a.email)).toContain('olivia@acme.test')
    const olivia = await signInAs(service, 'olivia@acme.test')
    const off = await service.call(
      {
        updateAccountSettings: {
          logonLink: 'default',
          githubLinked: false,
          googleLinked: false,
          renewalReminders: false,
        },
      },
      olivia,
    )
    expect(off.status).toBe(200)

    await runner().runDue({ asOf: AS_OF, force: true })
    expect(await remindersTo('olivia@acme.test')).toEqual([])
    for (const other of admins.filter((a) => a.email !== 'olivia@acme.test'))
      expect(await remindersTo(other.email)).toHaveLength(1)
    // Managers are not told.
    expect(await remindersTo('max@acme.test')).toEqual([])
  })
})

describe('the purge', () => {
  it('removes expired sessions, link tokens and OAuth requests, and nothing still valid', async () => {
    const now = AS_OF
    await service.db
      .insertInto('service_sessions')
      .values([
        {
          id: 'expired',
          email: 'pat@personal.test',
          created_at: now - 2 * DAY,
          expires_at: now - DAY,
          revoked_at: null,
        },
        { id: 'ended', email: 'pat@personal.test', created_at: now - 60_000, expires_at: now + DAY, revoked_at: now },
        { id: 'valid', email: 'pat@personal.test', created_at: now - 60_000, expires_at: now + DAY, revoked_at: null },
      ])
      .execute()
    await service.db
      .insertInto('tokens')
      .values([
        {
          id: 'old',
          purpose: 'login',
          email: 'pat@personal.test',
          data: null,
          issued_at: now - DAY - 1,
          used_at: null,
        },
        {
          id: 'fresh',
          purpose: 'login',
          email: 'pat@personal.test',
          data: null,
          issued_at: now - DAY + 60_000,
          used_at: null,
        },
      ])
      .execute()
    const state = (id: string, createdAt: number) => ({
      state: id,
      provider: 'github' as const,
      code_verifier: '',
      callback: 'http://portal.test/auth/github/',
      link_email: null,
      created_at: createdAt,
      used_at: null,
    })
    await service.db
      .insertInto('oauth_states')
      .values([state('stale', now - 2 * DAY), state('recent', now - 60_000)])
      .execute()

    const purge = (await runner().runDue({ asOf: now, force: true })).find((o) => o.job === 'purge-expired')
    expect(purge).toMatchObject({
      job: 'purge-expired',
      outcome: 'done',
      summary: { sessions: 2, tokens: 1, oauthStates: 1 },
    })
    const ids = async (table: 'service_sessions' | 'tokens') =>
      (
        await service.db
          .selectFrom(table)
          .select('id')
          .where('id', 'in', ['expired', 'ended', 'valid', 'old', 'fresh'])
          .execute()
      ).map((r) => r.id)
    expect(await ids('service_sessions')).toEqual(['valid'])
    expect(await ids('tokens')).toEqual(['fresh'])
    const states = await service.db
      .selectFrom('oauth_states')
      .select('state')
      .where('state', 'in', ['stale', 'recent'])
      .execute()
    expect(states.map((s) => s.state)).toEqual(['recent'])
  })
})

describe('the job runner', () => {
  it('runs a due job once per interval, and retries a failed one after its backoff', async () => {
    let clock = AS_OF
    let failures = 1
    const runs: number[] = []
    const errors: object[] = []
    const jobs = createJobRunner({
      db: service.db,
      intervalMs: 60 * 60_000,
      clock: () => clock,
      log: { info: () => {}, error: (fields) => errors.push(fields) },
      jobs: [
        {
          name: 'flaky',
          async run(asOf) {
            runs.push(asOf)
            if (failures-- > 0) throw new Error('the SMTP server is away')
            return { done: 1 }
          },
        },
      ],
    })
    expect(await jobs.runDue()).toMatchObject([
      { job: 'flaky', outcome: 'failed', error: 'the SMTP server is away', attempts: 1, retryAt: AS_OF + 60_000 },
    ])
    expect(errors).toMatchObject([{ job: 'flaky', attempts: 1 }])
    // Not yet due again; then retried, and done.
    clock += 30_000
    expect(await jobs.runDue()).toEqual([{ job: 'flaky', outcome: 'skipped' }])
    clock += 30_000
    expect(await jobs.runDue()).toMatchObject([{ job: 'flaky', outcome: 'done', summary: { done: 1 } }])
    const row = await service.db.selectFrom('jobs').selectAll().where('name', '=', 'flaky').executeTakeFirstOrThrow()
    expect(row).toMatchObject({ attempts: 0, last_error: null, next_run_at: clock + 60 * 60_000 })
    // Done: the next run is an interval away.
    clock += 60_000
    expect(await jobs.runDue()).toEqual([{ job: 'flaky', outcome: 'skipped' }])
    expect(runs).toEqual([AS_OF, AS_OF + 60_000])
  })

  it('runs each job once across two processes started together', async () => {
    await makeSubscription(service.db, { now: AS_OF, companyId: null, nextPaymentIn: 1 })
    const script = `import { createLicensingService } from './service/index.ts'
      import { createServiceJobRunner } from './service/jobs/index.ts'
      const service = await createLicensingService({
        database: process.env.STORE, seed: false, log: () => {},
        env: { NODE_ENV: 'test', DATA_DIR: process.env.DATA_DIR, PUBLIC_URL: 'http://portal.test' },
      })
      const runner = createServiceJobRunner(service, { intervalMs: 3600000, log: { info() {}, error() {} } })
      process.stdout.write('ready\\n')
      await new Promise((resolve) => process.stdin.once('data', resolve))
      const outcomes = await runner.runDue({ asOf: Number(process.env.AS_OF) })
      process.stdout.write(JSON.stringify(outcomes.map((o) => [o.job, o.outcome])) + '\\n')
      await service.close()
      process.exit(0)`
    const results = await together(2, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      ...process.env,
      STORE: location,
      DATA_DIR: service.dataDir,
      AS_OF: String(AS_OF),
    })
    const runs = results
      .flat()
      .filter(([, outcome]) => outcome === 'done')
      .map(([job]) => job)
    expect(runs.sort()).toEqual([
      'domain-checks',
      'lapsing-licenses',
      'purge-expired',
      'reclaim-idle-seats',
      'renewal-reminders',
      'sandbox-charges',
      'usage-figures',
      'webhook-deliveries',
    ])
    expect(results.flat().filter(([, outcome]) => outcome === 'skipped')).toHaveLength(8)
    expect(await remindersTo('pat@personal.test')).toHaveLength(1)
  })
})

/** Starts `count` processes, waits until each is ready, tells them all to go, and collects what each printed last. */
async function together(
  count: number,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<Array<Array<[string, string]>>> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'pipe'] }),
  )
  const ready = children.map((child) => new Promise<void>((resolve) => child.stdout.once('data', () => resolve())))
  const outcomes = children.map(
    (child) =>
      new Promise<Array<[string, string]>>((resolve, reject) => {
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        child.on('exit', (code) => {
          const last = stdout.trim().split('\n').at(-1) ?? ''
          if (code !== 0 || !last.startsWith('[')) reject(new Error(`runner exited ${code}: ${stderr}`))
          else resolve(JSON.parse(last) as Array<[string, string]>)
        })
      }),
  )
  await Promise.all(ready)
  for (const child of children) child.stdin.write('go\n')
  return Promise.all(outcomes)
}
