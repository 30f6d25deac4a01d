import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

// The portal talks to a remote licensing service here: LICENSING_API_URL is set before the portal's env is read.
const API = 'http://licensing.remote.test/api/licensing'
process.env.LICENSING_API_URL = API
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-route-test-'))

const { callLicensing, GENERIC_FAILURE, NETWORK_RETRIES } = await import('#app/utils/licensing.server')
const { loader: manageLoader } = await import('#app/routes/manage')
const { loader: linkLoader } = await import('#app/routes/manage_.$')
const { takeSignInOutcome } = await import('#app/utils/sign-in-outcome.server')

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => {
  server.close()
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true })
})

const details = {
  email: 'olivia@acme.test',
  admin: false,
  body: { personal: { licenses: [], subscriptions: [] }, companies: [] },
}

/** Signs in through /manage/{passthrough} against the mocked service and returns the session cookie. */
async function signedInCookie(): Promise<string> {
  server.use(
    http.post(API, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      if ('retrieveDetails' in body) return HttpResponse.json({ retrieveDetails: { ...details, session: 'cred-1' } })
      return HttpResponse.json({ error: 'UNKNOWN_OPERATION', message: '' }, { status: 500 })
    }),
  )
  const response = (await linkLoader({
    request: new Request('http://portal.test/manage/token'),
    params: { '*': 'token' },
    context: {},
  })) as Response
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe('/manage')
  const cookie = response.headers.get('Set-Cookie')!.split(';')[0]
  server.resetHandlers()
  return cookie
}

describe('the licensing client against a remote service', () => {
  it('sends the operation as the single key with the bearer credential, and reads the same key back', async () => {
    let seen: { body: unknown; auth: string | null } | undefined
    server.use(
      http.post(API, async ({ request }) => {
        seen = { body: await request.json(), auth: request.headers.get('authorization') }
        return HttpResponse.json({ retrieveDetails: details })
      }),
    )
    const answer = await callLicensing('retrieveDetails', {}, { credential: 'abc' })
    expect(seen).toEqual({ body: { retrieveDetails: {} }, auth: 'Bearer abc' })
    expect(answer).toEqual({ ok: true, result: details })
  })

  it('retries a fetch that fails outright exactly 5 times, then gives the generic failure', async () => {
    let calls = 0
    server.use(
      http.post(API, () => {
        calls++
        return HttpResponse.error()
      }),
    )
    const answer = await callLicensing('retrieveDetails', {})
    expect(NETWORK_RETRIES).toBe(5)
    expect(calls).toBe(1 + 5)
    expect(answer).toEqual({ ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE })
  })

  it('succeeds when a retry gets through', async () => {
    let calls = 0
    server.use(
      http.post(API, () => {
        calls++
        return calls < 3 ? HttpResponse.error() : HttpResponse.json({ logout: { completed: true } })
      }),
    )
    expect(await callLicensing('logout', {})).toEqual({ ok: true, result: { completed: true } })
    expect(calls).toBe(3)
  })

  it('reads status 500 as the service’s error and message, without retrying', async () => {
    let calls = 0
    server.use(
      http.post(API, () => {
        calls++
        return HttpResponse.json({ error: 'INVALID_AGE', message: 'expired' }, { status: 500 })
      }),
    )
    expect(await callLicensing('retrieveDetails', {})).toEqual({ ok: false, error: 'INVALID_AGE', message: 'expired' })
    expect(calls).toBe(1)
  })

  it('turns an answer with neither a result nor an error into the generic fallback', async () => {
    server.use(http.post(API, () => HttpResponse.json({ somethingElse: true })))
    expect(await callLicensing('logout', {})).toEqual({ ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE })
    // A gateway's page is no answer: asked again, then (for a read) the generic failure.
    server.use(http.post(API, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })))
    expect(await callLicensing('retrieveDetails', {})).toEqual({
      ok: false,
      error: 'UNEXPECTED',
      message: GENERIC_FAILURE,
    })
  })
})

describe('/manage against a remote service', () => {
  it('sends a signed-out visitor to the sign-in page', async () => {
    const thrown = await manageLoader({
      request: new Request('http://portal.test/manage'),
      params: {},
      context: {},
    }).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('Location')).toBe('/')
  })

  it('shows the session-expiry dialog when the service answers 500 INVALID_AGE', async () => {
    const cookie = await signedInCookie()
    server.use(http.post(API, () => HttpResponse.json({ error: 'INVALID_AGE', message: '' }, { status: 500 })))
    const response = (await manageLoader({
      request: new Request('http://portal.test/manage', { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    })) as Response
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ kind: 'error', code: 'INVALID_AGE' })
  })

  it('shows the unexpected-error dialog when the service cannot be reached', async () => {
    const cookie = await signedInCookie()
    server.use(http.post(API, () => HttpResponse.error()))
    const response = (await manageLoader({
      request: new Request('http://portal.test/manage', { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    })) as Response
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ kind: 'error', code: 'UNEXPECTED' })
  })

  it('shows the details when the service answers', async () => {
    const cookie = await signedInCookie()
    server.use(http.post(API, () => HttpResponse.json({ retrieveDetails: details })))
    const response = (await manageLoader({
      request: new Request('http://portal.test/manage', { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    })) as Response
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ kind: 'details', view: { details: { email: 'olivia@acme.test' } } })
  })

  it('sends an expired sign-in link, opened signed out, to the sign-in page that says it expired', async () => {
    server.use(http.post(API, () => HttpResponse.json({ error: 'INVALID_AGE', message: '' }, { status: 500 })))
    const thrown = await linkLoader({
      request: new Request('http://portal.test/manage/old-token'),
      params: { '*': 'old-token' },
      context: {},
    }).catch((e: unknown) => e)
    const response = thrown as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/')
    // The sign-in page reads why from the cookie the redirect sets (the service could not name the address here).
    const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!
    const { outcome } = await takeSignInOutcome(new Request('http://portal.test/', { headers: { Cookie: cookie } }))
    expect(outcome).toEqual({ kind: 'link-refused', state: 'expired' })
  })

  it('sends deeper paths in the account area back to /', async () => {
    const thrown = await linkLoader({
      request: new Request('http://portal.test/manage/a/b'),
      params: { '*': 'a/b' },
      context: {},
    }).catch((e: unknown) => e)
    expect((thrown as Response).headers.get('Location')).toBe('/')
  })
})
