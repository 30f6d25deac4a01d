import crypto from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { frozenJson } from '#protocol/json'
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_KEY_PATTERN, isReadCall } from '#protocol/idempotency'
import type { OperationName, Payload, Result } from '#protocol/operations'
import type { ErrorBody, ErrorCode } from '#protocol/errors'
import { portalEnv } from './env.server'

/** What the embedded service offers the portal through the load context (see server.ts). */
export type InProcessTransport = {
  call(request: unknown, credential?: string, idempotencyKey?: string): Promise<{ status: number; body: unknown }>
}

export type LicensingOutcome<O extends OperationName> =
  { ok: true; result: Result<O> } | { ok: false; error: ErrorCode; message: string }

/** A call that fails outright is retried up to 5 times (spec §7, §9), while its deadline leaves time. */
export const NETWORK_RETRIES = 5
export const GENERIC_FAILURE = 'An unexpected occurred processing your request'

type CallOptions = {
  credential?: string
  context?: AppLoadContext
  fetch?: typeof fetch
  /**
   * The key that makes a write safe to repeat: one per form submission (`idempotencyKeyOf`), the same on every retry.
   * A write called without one gets a fresh key, so that at least its own retries are answered as the first attempt.
   */
  idempotencyKey?: string
}

type Answer = { status: number; body: unknown }

/**
 * The licensing client (spec §7): `POST /api/licensing` with `{ operation: payload }`; status 200 → the result read
 * from the same key; status 500 → `{ error, message }`; any other answer, or one with neither a result nor an error,
 * → the generic failure. Speaks to the embedded service in process unless LICENSING_API_URL is set.
 *
 * One deadline covers the whole call, its retries included (LICENSING_TIMEOUT_MS, 15 s unless configured): each
 * attempt has the time that is left, and the user sees the spec's message by then at the latest. A call fails outright
 * when no whole answer comes back (the connection fails, or is cut before the answer is complete); only then is it
 * retried, up to 5 times while time is left. An answer that arrives is final, even one that is not the protocol's JSON
 * (a proxy's error page): it is the generic failure, not asked again. Every write carries an idempotency key, the same
 * on each retry, so a retry of a write whose answer was lost is answered what the first attempt did and changes nothing
 * twice.
 */
export async function callLicensing<O extends OperationName>(
  operation: O,
  payload: Payload<O>,
  options: CallOptions = {},
): Promise<LicensingOutcome<O>> {
  const request = { [operation]: payload ?? {} }
  const env = portalEnv()
  const transport = env.licensingApiUrl ? undefined : (options.context?.licensing as InProcessTransport | undefined)
  const key = isReadCall(operation, payload) ? undefined : (options.idempotencyKey ?? crypto.randomUUID())
  const deadline = Date.now() + env.licensingTimeoutMs

  let attempt: (ms: number) => Promise<Answer>
  if (transport) {
    // The request is handed over as the JSON it would be sent as. The answer is plain JSON data built afresh by the
    // service for this call (what its HTTP endpoint would send), read as it is: copying it cost more than rendering
    // the page from it (a 1,000-license answer, `npm run bench`).
    const json = JSON.stringify(request)
    attempt = (ms) => withTimeout(transport.call(JSON.parse(json), options.credential, key), ms)
  } else {
    const url = env.licensingApiUrl ?? 'http://localhost:3000/api/licensing'
    attempt = (ms) => fetchOnce(url, request, options, key, ms)
  }
  const answer = await withRetries(attempt, deadline)
  if (!answer) return { ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE }
  // Outside production an in-process answer is checked to be JSON data and frozen, so that a value JSON would change,
  // or a change the portal makes to it, fails the tests.
  const body = transport && !env.production ? frozenJson(answer.body) : answer.body
  return readAnswer(operation, answer.status, body)
}

/** One try plus up to five retries, only when the call fails outright, each with the time left before the deadline. */
async function withRetries(attempt: (ms: number) => Promise<Answer>, deadline: number): Promise<Answer | null> {
  for (let tries = 0; tries <= NETWORK_RETRIES; tries++) {
    const left = deadline - Date.now()
    if (left <= 0) return null
    try {
      return await attempt(left)
    } catch {
      // no whole answer (a failed or cut connection, or none in time): try again while there is time
    }
  }
  return null
}

async function fetchOnce(
  url: string,
  request: unknown,
  options: CallOptions,
  key: string | undefined,
  timeoutMs: number,
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (options.credential) headers.authorization = `Bearer ${options.credential}`
  if (key) headers['idempotency-key'] = key
  const response = await (options.fetch ?? fetch)(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(request),
    // The time left covers the whole answer, its body included.
    signal: AbortSignal.timeout(timeoutMs),
  })
  // A body cut off on its way fails here (and the call is tried again); one that arrived whole is the answer.
  const text = await response.text()
  return { status: response.status, body: parseJson(text) }
}

/** The JSON value of a text, or undefined when it is not JSON (a proxy's error page): an answer the client cannot use. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/**
 * The idempotency key a form submission carries (the hidden field `IDEMPOTENCY_FIELD` its dialog's loader filled),
 * or a fresh one when the form sent none or one that is not a key.
 */
export function idempotencyKeyOf(formData: FormData): string {
  const sent = formData.get(IDEMPOTENCY_FIELD)
  return typeof sent === 'string' && IDEMPOTENCY_KEY_PATTERN.test(sent) ? sent : crypto.randomUUID()
}

/** A key for a form about to be rendered. */
export const newIdempotencyKey = (): string => crypto.randomUUID()

function readAnswer<O extends OperationName>(operation: O, status: number, body: unknown): LicensingOutcome<O> {
  if (status === 200 && body && typeof body === 'object' && operation in body) {
    const result = (body as Record<string, unknown>)[operation]
    if (result && typeof result === 'object' && 'error' in result && typeof result.error === 'string') {
      return {
        ok: false,
        error: result.error as ErrorCode,
        message: String((result as { message?: unknown }).message ?? ''),
      }
    }
    if (result !== undefined && result !== null) return { ok: true, result: result as Result<O> }
  }
  if (body && typeof body === 'object' && 'error' in body && typeof (body as ErrorBody).error === 'string') {
    const { error, message } = body as ErrorBody
    return { ok: false, error, message: typeof message === 'string' ? message : '' }
  }
  return { ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE }
}

/** Session-ending codes: the portal shows the session dialog and logs the user out (spec §8). */
export function isSessionError(code: ErrorCode): boolean {
  return code === 'INVALID_AGE' || code === 'INVALID_SIGNATURE' || code === 'NO_USER' || code === 'NOT_AUTHENTICATED'
}
