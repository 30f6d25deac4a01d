/**
 * One change at a time per subscription. A subscription operation reads the subscription, asks the payment provider,
 * then writes what the provider answered; two of them interleaving (say, quantity 7 and quantity 3 at once) could
 * leave the store saying one thing and the provider the other. Each operation therefore holds a lease on the
 * subscription in the store (table `subscription_locks`, migration 0003) from its first read to its last write; a
 * second operation waits for it. The lease lives in the store, not in process memory, so it also holds between
 * several service instances; it expires by itself should a process die while holding it.
 */
import crypto from 'node:crypto'
import type { DB } from '../db/database.js'
import { ServiceError } from '../dispatch/errors.js'

export type SubscriptionLockTable = {
  subscription_id: string
  token: string
  expires_at: number
}

/** Longest a provider call plus the write after it may take before the lease is given up as abandoned. */
export const LEASE_MS = 60_000
/** How long a second operation waits for the first before it is refused. */
export const WAIT_MS = 20_000
const POLL_MS = 15

export const busyMessage = 'Another change to this subscription is under way; please try again in a moment.'

function locks(db: DB) {
  return db.withTables<{ subscription_locks: SubscriptionLockTable }>()
}

async function tryAcquire(db: DB, subscriptionId: string, token: string): Promise<boolean> {
  const store = locks(db)
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
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1
}

/**
 * Runs `work` while holding the subscription's lease; waits up to `WAIT_MS` for another holder, then refuses with
 * INVALID_STATE. The lease is released however `work` ends. Never call it while a transaction is open: the lease is
 * taken and given back in statements of its own.
 */
export async function withSubscriptionLock<T>(
  db: DB,
  subscriptionId: string,
  work: () => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const token = crypto.randomBytes(12).toString('base64url')
  const deadline = Date.now() + (options.waitMs ?? WAIT_MS)
  while (!(await tryAcquire(db, subscriptionId, token))) {
    if (Date.now() >= deadline) throw new ServiceError('INVALID_STATE', busyMessage)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  try {
    return await work()
  } finally {
    await locks(db)
      .deleteFrom('subscription_locks')
      .where('subscription_id', '=', subscriptionId)
      .where('token', '=', token)
      .execute()
  }
}
