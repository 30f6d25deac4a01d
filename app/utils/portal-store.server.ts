import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { portalEnv } from './env.server'

/** The portal's store (sessions, OAuth requests): DATABASE_URL's PostgreSQL (shared), else SQLite in DATA_DIR. */
export type PortalTables = {
  portal_sessions: { id: string; data: string; expires: number }
  portal_oauth_requests: { id: string; provider: string; state: string; created_at: number }
}
export type PortalDb = Kysely<PortalTables>

// Expiry times are epoch milliseconds in bigint columns, which PostgreSQL answers as strings unless told otherwise.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

const POOL_SIZE = 5

let opened: Promise<PortalDb> | undefined

export function portalDb(): Promise<PortalDb> {
  opened ??= open().catch((error: unknown) => {
    opened = undefined
    throw error
  })
  return opened
}

async function open(): Promise<PortalDb> {
  const env = portalEnv()
  const url = env.databaseUrl
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE })
    // An idle connection the server ends is dropped by the pool; unhandled, its 'error' event would stop the process.
    pool.on('error', () => {})
    const db = new Kysely<PortalTables>({ dialect: new PostgresDialect({ pool }) })
    // Instances that start together must not both create the tables: a transaction-scoped advisory lock orders them.
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('license-portal:portal-store'))`.execute(trx)
      await createTables(trx)
    })
    return db
  }
  fs.mkdirSync(env.dataDir, { recursive: true })
  const sqlite = new SQLite(path.join(env.dataDir, 'portal-sessions.db'))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<PortalTables>({ dialect: new SqliteDialect({ database: sqlite }) })
  await createTables(db)
  return db
}

async function createTables(db: Kysely<PortalTables>): Promise<void> {
  await db.schema
    .createTable('portal_sessions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('portal_oauth_requests')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
}
