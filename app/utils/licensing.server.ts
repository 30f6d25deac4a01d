import type { AppLoadContext } from '@remix-run/node'
import { frozenJson } from '#protocol/json'
import type { ErrorBody, ErrorCode, OperationName, Payload, Result } from '#protocol/operations'
import { portalEnv } from './env.server'

/** What the embedded service offers the portal through the load context (see server.ts). */
export type InProcessTransport = {
  call(request: unknown, credential?: string): Promise<{ status: number; body: unknown }>
}

export type LicensingOutcome<O extends OperationName> =
  { ok: true; result: Result<O> } | { ok: false; error: ErrorCode; message: string }

/** A fetch that fails outright is retried up to 5 times (spec §7, §9). */
export const NETWORK_RETRIES = 5
export const GENERIC_FAILURE = 'An unexpected occurred processing your request'

type CallOptions = { credential?: string; context?: AppLoadContext; fetch?: typeof fetch }

/**
 * The licensing client (spec §7): `POST /api/licensing` with `{ operation: payload }`; status 200 → the result read
 * from the same key; status 500 → `{ error, message }`; any other answer, or one with neither a result nor an error,
 * → the generic failure. Speaks to the embedded service in process unless LICENSING_API_URL is set.
 */
export async function callLicensing<O extends OperationName>(
  operation: O,
  payload: Payload<O>,
  options: CallOptions = {},
): Promise<LicensingOutcome<O>> {
  const request = { [operation]: payload ?? {} }
  const apiUrl = portalEnv().licensingApiUrl
  const transport = options.context?.licensing as InProcessTransport | undefined

  let status: number
  let body: unknown
  if (!apiUrl && transport) {
    // The request is handed over as the JSON it would be sent as. The answer is plain JSON data built afresh by the
    // service for this call (what its HTTP endpoint would send), read as it is: copying it cost more than rendering
    // the page from it (a 1,000-license answer, `npm run bench`). Outside production it is checked to be JSON data and
    // frozen, so that a value JSON would change, or a change the portal makes to it, fails the tests.
    const response = await transport.call(JSON.parse(JSON.stringify(request)), options.credential)
    status = response.status
    body = process.env.NODE_ENV === 'production' ? response.body : frozenJson(response.body)
  } else {
    const url = apiUrl ?? 'http://localhost:3000/api/licensing'
    const response = await fetchWithRetry(url, request, options)
    if (!response) return { ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE }
    status = response.status
    body = await response.json().catch(() => undefined)
  }
  return readAnswer(operation, status, body)
}

async function fetchWithRetry(url: string, request: unknown, options: CallOptions): Promise<Response | null> {
  const doFetch = options.fetch ?? fetch
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (options.credential) headers.authorization = `Bearer ${options.credential}`
  // One try plus up to five retries, only when the fetch itself fails (no answer at all).
  for (let attempt = 0; attempt <= NETWORK_RETRIES; attempt++) {
    try {
      return await doFetch(url, { method: 'POST', headers, body: JSON.stringify(request) })
    } catch {
      // network failure: try again
    }
  }
  return null
}

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
