import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { cookieFrom, detailsFor, removeDataDir, settle, stubLicensing } from './account-stub'

const { loader } = await import('#app/routes/auth.$provider')
const { createUserSession, getSession, getUser } = await import('#app/utils/session.server')
const { OAUTH_REQUEST_MAX_AGE_MS, redirectToProvider } = await import('#app/utils/oauth-state.server')

afterAll(removeDataDir)

function callback(
  provider: string,
  query: string,
  handlers: Parameters<typeof stubLicensing>[0] = {},
  cookie?: string,
) {
  const stub = stubLicensing(handlers)
  const request = new Request(`http://portal.test/auth/${provider}/?${query}`, {
    headers: cookie ? { Cookie: cookie } : {},
  })
  return { stub, response: settle(loader({ request, params: { provider }, context: stub.context })) }
}

const signedInAs = { completed: true, session: 'cred-new', email: 'gita@github.test', admin: false }

/** This browser started a sign-in at `provider` with `state`: the cookie the portal gave it on the way out. */
async function started(provider: 'github' | 'google', state: string, cookie = ''): Promise<string> {
  const res = await redirectToProvider(provider, `https://provider.test/authorize?client_id=c&state=${state}`)
  expect(res.status).toBe(302)
  return cookieFrom(res, cookie)
}

/** The Set-Cookie headers that are not the cleared OAuth request cookie. */
const otherCookies = (res: Response) =>
  res.headers.getSetCookie().filter((header) => !header.startsWith('__oauth_request='))
const clearsRequestCookie = (res: Response) =>
  res.headers.getSetCookie().some((header) => /^__oauth_request=[^;]*;.*Max-Age=0/i.test(header))

describe('/auth/{provider}/', () => {
  it.each(['', 'code=c1', 'state=s1', 'code=&state=s1'])(
    'goes to / when code or state is missing (%s)',
    async (query) => {
      const { stub, response } = callback('github', query)
      const res = await response
      expect(res.status).toBe(302)
      expect(res.headers.get('Location')).toBe('/')
      expect(stub.calls).toEqual([])
    },
  )

  it('is not found for another provider', async () => {
    const { stub, response } = callback('facebook', 'code=c1&state=s1')
    expect((await response).status).toBe(404)
    expect(stub.calls).toEqual([])
  })

  it.each(['github', 'google'] as const)(
    'signs in through %s: a new portal session, then /manage',
    async (provider) => {
      const { stub, response } = callback(
        provider,
        'code=c1&state=s1',
        {
          completeAuthentication: () => ({ result: signedInAs }),
          retrieveDetails: () => ({ result: detailsFor('gita@github.test', { personal: true }) }),
        },
        await started(provider, 's1'),
      )
      const res = await response
      expect(res.status).toBe(302)
      expect(res.headers.get('Location')).toBe('/manage')
      expect(stub.calls).toEqual([
        {
          operation: 'completeAuthentication',
          payload: { type: provider, code: 'c1', state: 's1' },
          credential: undefined,
        },
        // What the first page's user menu needs (Change Email Address for personal holders), with the new credential.
        { operation: 'retrieveDetails', payload: {}, credential: 'cred-new' },
      ])
      const cookie = cookieFrom(res)
      const user = await getUser(new Request('http://portal.test/', { headers: { Cookie: cookie } }))
      expect(user).toEqual({ email: 'gita@github.test', admin: false, credential: 'cred-new' })
      const session = await getSession(new Request('http://portal.test/', { headers: { Cookie: cookie } }))
      expect(session.get('hasPersonalLicenses')).toBe(true)
      expect(clearsRequestCookie(res)).toBe(true)
    },
  )

  it('completes a link for the signed-in account and returns to Account Settings', async () => {
    const cookie = cookieFrom(
      await createUserSession(
        new Request('http://portal.test/'),
        { email: 'pat@personal.test', admin: false, credential: 'cred-pat' },
        '/manage',
      ),
    )
    const { stub, response } = callback(
      'google',
      'code=c2&state=s2',
      {
        completeAuthentication: () => ({
          result: { completed: true, session: 'cred-pat', email: 'pat@personal.test', admin: false, linked: 'google' },
        }),
      },
      await started('google', 's2', cookie),
    )
    const res = await response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/manage?dialog=account-settings')
    expect(stub.calls[0].credential).toBe('cred-pat')
    // Same session as before: linking does not sign anyone in afresh; only the used-up request cookie goes.
    expect(otherCookies(res)).toEqual([])
    expect(clearsRequestCookie(res)).toBe(true)
  })

  it.each(['INVALID_REQUEST', 'NO_USER', 'PROVIDER_ERROR'])(
    'shows Authentication Failed when the service answers %s',
    async (code) => {
      const { response } = callback(
        'github',
        'code=c1&state=s1',
        { completeAuthentication: () => ({ error: code as 'INVALID_REQUEST' }) },
        await started('github', 's1'),
      )
      const res = await response
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ code })
      expect(otherCookies(res)).toEqual([])
      expect(clearsRequestCookie(res)).toBe(true)
    },
  )

  it('shows Authentication Failed when the provider says the person denied access', async () => {
    const { stub, response } = callback('google', 'error=access_denied&state=s1')
    const res = await response
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 'access_denied' })
    expect(stub.calls).toEqual([])
  })
})

describe('/auth/{provider}/ answers only the browser that started the request (login CSRF)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const signsIn = {
    completeAuthentication: () => ({ result: signedInAs }),
    retrieveDetails: () => ({ result: detailsFor('gita@github.test', { personal: true }) }),
  }

  /** Refused with the spec's "already processed" text, without asking the service and without a session. */
  async function expectRefused(res: Response, stub: { calls: unknown[] }) {
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 'INVALID_REQUEST' })
    expect(stub.calls).toEqual([])
    expect(otherCookies(res)).toEqual([])
  }

  it('stores the state for this browser on the way out, in a short-lived HttpOnly SameSite=Lax cookie for the callbacks', async () => {
    const res = await redirectToProvider(
      'github',
      'https://github.com/login/oauth/authorize?client_id=c&state=provider-state-0f1e2d3c4b5a',
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(
      'https://github.com/login/oauth/authorize?client_id=c&state=provider-state-0f1e2d3c4b5a',
    )
    expect(res.headers.get('X-Remix-Reload-Document')).toBe('true')
    const [header] = res.headers.getSetCookie()
    expect(header).toMatch(/^__oauth_request=/)
    expect(header).toMatch(/; Max-Age=600(;|$)/)
    expect(header).toMatch(/; Path=\/auth(;|$)/)
    expect(header).toMatch(/; HttpOnly/)
    expect(header).toMatch(/; SameSite=Lax/)
    // The cookie names a server-held record; the state itself is not in it, in any encoding.
    const value = decodeURIComponent(header.slice('__oauth_request='.length).split(';')[0])
    const payload = Buffer.from(value.split('.')[0], 'base64').toString('utf8')
    expect(value).not.toContain('provider-state-0f1e2d3c4b5a')
    expect(payload).not.toContain('provider-state-0f1e2d3c4b5a')
  })

  it('refuses a callback from a browser that started nothing (no stored state)', async () => {
    const { stub, response } = callback('github', 'code=c1&state=s1', signsIn)
    const res = await response
    await expectRefused(res, stub)
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('refuses a state other than the one stored for this browser, and that uses up the stored one', async () => {
    const cookie = await started('github', 'mine')
    const first = callback('github', 'code=c1&state=attackers', signsIn, cookie)
    const refused = await first.response
    await expectRefused(refused, first.stub)
    expect(clearsRequestCookie(refused)).toBe(true)
    // The browser's own answer arriving afterwards (with the cookie still sent) finds nothing stored any more.
    const second = callback('github', 'code=c1&state=mine', signsIn, cookie)
    await expectRefused(await second.response, second.stub)
  })

  it('refuses the state of a request started for the other provider', async () => {
    const cookie = await started('google', 's1')
    const { stub, response } = callback('github', 'code=c1&state=s1', signsIn, cookie)
    await expectRefused(await response, stub)
  })

  it('refuses a replayed callback: the stored state answers once', async () => {
    const cookie = await started('github', 's1')
    const first = callback('github', 'code=c1&state=s1', signsIn, cookie)
    const ok = await first.response
    expect(ok.status).toBe(302)
    expect(ok.headers.get('Location')).toBe('/manage')
    // Replayed with the very cookie that came with the first answer (a browser would have dropped it).
    const again = callback('github', 'code=c1&state=s1', signsIn, cookie)
    await expectRefused(await again.response, again.stub)
    // And with the cookies the browser holds after the first answer.
    const jar = callback('github', 'code=c1&state=s1', signsIn, cookieFrom(ok, cookie))
    const replayed = await jar.response
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toEqual({ code: 'INVALID_REQUEST' })
    expect(jar.stub.calls).toEqual([])
  })

  it('refuses a callback more than 10 minutes after the start, and accepts one just within', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.UTC(2030, 0, 1, 12)
    vi.setSystemTime(start)
    const late = await started('github', 'late')
    const inTime = await started('github', 'in-time')
    vi.setSystemTime(start + OAUTH_REQUEST_MAX_AGE_MS + 1)
    const expired = callback('github', 'code=c1&state=late', signsIn, late)
    await expectRefused(await expired.response, expired.stub)
    vi.setSystemTime(start + OAUTH_REQUEST_MAX_AGE_MS)
    const fresh = callback('github', 'code=c1&state=in-time', signsIn, inTime)
    expect((await fresh.response).headers.get('Location')).toBe('/manage')
  })

  it('refuses a cookie that the portal did not sign', async () => {
    const cookie = await started('github', 's1')
    const [name, value] = cookie.split('=')
    const forged = `${name}=${value.slice(0, -4)}AAAA`
    const { stub, response } = callback('github', 'code=c1&state=s1', signsIn, forged)
    await expectRefused(await response, stub)
  })

  it('the provider’s own error (access denied) uses up the stored request too', async () => {
    const cookie = await started('google', 's1')
    const denied = callback('google', 'error=access_denied&state=s1', signsIn, cookie)
    const res = await denied.response
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 'access_denied' })
    expect(clearsRequestCookie(res)).toBe(true)
    const late = callback('google', 'code=c1&state=s1', signsIn, cookie)
    await expectRefused(await late.response, late.stub)
  })

  it('a later start in the same browser replaces the earlier one', async () => {
    const first = await started('github', 'first')
    const cookie = await started('github', 'second', first)
    const old = callback('github', 'code=c1&state=first', signsIn, cookie)
    await expectRefused(await old.response, old.stub)
    const cookie2 = await started('github', 'third', first)
    const current = callback('github', 'code=c1&state=third', signsIn, cookie2)
    expect((await current.response).headers.get('Location')).toBe('/manage')
  })
})
