import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely'
import * as initial from './migrations/0001-initial.js'
import * as payments from './migrations/0002-payments.js'
import * as subscriptionLocks from './migrations/0003-subscription-locks.js'
import * as mailRetry from './migrations/0005-mail-retry.js'
import type { Database } from './schema.js'

export type DB = Kysely<Database>

// Migrations are listed here (not read from a folder at run time) so that the bundled server carries them.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-payments': payments,
  '0003-subscription-locks': subscriptionLocks,
  '0005-mail-retry': mailRetry,
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations
  }
}

/** Opens (creating if needed) the SQLite store: WAL, foreign keys on, a busy timeout for concurrent writers. */
export function openDatabase(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
}

/** The names of the migrations not yet applied to the store (a query, so it also proves the store answers). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() })
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name)
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() })
  const { error, results } = await migrator.migrateToLatest()
  if (!error) return
  const failed = (results ?? []).filter((r) => r.status === 'Error').map((r) => r.migrationName)
  const cause = error instanceof Error ? error.message : String(error)
  throw new Error(`The store could not be migrated${failed.length ? ` (${failed.join(', ')} failed)` : ''}: ${cause}`, {
    cause: error,
  })
}
