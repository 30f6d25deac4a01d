// Every lock the service takes; a subscription's is a lease because no transaction may stay open across a provider
// call, and a wait for a holder in this process is woken at once rather than polled.
import crypto from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from './database.js'
import type { Database } from './schema.js'
import { isPostgres } from './migrations/dialect.js'
import { ServiceError } from '../dispatch/errors.js'

/** A write rather than `for update`: under SERIALIZABLE a second writer to the company fails at once and runs again. */
export async function lockCompanies(trx: Transaction<Database>, companyIds: readonly string[]): Promise<void> {
  if (companyIds.length === 0) return
  await trx
    .updateTable('companies')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', 'in', [...new Set(companyIds)])
    .execute()
}

const turns = new Map<string, Promise<unknown>>()

/** Waiting in this process costs no query and no connection. */
function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve()
  const run = before.then(work, work)
  const settled = run.then(
    () => {},
    () => {},
  )
  turns.set(key, settled)
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key)
  })
  return run
}

// Cheap to wait for (identity providers send bursts); the PostgreSQL session lock is freed if the process dies.
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

const FIRST_POLL_MS = 15
/** Another process's holder is asked after about a poll: polls grow to this, so a long wait costs few queries. */
const LONGEST_POLL_MS = 200
const sleepers = new Map<string, Set<() => void>>()

export function letGo(key: string): void {
  const waiting = sleepers.get(key)
  sleepers.delete(key)
  for (const wake of waiting ?? []) wake()
}

function nap(key: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const waiting = sleepers.get(key) ?? new Set<() => void>()
    sleepers.set(key, waiting)
    const wake = () => {
      clearTimeout(timer)
      waiting.delete(wake)
      if (waiting.size === 0 && sleepers.get(key) === waiting) sleepers.delete(key)
      resolve()
    }
    const timer = setTimeout(wake, ms)
    waiting.add(wake)
  })
}

/** Undefined after `waitMs`; the holder calls `letGo(key)` to wake waiters here at once. */
export async function waitForTurn<T>(
  key: string,
  waitMs: number,
  take: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const deadline = Date.now() + waitMs
  for (let poll = FIRST_POLL_MS; ; poll = Math.min(LONGEST_POLL_MS, poll * 2)) {
    const taken = await take()
    if (taken !== undefined) return taken
    const left = deadline - Date.now()
    if (left <= 0) return undefined
    await nap(key, Math.min(poll, left))
  }
}

/** A provider call plus the write after it; past it the lease is given up as abandoned. */
export const LEASE_MS = 60_000
/** Before the second operation is refused. */
export const WAIT_MS = 20_000

export const busyMessage = 'Another change to this subscription is under way; please try again in a moment.'

async function tryLease(db: DB, subscriptionId: string, token: string): Promise<true | undefined> {
  const store = db
  const now = Date.now()
  await store
    .deleteFrom('subscription_locks')
    .where('subscription_id', '=', subscriptionId)
    .where('expires_at', '<', now)
    .execute()
  const inserted = await store
    .insertInto('subscription_locks')
    .values({ subscription_id: subscriptionId, token, expires_at: now + LEASE_MS })
    .onConflict((oc) => oc.column('subscription_id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 || undefined
}

/** So store and provider never disagree. Never inside a transaction: the lease is taken in statements of its own. */
export async function withSubscriptionLock<T>(
  db: DB,
  subscriptionId: string,
  work: () => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const key = `subscription:${subscriptionId}`
  const token = crypto.randomBytes(12).toString('base64url')
  if (!(await waitForTurn(key, options.waitMs ?? WAIT_MS, () => tryLease(db, subscriptionId, token)))) {
    throw new ServiceError('INVALID_STATE', busyMessage)
  }
  try {
    return await work()
  } finally {
    await db
      .deleteFrom('subscription_locks')
      .where('subscription_id', '=', subscriptionId)
      .where('token', '=', token)
      .execute()
    letGo(key)
  }
}
