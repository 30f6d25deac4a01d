import type { Kysely, Transaction } from 'kysely'
import { isPostgres } from './migrations/dialect.js'

/** Runs of a transaction that lost a race on PostgreSQL before the failure is let through. */
export const TRANSACTION_ATTEMPTS = 20
/** The longest pause between two runs: with 20 callers on one row, a loser may run many times, never for long. */
const LONGEST_PAUSE_MS = 250

/** SERIALIZABLE on PostgreSQL (retried on conflict), so every check-then-write holds; `work` touches only the store. */
export async function inTransaction<D, T>(db: Kysely<D>, work: (trx: Transaction<D>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(work)
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work)
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error
      // Back off a little, with jitter, so that the transactions that collided do not collide again.
      const pause = Math.min(LONGEST_PAUSE_MS, 10 * 2 ** attempt)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * pause))
    }
  }
}

/** Serialization failure and deadlock: the transaction did nothing and may run again. */
function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  return code === '40001' || code === '40P01'
}
