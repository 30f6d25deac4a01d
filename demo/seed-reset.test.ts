// `npm run seed -- --reset` beside a running server: the server serves the fresh demo data at once (SQLite, or
// PostgreSQL under `npm run test:pg`); a production store is refused.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestService, freshDatabase, signInAs } from '../tests/support/service.js'
import { runSeedCommand } from './seed-cli.js'

let dataDir: string
let env: Record<string, string>
let dropStore: () => Promise<void> = async () => {}
let server: Awaited<ReturnType<typeof createTestService>>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-reset-'))
  env = { NODE_ENV: 'test', DATA_DIR: dataDir }
  let location = path.join(dataDir, 'licensing.db')
  if (process.env.TEST_DATABASE_URL) {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL)
    location = env.DATABASE_URL = database.url
    dropStore = database.drop
  }
  // A running server on the store, seeded with the demo data as it starts.
  server = await createTestService({ database: location })
})
afterAll(async () => {
  await server.close()
  await dropStore()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function seed(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const status = await runSeedCommand(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { status, out: out.join('\n'), err: err.join('\n') }
}

const coupon = () =>
  server.db.selectFrom('coupons').selectAll().where('code', '=', 'FREEMONTH').executeTakeFirstOrThrow()

it('resets what the running server serves: what was changed is undone, what was added is gone, sign-in works', async () => {
  const before = await coupon()
  await server.db
    .updateTable('coupons')
    .set({ redeemed_by: 'pat@personal.test', redeemed_at: 1 })
    .where('code', '=', 'FREEMONTH')
    .execute()
  await server.db
    .insertInto('accounts')
    .values({
      email: 'new@reset.test',
      admin: 0,
      logon_link: 'default',
      github_id: null,
      google_id: null,
      created_at: 0,
    })
    .execute()

  const reset = await seed('--reset')
  expect(reset).toMatchObject({ status: 0, err: '' })
  expect(reset.out).toMatch(/^Reset .+ to the demo data set; a server running on it shows it from its next page\./)

  expect(await coupon()).toMatchObject({ redeemed_by: before.redeemed_by, redeemed_at: null })
  const accounts = await server.db.selectFrom('accounts').select('email').execute()
  expect(accounts.map((a) => a.email)).not.toContain('new@reset.test')
  expect(accounts.map((a) => a.email)).toEqual(expect.arrayContaining(['olivia@acme.test', 'pat@personal.test']))
  expect(await signInAs(server, 'olivia@acme.test')).toEqual(expect.any(String))
})

it('seeds an empty store only, and says so otherwise', async () => {
  expect(await seed()).toMatchObject({ status: 0, out: expect.stringMatching(/already holds data; nothing seeded/) })
  expect(await seed('--fresh')).toMatchObject({
    status: 2,
    err: 'Unknown argument(s): --fresh\nUsage: npm run seed [-- --reset]',
  })
})

it('refuses to seed or reset a production store, unless SEED_DEMO_DATA=1 says it is a test deployment', async () => {
  const err: string[] = []
  const production = {
    ...env,
    NODE_ENV: 'production',
    ALLOW_GENERATED_SECRETS: '1',
    PUBLIC_URL: 'https://portal.example',
    MAIL_OUTBOX_ONLY: '1',
    PAYMENTS_SANDBOX: '1',
  }
  const io = { out: () => {}, err: (line: string) => void err.push(line) }
  expect(await runSeedCommand(['--reset'], production, io)).toBe(1)
  expect(await runSeedCommand([], production, io)).toBe(1)
  expect(err).toEqual([
    expect.stringMatching(
      /^Refused: .+ is a production store .+ would replace everything in it\. .+ SEED_DEMO_DATA=1\.$/,
    ),
    expect.stringMatching(/^Refused: .+ has a platform administrator anyone can sign in as\. .+ SEED_DEMO_DATA=1\.$/),
  ])
  expect(await runSeedCommand(['--reset'], { ...production, SEED_DEMO_DATA: '1' }, io)).toBe(0)
  expect(await coupon()).toMatchObject({ redeemed_by: null })
})
