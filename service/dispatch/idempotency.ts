/**
 * Writes are safe to repeat. A caller that may send a write twice — the portal retries a call whose answer was lost
 * (spec §7's five retries), a browser re-posts a form — sends an `Idempotency-Key` with it, the same on every attempt.
 * The first attempt reserves the key (scoped to who may see its answer, and to the operation) before it runs and keeps
 * its answer for a day; a repeat with the same payload is answered that answer without running the write again (no
 * second charge, mail or log line), and a repeat that arrives while the first attempt still runs waits for it.
 *
 * Who may see the answer: a signed-in caller's key is scoped to its credential, and a repeat with another payload is
 * refused. An anonymous caller has no credential to scope by: its key is bound to the request's own content, so the
 * answer goes only to a repeat of that very request, and the same key with another payload is simply another key —
 * one anonymous caller can neither block another's write nor read its answer by sending its key. Reservation and answer live in the store, so this holds across processes.
 * A reservation still unanswered after `ABANDONED_AFTER_MS` was left by a process that stopped mid-write (a crash, a
 * killed instance): a repeat then takes it over and runs the write, whose own checks refuse it if the stopped process
 * had already carried it out.
 */
import crypto from 'node:crypto'
import type { OperationName } from '../../protocol/operations.js'
import type { ErrorBody } from '../../protocol/errors.js'
import type { ServiceContext } from './context.js'
import type { DB } from '../db/database.js'

export type StoredResponse = { status: number; body: unknown }

type IdempotencyKeyTable = {
  scope: string
  key: string
  operation: string
  payload_digest: string
  status: 'pending' | 'done'
  response: string | null
  created_at: number
}

/** How long an answer is kept for a repeat. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** How long a repeat waits for a first attempt that is still running before it is refused. */
export const IN_PROGRESS_WAIT_MS = 10_000
const POLL_MS = 20
/** How long a write may hold its key: far longer than any write takes, and than the portal waits for one. */
export const ABANDONED_AFTER_MS = 60_000

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
const keys = (db: DB) => db.withTables<{ idempotency_keys: IdempotencyKeyTable }>()

const refusal = (error: ErrorBody['error'], message: string): StoredResponse => ({
  status: 500,
  body: { error, message },
})

/**
 * Runs `write` once per (credential, key, operation): a repeat gets the stored answer. Only a completed write's answer
 * is kept; after a refusal (which wrote nothing) a repeat runs the write again.
 */
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
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS
  for (;;) {
    const reserved = await store
      .insertInto('idempotency_keys')
      .values({ ...id, payload_digest: digest, status: 'pending', response: null, created_at: now })
      .onConflict((oc) => oc.columns(['scope', 'key', 'operation']).doNothing())
      .executeTakeFirst()
    if (reserved.numInsertedOrUpdatedRows === 1n) return runReserved(ctx.db, id, write)

    const earlier = await store
      .selectFrom('idempotency_keys')
      .select(['payload_digest', 'status', 'response', 'created_at'])
      .where('scope', '=', id.scope)
      .where('key', '=', id.key)
      .where('operation', '=', id.operation)
      .executeTakeFirst()
    if (earlier && earlier.payload_digest !== digest) {
      return refusal('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.')
    }
    if (earlier?.status === 'done' && earlier.response) return JSON.parse(earlier.response) as StoredResponse
    if (earlier?.status === 'pending' && earlier.created_at < ctx.now() - ABANDONED_AFTER_MS) {
      // Given up by a process that stopped: removed (only as it was seen, should another repeat be taking it over
      // too) and reserved again.
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
    // Still running elsewhere (wait for it), or given up just now (reserve it again).
    if (Date.now() >= deadline) {
      return refusal('REQUEST_IN_PROGRESS', 'This request is still being processed; please try again in a moment.')
    }
    if (earlier) await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** Runs the write under a reserved key and keeps its answer, or gives the key up when the write was refused. */
async function runReserved(
  db: DB,
  id: { scope: string; key: string; operation: string },
  write: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const store = keys(db)
  const release = () =>
    store
      .deleteFrom('idempotency_keys')
      .where('scope', '=', id.scope)
      .where('key', '=', id.key)
      .where('operation', '=', id.operation)
      .execute()
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
  return response
}
