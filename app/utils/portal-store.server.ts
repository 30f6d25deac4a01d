import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import { openStore } from '../../config/store.js'
import { portalEnv } from './env.server'

/** The portal's store (sessions, OAuth requests): DATABASE_URL's PostgreSQL (shared), else SQLite in DATA_DIR. */
export type PortalTables = {
  portal_sessions: { id: string; data: string; expires: number }
  portal_oauth_requests: { id: string; provider: string; state: string; created_at: number }
}
export type PortalDb = Kysely<PortalTables>

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
  if (env.databaseUrl) {
    const db = openStore<PortalTables>(env.databaseUrl, { poolSize: POOL_SIZE })
    // Instances that start together must not both create the tables: a transaction-scoped advisory lock orders them.
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('license-portal:portal-store'))`.execute(trx)
      await createTables(trx)
    })
    return db
  }
  const db = openStore<PortalTables>(path.join(env.dataDir, 'portal-sessions.db'), { poolSize: POOL_SIZE })
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
