/**
 * Social sign-in and Link end to end through the portal's routes and the real licensing service, with GitHub and
 * Google mocked at their HTTP boundary (msw, tests/mocks/oauth.ts): the start on "/" or in Account Settings binds the
 * authorization request to the browser (cookie jar), the provider "approves", and /auth/{provider}/ finishes it — or,
 * for a callback that is not this browser's, refuses before the code reaches the provider (login CSRF).
 */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestService, signInAs } from '../support/service'
import { createOAuthMocks, GITHUB_TOKEN_URL, GOOGLE_TOKEN_URL, type MockUser } from '../mocks/oauth'
import { cookieFrom, formRequest, removeDataDir, settle } from './account-stub'

const { action: signInAction } = await import('#app/routes/_index')
const { loader: callbackLoader } = await import('#app/routes/auth.$provider')
const { action: manageAction } = await import('#app/routes/manage')
const { createUserSession, getUser } = await import('#app/utils/session.server')

type Provider = 'github' | 'google'

const clients = {
  github: { clientId: 'gh-client', clientSecret: 'gh-secret' },
  google: { clientId: 'go-client.apps.googleusercontent.com', clientSecret: 'go-secret' },
}
const oauth = createOAuthMocks(clients)
const server = setupServer(...oauth.handlers)
let service: Awaited<ReturnType<typeof createTestService>>

/** The operations the portal sent to the service, in order. */
let operations: string[] = []
const context = {
  licensing: {
    call(request: unknown, credential?: string) {
      operations.push(Object.keys(request as Record<string, unknown>)[0])
      return service.call(request, credential)
    },
  },
}

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  service = await createTestService({
    env: {
      NODE_ENV: 'test',
      GITHUB_CLIENT_ID: clients.github.clientId,
      GITHUB_CLIENT_SECRET: clients.github.clientSecret,
      GOOGLE_CLIENT_ID: clients.google.clientId,
      GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
    },
  })
})
beforeEach(() => {
  operations = []
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await service.close()
  removeDataDir()
})

const OLIVIA: MockUser = { id: 7001, email: 'olivia@acme.test' }
const MAX: MockUser = { id: 7002, email: 'max@acme.test' }

/** "Or continue with" on "/": the provider's address, and the browser's cookies after the portal's answer. */
async function startSignIn(provider: Provider, cookie = '') {
  const request = formRequest(
    'http://portal.test/?index',
    [
      ['intent', 'social'],
      ['provider', provider],
    ],
    cookie,
  )
  const response = await settle(signInAction({ request, params: {}, context }))
  expect(response.status).toBe(302)
  const location = response.headers.get('Location')!
  return { location, state: new URL(location).searchParams.get('state')!, cookie: cookieFrom(response, cookie) }
}

/** The provider sends the browser back to the portal's callback with a code and the state. */
async function callback(provider: Provider, query: { code: string; state: string }, cookie = '') {
  const url = `http://portal.test/auth/${provider}/?${new URLSearchParams(query)}`
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} })
  return settle(callbackLoader({ request, params: { provider }, context }))
}

const tokenRequests = () => oauth.requests.filter((r) => r.url === GITHUB_TOKEN_URL || r.url === GOOGLE_TOKEN_URL)

async function signedInUser(cookie: string) {
  return getUser(new Request('http://portal.test/manage', { headers: { Cookie: cookie } }))
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(401)
  expect(await response.json()).toEqual({ code: 'INVALID_REQUEST' })
  // No new portal session: the only cookie set (if any) is the cleared request cookie.
  for (const header of response.headers.getSetCookie()) expect(header).toMatch(/^__oauth_request=;.*Max-Age=0/i)
}

describe('sign-in from "/" through GitHub and Google', () => {
  it('GitHub: the browser that started the sign-in finishes it and lands on /manage, signed in', async () => {
    const browser = await startSignIn('github')
    expect(new URL(browser.location).origin).toBe('https://github.com')
    const code = oauth.approve(browser.location, OLIVIA)
    const response = await callback('github', { code, state: browser.state }, browser.cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/manage')
    expect(await signedInUser(cookieFrom(response, browser.cookie))).toMatchObject({ email: 'olivia@acme.test' })
    expect(operations).toEqual(['manageLicense', 'completeAuthentication', 'retrieveDetails'])
  })

  it('Google (state and PKCE): the browser that started the sign-in finishes it', async () => {
    const browser = await startSignIn('google')
    expect(new URL(browser.location).searchParams.get('code_challenge_method')).toBe('S256')
    const code = oauth.approve(browser.location, { id: 'go-2001', email: 'gary@google.test' })
    const response = await callback('google', { code, state: browser.state }, browser.cookie)
    expect(response.headers.get('Location')).toBe('/manage')
    expect(await signedInUser(cookieFrom(response, browser.cookie))).toMatchObject({ email: 'gary@google.test' })
  })

  it('refuses a callback opened in another browser (nothing stored there): no session, the code never reaches GitHub', async () => {
    // The attacker starts a sign-in in their own browser and approves it at GitHub as themselves ...
    const attacker = await startSignIn('github')
    const code = oauth.approve(attacker.location, MAX)
    const exchanges = tokenRequests().length
    // ... and gets the victim's browser to open the callback.
    const response = await callback('github', { code, state: attacker.state })
    await expectRefused(response)
    expect(operations).toEqual(['manageLicense'])
    expect(tokenRequests()).toHaveLength(exchanges)
  })

  it('refuses a callback whose state is not the one stored for this browser', async () => {
    const attacker = await startSignIn('github')
    const code = oauth.approve(attacker.location, MAX)
    // The victim has a sign-in of their own under way: a different state is stored for their browser.
    const victim = await startSignIn('github')
    const response = await callback('github', { code, state: attacker.state }, victim.cookie)
    await expectRefused(response)
    expect(operations).toEqual(['manageLicense', 'manageLicense'])
    expect(await signedInUser(cookieFrom(response, victim.cookie))).toBeNull()
  })

  it('refuses a replayed callback, even with the cookie it came with', async () => {
    const browser = await startSignIn('github')
    const code = oauth.approve(browser.location, OLIVIA)
    const first = await callback('github', { code, state: browser.state }, browser.cookie)
    expect(first.headers.get('Location')).toBe('/manage')
    operations = []
    await expectRefused(await callback('github', { code, state: browser.state }, browser.cookie))
    await expectRefused(await callback('github', { code, state: browser.state }, cookieFrom(first, browser.cookie)))
    expect(operations).toEqual([])
  })
})

describe('Link from Account Settings', () => {
  async function signedInAs(email: string) {
    const credential = await signInAs(service, email)
    const response = await createUserSession(
      new Request('http://portal.test/'),
      { email, admin: false, credential },
      '/',
    )
    return cookieFrom(response)
  }

  async function startLink(provider: Provider, cookie: string) {
    const request = formRequest(
      'http://portal.test/manage?index&dialog=account-settings',
      [
        ['intent', 'link-account'],
        ['provider', provider],
      ],
      cookie,
    )
    const response = await settle(manageAction({ request, params: {}, context }))
    expect(response.status).toBe(302)
    const location = response.headers.get('Location')!
    return { location, state: new URL(location).searchParams.get('state')!, cookie: cookieFrom(response, cookie) }
  }

  const googleIdOf = async (email: string) =>
    (await service.db.selectFrom('accounts').select('google_id').where('email', '=', email).executeTakeFirst())
      ?.google_id

  it('links Google to the signed-in account and returns to the dialog, in the same session', async () => {
    const session = await signedInAs('pat@personal.test')
    const browser = await startLink('google', session)
    const code = oauth.approve(browser.location, { id: 'pat-google-1', email: 'pat@personal.test' })
    const response = await callback('google', { code, state: browser.state }, browser.cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/manage?dialog=account-settings')
    expect(await googleIdOf('pat@personal.test')).toBe('pat-google-1')
    expect(await signedInUser(cookieFrom(response, browser.cookie))).toMatchObject({ email: 'pat@personal.test' })
  })

  it('refuses a link callback in a browser that did not start it: the signed-in account is not linked', async () => {
    // The attacker starts a link for their own account and approves it with their Google account ...
    const attacker = await startLink('google', await signedInAs('max@acme.test'))
    const code = oauth.approve(attacker.location, { id: 'max-google-1', email: 'max@acme.test' })
    // ... and the victim, signed in, opens the callback.
    const victim = await signedInAs('carl@globex.test')
    operations = []
    await expectRefused(await callback('google', { code, state: attacker.state }, victim))
    // Refused by the portal itself (the service would refuse too: the link is not the victim's).
    expect(operations).toEqual([])
    expect(await googleIdOf('carl@globex.test')).toBeNull()
    expect(await googleIdOf('max@acme.test')).toBeNull()
  })
})
