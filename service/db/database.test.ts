import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../tests/support/service.js'
import { createLicensingService } from '../index.js'
import { describeStore, migrateToLatest, openDatabase, StoreUnavailableError } from './database.js'
import { isPostgresUrl } from '../../config/store.js'

// The store under test: a database of its own on the PostgreSQL server of TEST_DATABASE_URL, or a SQLite file.
let location: string
let cleanUp: () => Promise<void>

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL)
    location = database.url
    cleanUp = database.drop
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'))
    location = path.join(dir, 'licensing.db')
    cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true })
  }
})
afterAll(async () => {
  await cleanUp()
})

describe('the store', () => {
  it('is migrated once when several processes start on it together', async () => {
    // Separate processes, as instances are: SQLite's lock is the file's, and better-sqlite3 waits for it synchronously.
    // Each one loads the code and says so, then all are told to go at once, so that they really collide.
    const migrate = `import { openDatabase, migrateToLatest } from './service/db/database.ts'
      process.stdout.write('ready\\n')
      await new Promise((resolve) => process.stdin.once('data', resolve))
      const db = openDatabase(process.env.STORE)
      await migrateToLatest(db)
      await db.destroy()
      process.exit(0)`
    const outcomes = await together(
      3,
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', migrate],
      {
        ...process.env,
        STORE: location,
      },
    )
    expect(outcomes).toEqual([
      { code: 0, stderr: '' },
      { code: 0, stderr: '' },
      { code: 0, stderr: '' },
    ])
    const db = openDatabase(location)
    try {
      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
      const files = fs
        .readdirSync(path.join(import.meta.dirname, 'migrations'))
        .filter((f) => /^\d{4}-.*(?<!\.test)\.ts$/.test(f))
      expect(Number((applied as { n: number }).n)).toBe(files.length)
      expect(await db.selectFrom('accounts').select('email').execute()).toEqual([])
    } finally {
      await db.destroy()
    }
  })

  it('reads times and amounts back as numbers, as they were written', async () => {
    const db = openDatabase(location)
    try {
      await migrateToLatest(db)
      const now = 1_795_000_000_123
      await db
        .insertInto('accounts')
        .values({ email: 'n@store.test', admin: 0, logon_link: 'default', created_at: now })
        .execute()
      const row = await db
        .selectFrom('accounts')
        .select(['created_at', 'admin'])
        .where('email', '=', 'n@store.test')
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ created_at: now, admin: 0 })
    } finally {
      await db.destroy()
    }
  })
})

/** Starts `count` processes, waits until each has printed "ready", tells them all to go, and collects how they end. */
async function together(count: number, file: string, args: string[], env: NodeJS.ProcessEnv) {
  const children = Array.from({ length: count }, () => spawn(file, args, { env, stdio: ['pipe', 'pipe', 'pipe'] }))
  const outcomes = children.map(
    (child) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        let stderr = ''
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        child.on('exit', (code) => resolve({ code, stderr }))
      }),
  )
  await Promise.all(children.map((child) => new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))))
  for (const child of children) child.stdin.write('go\n')
  return Promise.all(outcomes)
}

describe('describeStore', () => {
  it('never shows a connection string with its password', () => {
    expect(isPostgresUrl('postgres://u:pw@db:5432/portal')).toBe(true)
    expect(describeStore('postgres://u:pw@db:5432/portal')).toBe('PostgreSQL db:5432/portal')
    expect(describeStore('/var/data/licensing.db')).toBe('/var/data/licensing.db')
  })
})

describe('a store that cannot be opened', () => {
  it('is named by its variable in one sentence, never with its password', async () => {
    const unreachable = 'postgres://portal:hunter2-secret@127.0.0.1:9/portal'
    const refused = await createLicensingService({ log: () => {}, database: unreachable }).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(StoreUnavailableError)
    expect((refused as Error).message).toBe(
      'DATABASE_URL: the store at PostgreSQL 127.0.0.1:9/portal refuses the connection (is the server running, on that host and port?).',
    )

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'))
    try {
      const notADatabase = path.join(dir, 'licensing.db')
      fs.writeFileSync(notADatabase, 'this is not a database, but a text file of some length '.repeat(20))
      const damaged = await createLicensingService({ log: () => {}, database: notADatabase }).catch((e: unknown) => e)
      expect((damaged as Error).message).toBe(`DATA_DIR: the SQLite store ${notADatabase} is not a SQLite database.`)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('says which migrations it applies, once', async () => {
    const db = openDatabase(':memory:')
    try {
      const lines: string[] = []
      await migrateToLatest(db, (line) => lines.push(line))
      expect(lines[0]).toBe('store: migration 0001-initial applied')
      expect(lines.length).toBeGreaterThan(10)
      lines.length = 0
      await migrateToLatest(db, (line) => lines.push(line))
      expect(lines).toEqual([])
    } finally {
      await db.destroy()
    }
  })
})
