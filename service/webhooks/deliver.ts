// The delivery job (docs/webhooks.md): claimed before sending, retried with growing waits, paused when failing.
import { DAY_MS } from '../../protocol/shared/dates.js'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { quoted } from '../../protocol/shared/text.js'
import { WEBHOOK_GIVE_UP_MS, WEBHOOK_PAUSE_AFTER_MS, webhookRetryDelay } from '../../protocol/webhooks/webhooks.js'
import type { DB } from '../db/database.js'
import { administratorsOf } from '../auth/policy.js'
import type { Job } from '../jobs/runner.js'
import type { Mailer } from '../mail/mailer.js'
import { holderToken, storeQueue } from '../queue/queue.js'
import { allowedAddresses, systemResolve, type Resolve, type WebhookAddressPolicy } from './addresses.js'

/** Deliveries one run sends at most (the rest wait for the next run), and how many at once. */
const BATCH = 50
const PARALLEL = 4
/** A receiver answers within this, or the attempt failed (Standard Webhooks recommends 15 to 30 seconds). */
export const WEBHOOK_TIMEOUT_MS = 20_000
/** A claimed delivery not settled by then (its instance stopped) is anyone's again: longer than a whole run. */
const DELIVERY_CLAIM_MS = Math.ceil(BATCH / PARALLEL) * WEBHOOK_TIMEOUT_MS + 60_000
/** Standard Webhooks: a receiver answering 410 Gone wants no more deliveries. */
const GONE = 410

/** Retried on Standard Webhooks' schedule, lengthened at random; a receiver's longer Retry-After wins. */
const deliveryQueue = (store: DB) =>
  storeQueue(store, 'webhook_deliveries', {
    key: 'id',
    due: 'next_attempt_at',
    lease: { by: 'claimed_by', until: 'claimed_until' },
    leaseMs: DELIVERY_CLAIM_MS,
    backoff: webhookRetryDelay,
  })

export type DeliveryOptions = {
  db: DB
  mailer: Mailer
  policy: () => WebhookAddressPolicy
  publicUrl: () => string
  resolve?: Resolve
  instance?: string
}

export const WEBHOOK_DELIVERY_JOB = 'webhook-deliveries'

export function webhookDeliveryJob(options: DeliveryOptions): Job {
  return { name: WEBHOOK_DELIVERY_JOB, intervalMs: 60_000, run: (asOf) => deliverDue(options, asOf) }
}

export async function deliverDue(options: DeliveryOptions, asOf: number): Promise<Record<string, number>> {
  const store = options.db
  const instance = holderToken(options.instance)
  const due = await store
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('d.state', '=', 'pending')
    .where('e.state', '=', 'active')
    .where('d.next_attempt_at', '<=', asOf)
    .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<=', asOf)]))
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(BATCH)
    .execute()
  const counts = { delivered: 0, failed: 0, paused: 0 }
  const waiting = due.map((d) => d.id)
  const worker = async () => {
    for (let id = waiting.shift(); id !== undefined; id = waiting.shift()) {
      const outcome = await attempt(options, store, id, instance, asOf)
      if (outcome) counts[outcome]++
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  counts.paused = await pauseFailingEndpoints(options, store, asOf)
  return counts
}

async function attempt(
  options: DeliveryOptions,
  store: DB,
  id: string,
  instance: string,
  asOf: number,
): Promise<'delivered' | 'failed' | null> {
  const queue = deliveryQueue(store)
  const claimed = await queue.claim(id, asOf, { token: instance, where: { state: 'pending' } })
  if (!claimed) return null
  const row = await store
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.attempts',
      'd.message_id',
      'm.payload',
      'd.created_at',
      'e.id as endpointId',
      'e.url',
      'e.secret',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst()
  if (!row) return null

  const result = await send(options, row, asOf)
  const attempts = row.attempts + 1
  const settled = { attempts, last_attempt_at: asOf, last_status: result.status }
  if (result.ok) {
    await queue.settle(claimed, { ...settled, state: 'delivered', last_error: null, next_attempt_at: null })
    await store.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', row.endpointId).execute()
    return 'delivered'
  }
  if (result.status === GONE) await pauseGoneEndpoint(options, store, row.endpointId, asOf)
  const giveUp = asOf - Number(row.created_at) >= WEBHOOK_GIVE_UP_MS
  await queue.settle(claimed, {
    ...settled,
    state: giveUp ? 'failed' : 'pending',
    last_error: result.error,
    next_attempt_at: giveUp ? null : queue.retryAt(attempts, asOf, result.retryAfterMs),
  })
  await store
    .updateTable('webhook_endpoints')
    .set({ failing_since: asOf })
    .where('id', '=', row.endpointId)
    .where('failing_since', 'is', null)
    .execute()
  return 'failed'
}

type Sent = { ok: true; status: number } | { ok: false; status: number | null; error: string; retryAfterMs?: number }

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), in ms from `asOf`; 0 when absent or unreadable. */
export function retryAfterMs(header: string | undefined, asOf: number): number {
  if (!header) return 0
  if (/^\d{1,9}$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? 0 : Math.max(0, at - asOf)
}

/** One POST of the message, signed; the connection goes only to addresses checked just now. */
async function send(
  options: DeliveryOptions,
  row: { message_id: string; payload: string; url: string; secret: string },
  asOf: number,
): Promise<Sent> {
  let addresses: Array<{ address: string; family: number }>
  try {
    addresses = await allowedAddresses(row.url, options.policy(), options.resolve ?? systemResolve)
  } catch (err) {
    return { ok: false, status: null, error: `Not sent: ${(err as Error).message}.` }
  }
  const timestamp = new Date(asOf)
  const signature = new Webhook(row.secret).sign(row.message_id, timestamp, row.payload)
  const url = new URL(row.url)
  // The checked addresses, and no others: a second lookup could answer differently.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses)
    else callback(null, addresses[0].address, addresses[0].family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<Sent>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'License-Portal-Webhooks/1',
          'webhook-id': row.message_id,
          'webhook-timestamp': String(Math.floor(asOf / 1000)),
          'webhook-signature': signature,
        },
      },
      (response) => {
        // The answer's body is not read beyond draining it; a redirect is not followed (it counts as a failure).
        const status = response.statusCode ?? 0
        response.resume()
        response.on('end', () => {
          resolve(
            status >= 200 && status < 300
              ? { ok: true, status }
              : {
                  ok: false,
                  status,
                  error:
                    status === GONE
                      ? 'The endpoint answered 410 Gone, so it was paused; resume it once the receiver is back.'
                      : `The endpoint answered ${status}; a 2xx status is expected.`,
                  retryAfterMs: retryAfterMs(response.headers['retry-after'], asOf),
                },
          )
        })
        response.on('error', () => resolve({ ok: false, status, error: 'The connection broke off during the answer.' }))
      },
    )
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', (err: NodeJS.ErrnoException) =>
      resolve({
        ok: false,
        status: null,
        error:
          err.message === 'timeout'
            ? `The endpoint did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`
            : `The endpoint could not be reached (${err.code ?? 'connection failed'}).`,
      }),
    )
    request.end(row.payload)
  })
}

/** A receiver that answered 410 Gone: its endpoint paused at once (compare-and-set), the administrators mailed. */
async function pauseGoneEndpoint(options: DeliveryOptions, store: DB, endpointId: string, asOf: number) {
  const endpoint = await store
    .selectFrom('webhook_endpoints as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.id', 'e.url', 'e.company_id', 'c.name'])
    .where('e.id', '=', endpointId)
    .executeTakeFirst()
  const { numUpdatedRows } = await store
    .updateTable('webhook_endpoints')
    .set({ state: 'paused', paused_reason: 'Paused when the endpoint answered 410 Gone.', failing_since: asOf })
    .where('id', '=', endpointId)
    .where('state', '=', 'active')
    .executeTakeFirst()
  if (numUpdatedRows === 1n && endpoint) {
    await mailPaused(options, endpoint, 'answered 410 Gone, which says it wants no more deliveries')
  }
}

async function mailPaused(
  options: DeliveryOptions,
  endpoint: { url: string; company_id: string; name: string },
  why: string,
): Promise<void> {
  const link = `${options.publicUrl()}/manage?dialog=webhooks&company=${encodeURIComponent(endpoint.company_id)}`
  for (const to of await administratorsOf(options.db, endpoint.company_id)) {
    await options.mailer.send({
      to,
      subject: `A webhook endpoint of the company ${quoted(endpoint.name)} was paused`,
      text: [
        'Hello,',
        '',
        `The webhook endpoint ${quoted(endpoint.url, 500)} of the company ${quoted(endpoint.name)} ${why}, so it was paused: it receives no new events until it is resumed.`,
        '',
        `See its deliveries and why they failed, fix the receiver, then resume it in Webhooks: ${link}`,
      ].join('\n'),
    })
  }
}

/** Endpoints failing for WEBHOOK_PAUSE_AFTER_MS: paused once (compare-and-set), the administrators mailed after. */
async function pauseFailingEndpoints(options: DeliveryOptions, store: DB, asOf: number): Promise<number> {
  const failing = await store
    .selectFrom('webhook_endpoints as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.id', 'e.url', 'e.company_id', 'e.failing_since', 'c.name'])
    .where('e.state', '=', 'active')
    .where('e.failing_since', '<=', asOf - WEBHOOK_PAUSE_AFTER_MS)
    .execute()
  let paused = 0
  for (const endpoint of failing) {
    const days = Math.floor((asOf - Number(endpoint.failing_since)) / DAY_MS)
    const { numUpdatedRows } = await store
      .updateTable('webhook_endpoints')
      .set({ state: 'paused', paused_reason: `Paused after failing for ${days} days.` })
      .where('id', '=', endpoint.id)
      .where('state', '=', 'active')
      .executeTakeFirst()
    if (numUpdatedRows !== 1n) continue
    paused++
    await mailPaused(options, endpoint, `has failed every delivery for ${days} days`)
  }
  return paused
}
