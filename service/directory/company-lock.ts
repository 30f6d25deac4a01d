// One directory change per company at a time, cheap to wait for (identity providers send bursts): a queue in process,
// a session advisory lock on PostgreSQL (freed if the process dies), the single writer on SQLite.
import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../db/migrations/dialect.js'

const queues = new Map<string, Promise<unknown>>()

function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve()
  const run = before.then(work, work)
  const settled = run.then(
    () => {},
    () => {},
  )
  queues.set(key, settled)
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key)
  })
  return run
}

/** On one connection that `work` is handed to use. */
export function withStoreLock<D, T>(db: Kysely<D>, key: string, work: (db: Kysely<D>) => Promise<T>): Promise<T> {
  return inTurn(key, async () => {
    if (!isPostgres(db)) return work(db)
    return db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection)
      try {
        return await work(connection)
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection)
      }
    })
  })
}
