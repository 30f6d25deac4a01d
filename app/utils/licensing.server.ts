import crypto from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { frozenJson } from '#protocol/shared/json'
import { isReadCall } from '#protocol/idempotency'
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_KEY_PATTERN } from '#protocol/shared/idempotency-key'
import type { OperationName, Payload, Result } from '#protocol/operations'
import { OUTCOME_UNKNOWN, type ErrorBody, type ErrorCode } from '#protocol/shared/errors'
import { outcomeUnknown } from '#app/rules/messages/failures'
import { portalEnv } from './env.server'

/** What the embedded service offers the portal through the load context (`server.ts`). */
export type InProcessTransport = {
  call(request: unknown, credential?: string, idempotencyKey?: string): Promise<{ status: number; body: unknown }>
}

export type LicensingOutcome<O extends OperationName> =
  { ok: true; result: Result<O> } | { ok: false; error: ErrorCode; message: string }

/** Spec §7, §9: while the call's deadline leaves time. */
export const NETWORK_RETRIES = 5
export const GENERIC_FAILURE = 'An unexpected occurred processing your request'

type CallOptions = {
  credential?: string
  context?: AppLoadContext
  fetch?: typeof fetch
  /** One per form submission (`idempotencyKeyOf`), the same on every retry; a fresh one when not given. */
  idempotencyKey?: string
}

type Answer = { status: number; body: unknown }

/** The licensing client (spec §7), in process unless LICENSING_API_URL is set; writes carry an idempotency key. */
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
    // Handed over as the JSON it would be sent as, the answer read as it is: copying cost more than rendering (bench).
    const json = JSON.stringify(request)
    attempt = (ms) => withTimeout(transport.call(JSON.parse(json), options.credential, key), ms)
  } else {
    const url = env.licensingApiUrl ?? 'http://localhost:3000/api/licensing'
    attempt = (ms) => fetchOnce(url, request, options, key, ms)
  }
  const { answer, maybeSent } = await withRetries(attempt, deadline)
  // A write that may have reached the service is not reported as failed: its repeats found no answer either.
  if (!answer && key && maybeSent) return { ok: false, error: OUTCOME_UNKNOWN, message: outcomeUnknown }
  if (!answer) return { ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE }
  // Outside production an in-process answer is checked as JSON and frozen, so a change to it fails the tests.
  const body = transport && !env.production ? frozenJson(answer.body) : answer.body
  return readAnswer(operation, answer.status, body)
}

/** `maybeSent`: an attempt without an answer may have reached the service (all but a refused connection). */
async function withRetries(
  attempt: (ms: number) => Promise<Answer>,
  deadline: number,
): Promise<{ answer: Answer | null; maybeSent: boolean }> {
  let maybeSent = false
  for (let tries = 0; tries <= NETWORK_RETRIES; tries++) {
    const left = deadline - Date.now()
    if (left <= 0) break
    try {
      return { answer: await attempt(left), maybeSent }
    } catch (error) {
      // no whole answer (a failed or cut connection, a gateway's, or none in time): again while there is time
      maybeSent ||= !neverSent(error)
    }
  }
  return { answer: null, maybeSent }
}

function neverSent(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
}

/** A proxy's answer that the service's was lost (its own errors are a 500 with `{ error, message }`). */
const GATEWAY_FAILURES = new Set([502, 503, 504])

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
  const body = parseJson(text)
  if (GATEWAY_FAILURES.has(response.status) && !isErrorBody(body)) {
    throw new Error(`a gateway answered ${response.status}`)
  }
  return { status: response.status, body }
}

/** Undefined when not JSON (a proxy's error page). */
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

/** The hidden field `IDEMPOTENCY_FIELD` its dialog's loader filled, or a fresh key when it is missing or not a key. */
export function idempotencyKeyOf(formData: FormData): string {
  const sent = formData.get(IDEMPOTENCY_FIELD)
  return typeof sent === 'string' && IDEMPOTENCY_KEY_PATTERN.test(sent) ? sent : crypto.randomUUID()
}

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
  if (isErrorBody(body)) {
    const { error, message } = body
    return { ok: false, error, message: typeof message === 'string' ? message : '' }
  }
  return { ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
}

/** Spec §8: the portal shows the session dialog and logs the user out. */
export function isSessionError(code: ErrorCode): boolean {
  return code === 'INVALID_AGE' || code === 'INVALID_SIGNATURE' || code === 'NO_USER' || code === 'NOT_AUTHENTICATED'
}
