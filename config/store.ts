// The store's connection, set up once for the licensing service (service/db/database.ts) and the portal's sessions
// (app/utils/portal-store.server.ts): a PostgreSQL connection string shared by instances, or a SQLite file.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely'
import pg from 'pg'

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location)
}

// Times are epoch milliseconds in `bigint` columns: PostgreSQL answers int8 (and numeric) as strings, to keep their
// full range; every value this store keeps fits a JavaScript number, so they are read as numbers, as SQLite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))

export function openStore<Tables>(location: string, options: { poolSize: number }): Kysely<Tables> {
  if (isPostgresUrl(location)) {
    // A server that drops packets fails the connection after 10 s rather than holding a start or request for ever.
    const pool = new pg.Pool({ connectionString: location, max: options.poolSize, connectionTimeoutMillis: 10_000 })
    // A connection the server ends is dropped and replaced; unhandled, the pool's 'error' event would stop the process.
    pool.on('error', () => {})
    return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  }
  return openSqlite<Tables>(location)
}

// Kysely takes no lock for SQLite migrations: running them in one `BEGIN IMMEDIATE` makes a second process wait and
// then find them applied (PostgreSQL: Kysely's advisory lock).
class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`begin immediate`.execute(db)
  }
  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`commit`.execute(db)
  }
}

// A transaction that read and then meets another's commit is refused at once ("database is locked"); one that takes
// the write lock at its start waits its turn.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class StoreSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config)
  }
  override createAdapter() {
    return new LockingSqliteAdapter()
  }
}

// Switching to WAL takes the exclusive lock without a busy handler, so processes opening a new file together retry.
function switchToWal(sqlite: SQLite.Database): void {
  const deadline = Date.now() + 10_000
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL')
      return
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error
      Atomics.wait(pause, 0, 0, 25)
    }
  }
}

/** More than the distinct queries the service makes, so the cache rarely turns. */
const STATEMENTS_KEPT = 1000

// Kysely prepares every query afresh, which costs as much as running a page's small queries (`npm run bench`): keep
// statements by SQL text, oldest out first (Kysely runs one query at a time; SQLite re-prepares after a migration).
function keepingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = kept.get(text)
      if (statement) kept.delete(text)
      else statement = sqlite.prepare(text)
      kept.set(text, statement)
      if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string)
      return statement
    },
  }
}

function openSqlite<Tables>(file: string): Kysely<Tables> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  switchToWal(sqlite)
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  return new Kysely<Tables>({ dialect: new StoreSqliteDialect({ database: keepingStatements(sqlite) }) })
}
