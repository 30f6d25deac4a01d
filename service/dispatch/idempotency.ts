// `Idempotency-Key`: a write reserved in the store, its answer kept a day; an anonymous key is bound to the request's
// content, so no one can block or read another's write; an abandoned reservation is taken over.
import { DAY_MS } from '../../protocol/shared/dates.js'
import crypto from 'node:crypto'
import type { OperationName } from '../../protocol/operations.js'
import type { ErrorBody } from '../../protocol/shared/errors.js'
import type { ServiceContext } from './context.js'
import type { DB } from '../db/database.js'
import { letGo, waitForTurn } from '../db/locks.js'

export type StoredResponse = { status: number; body: unknown }

export const IDEMPOTENCY_TTL_MS = DAY_MS
/** Before the repeat is refused. */
export const IN_PROGRESS_WAIT_MS = 10_000
/** Far longer than any write takes, and than the portal waits for one. */
export const ABANDONED_AFTER_MS = 60_000

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
const keys = (db: DB) => db

const refusal = (error: ErrorBody['error'], message: string): StoredResponse => ({
  status: 500,
  body: { error, message },
})

/** Only a completed write's answer is kept; after a refusal a repeat runs the write again. */
export async function oncePerKey(
  ctx: ServiceContext,
  request: { operation: OperationName; key: string; payload: unknown },
  write: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const store = keys(ctx.db)
  const digest = sha256(JSON.stringify(request.payload) ?? '')
  // (An empty credential is no credential: it would be one scope shared by everyone who sends one.)
  const scope = ctx.credential ? sha256(ctx.credential) : sha256(`anonymous\n${digest}`)
  const id = { scope, key: request.key, operation: request.operation }
  const now = ctx.now()
  await store
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
    .execute()
  const turn = `idempotency:${scope}:${request.operation}:${request.key}`
  const answered = await waitForTurn(turn, IN_PROGRESS_WAIT_MS, async () => {
    for (;;) {
      const reserved = await store
        .insertInto('idempotency_keys')
        .values({ ...id, payload_digest: digest, status: 'pending', response: null, created_at: now })
        .onConflict((oc) => oc.columns(['scope', 'key', 'operation']).doNothing())
        .executeTakeFirst()
      if (reserved.numInsertedOrUpdatedRows === 1n) return runReserved(ctx.db, id, turn, write)

      const earlier = await store
        .selectFrom('idempotency_keys')
        .select(['payload_digest', 'status', 'response', 'created_at'])
        .where('scope', '=', id.scope)
        .where('key', '=', id.key)
        .where('operation', '=', id.operation)
        .executeTakeFirst()
      // Given up just now: reserved again.
      if (!earlier) continue
      if (earlier.payload_digest !== digest) {
        return refusal('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.')
      }
      if (earlier.status === 'done' && earlier.response) return JSON.parse(earlier.response) as StoredResponse
      if (earlier.status === 'pending' && earlier.created_at < ctx.now() - ABANDONED_AFTER_MS) {
        // Given up by a stopped process: removed as seen (another repeat may be taking it over) and reserved again.
        await store
          .deleteFrom('idempotency_keys')
          .where('scope', '=', id.scope)
          .where('key', '=', id.key)
          .where('operation', '=', id.operation)
          .where('status', '=', 'pending')
          .where('created_at', '=', earlier.created_at)
          .execute()
        continue
      }
      // Still running elsewhere: waited for.
      return undefined
    }
  })
  return (
    answered ?? refusal('REQUEST_IN_PROGRESS', 'This request is still being processed; please try again in a moment.')
  )
}

async function runReserved(
  db: DB,
  id: { scope: string; key: string; operation: string },
  turn: string,
  write: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const store = keys(db)
  const release = async () => {
    await store
      .deleteFrom('idempotency_keys')
      .where('scope', '=', id.scope)
      .where('key', '=', id.key)
      .where('operation', '=', id.operation)
      .execute()
    letGo(turn)
  }
  let response: StoredResponse
  try {
    response = await write()
  } catch (err) {
    await release()
    throw err
  }
  // A refusal changed nothing: the key is given up, so that the form it came from may be corrected and sent again.
  if (response.status !== 200) {
    await release()
    return response
  }
  await store
    .updateTable('idempotency_keys')
    .set({ status: 'done', response: JSON.stringify(response) })
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .where('operation', '=', id.operation)
    .execute()
  letGo(turn)
  return response
}
