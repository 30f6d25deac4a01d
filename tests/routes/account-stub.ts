/**
 * The licensing service behind the route tests of the account, identity and activation flows: a stubbed in-process
 * transport in the load context (`context.licensing`), as server.ts wires the embedded service. Import this module
 * before the routes: it points the portal at a fresh data folder and away from any remote service.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import type { OperationName } from '#protocol/operations'
import type { ErrorCode } from '#protocol/shared/errors'

delete process.env.LICENSING_API_URL
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-account-route-test-'))

export function removeDataDir() {
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true })
}

export type StubAnswer = { result: unknown } | { error: ErrorCode }
export type StubHandler = (payload: unknown, credential: string | undefined) => StubAnswer
export type RecordedCall = { operation: string; payload: unknown; credential: string | undefined }

/**
 * A load context whose licensing transport answers each operation with its handler (status 200 with the result under
 * the operation's key, or status 500 with `{ error, message }`), and records every call. An operation without a
 * handler answers UNKNOWN_OPERATION, so a test notices a call it did not expect.
 */
export function stubLicensing(handlers: Partial<Record<OperationName, StubHandler>>) {
  const calls: RecordedCall[] = []
  const context: AppLoadContext = {
    licensing: {
      async call(request, credential) {
        const [operation, payload] = Object.entries(request as Record<string, unknown>)[0]
        calls.push({ operation, payload, credential })
        const handler = handlers[operation as OperationName]
        const answer: StubAnswer = handler ? handler(payload, credential) : { error: 'UNKNOWN_OPERATION' }
        if ('error' in answer) return { status: 500, body: { error: answer.error, message: `stub: ${answer.error}` } }
        return { status: 200, body: { [operation]: answer.result } }
      },
    },
  }
  return { context, calls, operations: () => calls.map((c) => c.operation) }
}

/** Runs a loader or action that may throw a Response (redirects, 404s) and returns the Response either way. */
export async function settle(work: Promise<unknown>): Promise<Response> {
  const outcome = await work.then(
    (value) => value,
    (thrown: unknown) => thrown,
  )
  if (!(outcome instanceof Response)) throw new Error(`expected a Response, got ${String(outcome)}`)
  return outcome
}

/** The name=value part of each Set-Cookie header, joined as a Cookie header. */
export function cookieFrom(response: Response, previous = ''): string {
  const jar = new Map<string, string>()
  for (const pair of previous.split('; ').filter(Boolean)) jar.set(pair.split('=')[0], pair)
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0]
    jar.set(pair.split('=')[0], pair)
  }
  return [...jar.values()].join('; ')
}

export function formRequest(url: string, fields: Array<[string, string]>, cookie?: string): Request {
  const body = new URLSearchParams(fields)
  return new Request(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
  })
}

const license = (overrides: Record<string, unknown> = {}) => ({
  id: 'lic-1',
  owner: 'pat@personal.test',
  order: '100001',
  licenseKey: 'KEY-1',
  key: 1,
  productName: 'Wallaby.js personal license',
  productGroup: 'wallaby',
  licenseType: 'personal',
  expiration: Date.UTC(2030, 0, 1),
  assignedTo: '',
  isMultiUser: false,
  trial: false,
  promotional: false,
  lapsing: false,
  ...overrides,
})

/** retrieveDetails for a personal license holder, or (personal: false) for someone with company roles only. */
export function detailsFor(email: string, { personal }: { personal: boolean }) {
  return {
    email,
    admin: false,
    body: {
      personal: { licenses: personal ? [license({ owner: email })] : [], subscriptions: [] },
      companies: [],
    },
  }
}

/** What "/" shows after `response` (a redirect to it carrying the sign-in outcome cookie). */
export async function signInPageAfter(response: Response, context: AppLoadContext) {
  if (response.status !== 302 || response.headers.get('Location') !== '/') {
    throw new Error(`expected a redirect to /, got ${response.status} ${response.headers.get('Location')}`)
  }
  const { loader } = await import('#app/routes/_index')
  const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!
  const request = new Request('http://portal.test/', { headers: { Cookie: cookie } })
  return (await settle(loader({ request, params: {}, context }))).json()
}
