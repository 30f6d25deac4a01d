/**
 * Several instances started at the same moment on one new store (a deployment's first start): every one of them
 * starts, the migrations are applied once, and exactly one seeds the demo data set. On SQLite by default; on
 * PostgreSQL when TEST_DATABASE_URL names a server.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../tests/support/service.js'
import { openDatabase } from '../service/db/database.js'
import { demoAccounts } from './seed.js'

const PROCESSES = 3

// A process of its own: waits for the word, then starts the service on the store with seeding on and prints whether
// it seeded (its start log says so) and how many accounts it then sees.
const STARTER = `import { createLicensingService } from './service/index.ts'
process.stdout.write('ready\\n')
await new Promise((resolve) => process.stdin.once('data', resolve))
const lines = []
const service = await createLicensingService({
  database: process.env.STORE,
  seed: true,
  demo: () => import('./demo/seed.ts'),
  log: (line) => lines.push(line),
  env: { NODE_ENV: 'test', DATA_DIR: process.env.DATA_DIR, PUBLIC_URL: 'http://portal.test' },
})
const accounts = (await service.db.selectFrom('accounts').select('email').execute()).length
process.stdout.write(JSON.stringify({ seeded: lines.some((line) => line.startsWith('Seeded')), accounts }) + '\\n')
await service.close()
process.exit(0)`

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** Starts `PROCESSES` services on `store` at one moment; resolves with each one's answer, or its error output. */
async function startTogether(store: string, dataDir: string) {
  const children = Array.from({ length: PROCESSES }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', STARTER], {
      env: { ...process.env, STORE: store, DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  )
  const outputs = children.map(
    (child) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        let out = ''
        let err = ''
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
        child.on('exit', (code) => resolve({ code, out, err }))
      }),
  )
  await Promise.all(children.map((child) => new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))))
  for (const child of children) child.stdin.write('go\n')
  return Promise.all(outputs)
}

describe('instances starting together on a new store', () => {
  it(`all ${PROCESSES} start, and exactly one seeds the demo data set`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-start-'))
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    const serverUrl = process.env.TEST_DATABASE_URL
    const postgres = serverUrl ? await freshDatabase(serverUrl) : null
    if (postgres) cleanups.push(postgres.drop)
    const store = postgres?.url ?? path.join(dataDir, 'licensing.db')

    const results = await startTogether(store, dataDir)
    for (const result of results) expect(result, result.err).toMatchObject({ code: 0 })
    const answers = results.map(
      (result) => JSON.parse(result.out.trim().split('\n').pop()!) as { seeded: boolean; accounts: number },
    )
    expect(answers.filter((answer) => answer.seeded)).toHaveLength(1)
    // Each instance, once started, sees the whole demo data set: the same accounts.
    expect(new Set(answers.map((answer) => answer.accounts))).toEqual(new Set([answers[0]!.accounts]))

    // The store holds the demo data set once, and each migration once.
    const db = openDatabase(store)
    try {
      const emails = (await db.selectFrom('accounts').select('email').execute()).map((row) => row.email)
      expect(emails).toHaveLength(answers[0]!.accounts)
      expect(new Set(emails).size).toBe(emails.length)
      expect(emails).toContain(demoAccounts[0]!.email)
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
      const names = rows.map((row) => row.name)
      expect(new Set(names).size).toBe(names.length)
    } finally {
      await db.destroy()
    }
  }, 120_000)
})
