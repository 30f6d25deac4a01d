// One change at a time per subscription (a lease in the store), so store and provider never disagree.
import crypto from 'node:crypto'
import type { DB } from '../db/database.js'
import { ServiceError } from '../dispatch/errors.js'

/** A provider call plus the write after it; past it the lease is given up as abandoned. */
export const LEASE_MS = 60_000
/** Before the second operation is refused. */
export const WAIT_MS = 20_000
const POLL_MS = 15

export const busyMessage = 'Another change to this subscription is under way; please try again in a moment.'

function locks(db: DB) {
  return db
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

/** Released however `work` ends. Never call it inside a transaction: the lease is taken in statements of its own. */
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
