import type { Kysely, Transaction } from 'kysely'
import { isPostgres } from './migrations/dialect.js'

/** How often a transaction that lost a race on PostgreSQL is run again before the failure is let through. */
const ATTEMPTS = 8

/**
 * Runs `work` in one transaction. On SQLite a transaction already sees the store as if alone: the file has one writer
 * at a time. On PostgreSQL several connections (and instances) write at once, so the transaction runs SERIALIZABLE:
 * every invariant a check-then-write keeps alone (the last administrator, the activation limit, a seat's quantity)
 * holds under any interleaving, and a transaction that would break one is rolled back with a serialization failure
 * and run again from the start. `work` must therefore touch nothing but the store (mail and provider calls come after
 * the commit).
 */
export async function inTransaction<D, T>(db: Kysely<D>, work: (trx: Transaction<D>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(work)
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work)
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error
      // Back off a little, with jitter, so that the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt))
    }
  }
}

/** PostgreSQL's serialization failure and deadlock: the transaction did nothing and may be run again. */
function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  return code === '40001' || code === '40P01'
}
