/**
 * One change of a company's directory at a time, across every instance. An identity provider sends bursts (a group
 * of hundreds pushed one member at a time, and its retries reaching another instance), so waiting must cost nothing:
 *
 * - within a process, changes of one company queue in memory, so at most one of them waits for the store;
 * - on PostgreSQL that one holds a session advisory lock on its connection (`pg_advisory_lock`), which the server
 *   grants in order without anybody polling, and releases itself should the process die; the change's transaction
 *   begins only once the lock is held, so it sees every change made before it;
 * - on SQLite the file's single writer already orders processes (`BEGIN IMMEDIATE`).
 */
import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../db/migrations/dialect.js'

const queues = new Map<string, Promise<unknown>>()

/** Runs `work` after every earlier call with the same key in this process has settled. */
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

/** Runs `work` holding the key's lock in the store, on one connection that `work` is handed to use. */
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
