import type { Kysely, Transaction } from 'kysely'
import { isPostgres } from './migrations/dialect.js'

/** Runs of a transaction that lost a race on PostgreSQL before the failure is let through. */
const ATTEMPTS = 8

/** SERIALIZABLE on PostgreSQL (retried on conflict), so every check-then-write holds; `work` touches only the store. */
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

/** Serialization failure and deadlock: the transaction did nothing and may run again. */
function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  return code === '40001' || code === '40P01'
}
