import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestService, serveOverHttp } from '../../tests/support/service.js'
import { STATE_MAX_AGE_MS } from './adapter.js'
import { providerUserId } from './router.js'

// No provider credentials: both providers are played by the stand-in page the service serves.
let clock = Date.now()
let service: Awaited<ReturnType<typeof createTestService>>
let served: Awaited<ReturnType<typeof serveOverHttp>>
let origin: string

beforeAll(async () => {
  service = await createTestService({ now: () => clock })
  served = await serveOverHttp(service)
  origin = served.origin
})
beforeEach(() => {
  clock = Date.now()
})
afterAll(async () => {
  await served.close()
  await service.close()
})

type Provider = 'github' | 'google'
const callback = (type: Provider) => `http://portal.test/auth/${type}/`
type Answer = { status: number; body: Record<string, unknown> }
const call = async (request: unknown, credential?: string) => (await service.call(request, credential)) as Answer

/** manageLicense → the stand-in's address on the portal's origin, and the same path on the test server. */
async function start(type: Provider) {
  const answer = await call({ manageLicense: { type, callback: callback(type) } })
  const redirect = new URL((answer.body.manageLicense as { redirect: string }).redirect)
  return {
    redirect,
    state: redirect.searchParams.get('state')!,
    local: `${origin}${redirect.pathname}${redirect.search}`,
  }
}

const form = (redirect: URL, fields: Record<string, string>) =>
  new URLSearchParams({
    state: redirect.searchParams.get('state') ?? '',
    redirect_uri: redirect.searchParams.get('redirect_uri') ?? '',
    code_challenge: redirect.searchParams.get('code_challenge') ?? '',
    ...fields,
  })

async function post(type: Provider, body: URLSearchParams) {
  return fetch(`${origin}/stand-in/${type}/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  })
}

/** Approves as `email` and answers the callback address the browser is sent to. */
async function approve(type: Provider, email: string) {
  const { redirect, state } = await start(type)
  const response = await post(type, form(redirect, { email, decision: 'approve' }))
  expect(response.status).toBe(303)
  const back = new URL(response.headers.get('location')!)
  return { back, state, code: back.searchParams.get('code')! }
}

describe('the stand-in’s authorization page', () => {
  it('is where manageLicense sends the browser, on the portal’s origin, with state (and PKCE for Google)', async () => {
    const github = await start('github')
    expect(github.redirect.origin + github.redirect.pathname).toBe('http://portal.test/stand-in/github/authorize')
    expect(github.redirect.searchParams.get('redirect_uri')).toBe('http://portal.test/auth/github/')
    const google = await start('google')
    expect(google.redirect.searchParams.get('code_challenge_method')).toBe('S256')
  })

  it('shows a heading, a labelled email field prefilled with a linked account, Approve and Deny, without script', async () => {
    const { local } = await start('github')
    const response = await fetch(local)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<h1>Sign in with GitHub</h1>')
    expect(html).toMatch(
      /<label for="email">Email address<\/label>\s*<input id="email" name="email" type="email"[^>]*value="gita@github.test"/,
    )
    expect(html).toContain('<button type="submit" name="decision" value="approve">Approve</button>')
    expect(html).toContain('<button type="submit" name="decision" value="deny">Deny</button>')
    expect(html).not.toContain('<script')
    expect(html).toContain('<html lang="en">')
  })

  it('refuses a request the service did not start, or with another redirect address, without redirecting', async () => {
    const { redirect } = await start('github')
    const forged = new URL(redirect)
    forged.searchParams.set('redirect_uri', 'https://evil.test/steal')
    for (const url of [
      `${origin}/stand-in/github/authorize?state=made-up&redirect_uri=${encodeURIComponent('http://portal.test/auth/github/')}`,
      `${origin}${forged.pathname}${forged.search}`,
    ]) {
      const response = await fetch(url, { redirect: 'manual' })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('not valid, has expired, or has already been answered')
    }
    const posted = await post('github', form(forged, { email: 'gita@github.test', decision: 'approve' }))
    expect(posted.status).toBe(400)
    expect(posted.headers.get('location')).toBeNull()
  })

  it('refuses a Google request whose PKCE challenge is not the one the service made', async () => {
    const { redirect } = await start('google')
    const response = await post(
      'google',
      form(redirect, { email: 'gary@google.test', decision: 'approve', code_challenge: 'x'.repeat(43) }),
    )
    expect(response.status).toBe(400)
  })

  it('says so when the email address is not valid', async () => {
    const { redirect } = await start('github')
    const response = await post('github', form(redirect, { email: 'not an address', decision: 'approve' }))
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('role="alert">Email address is not valid.</p>')
    expect(html).toContain('aria-invalid="true"')
  })

  it('Deny sends the browser back with error=access_denied and no code', async () => {
    const { redirect, state } = await start('github')
    const response = await post('github', form(redirect, { email: 'gita@github.test', decision: 'deny' }))
    expect(response.status).toBe(303)
    const back = new URL(response.headers.get('location')!)
    expect(back.origin + back.pathname).toBe('http://portal.test/auth/github/')
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe(state)
    expect(back.searchParams.has('code')).toBe(false)
  })

  it('is not served for a provider with real credentials', async () => {
    const real = await createTestService({
      env: { NODE_ENV: 'test', GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' },
    })
    const other = await serveOverHttp(real)
    try {
      expect((await fetch(`${other.origin}/stand-in/github/authorize?state=x&redirect_uri=y`)).status).toBe(404)
      expect((await fetch(`${other.origin}/stand-in/google/authorize?state=x&redirect_uri=y`)).status).toBe(400)
    } finally {
      await other.close()
      await real.close()
    }
  })
})

describe('signing in through the stand-in', () => {
  it('signs gita in through "GitHub" by her stored provider id', async () => {
    expect(await providerUserId(service, 'github', 'gita@github.test')).toBe('gh-1001')
    const { back, state, code } = await approve('github', 'gita@github.test')
    expect(back.origin + back.pathname).toBe('http://portal.test/auth/github/')
    expect(back.searchParams.get('state')).toBe(state)
    const answer = await call({ completeAuthentication: { type: 'github', code, state } })
    expect(answer.body.completeAuthentication).toMatchObject({
      completed: true,
      email: 'gita@github.test',
      admin: false,
    })
  })

  it('signs gary in through "Google" after the PKCE exchange', async () => {
    const { code, state } = await approve('google', 'gary@google.test')
    const answer = await call({ completeAuthentication: { type: 'google', code, state } })
    expect(answer.body.completeAuthentication).toMatchObject({ email: 'gary@google.test' })
  })

  it('links an unlinked holder by verified email at first sign-in, then by the stored id', async () => {
    const first = await approve('google', 'Olivia@Acme.test')
    expect(
      (await call({ completeAuthentication: { type: 'google', code: first.code, state: first.state } })).body
        .completeAuthentication,
    ).toMatchObject({
      email: 'olivia@acme.test',
    })
    const stored = (
      await service.db
        .selectFrom('accounts')
        .select('google_id')
        .where('email', '=', 'olivia@acme.test')
        .executeTakeFirstOrThrow()
    ).google_id
    expect(stored).toMatch(/^stand-in-google-[0-9a-f]{16}$/)
    expect(await providerUserId(service, 'google', 'olivia@acme.test')).toBe(stored)
  })

  it('answers NO_USER for an address with nothing', async () => {
    const { code, state } = await approve('github', 'nobody@example.test')
    expect((await call({ completeAuthentication: { type: 'github', code, state } })).body).toMatchObject({
      error: 'NO_USER',
    })
  })

  it('goes through the same state checks: a replayed answer is refused as already processed', async () => {
    const { code, state } = await approve('github', 'gita@github.test')
    expect((await call({ completeAuthentication: { type: 'github', code, state } })).status).toBe(200)
    expect((await call({ completeAuthentication: { type: 'github', code, state } })).body).toMatchObject({
      error: 'INVALID_REQUEST',
    })
  })

  it('refuses a code with another request’s state (state mismatch), and with the other provider', async () => {
    const first = await approve('github', 'gita@github.test')
    const second = await start('github')
    expect(
      (await call({ completeAuthentication: { type: 'github', code: first.code, state: second.state } })).body,
    ).toMatchObject({
      error: 'PROVIDER_ERROR',
    })
    expect(
      (await call({ completeAuthentication: { type: 'google', code: first.code, state: first.state } })).body,
    ).toMatchObject({
      error: 'INVALID_REQUEST',
    })
  })

  it('refuses a tampered code', async () => {
    const { code, state } = await approve('google', 'gary@google.test')
    const [body] = code.split('.')
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>
    const forged = `${Buffer.from(JSON.stringify({ ...claims, sub: 'go-someone-else' })).toString('base64url')}.${code.split('.')[1]}`
    expect((await call({ completeAuthentication: { type: 'google', code: forged, state } })).body).toMatchObject({
      error: 'PROVIDER_ERROR',
    })
  })

  it('refuses an answer after 10 minutes', async () => {
    const { code, state } = await approve('github', 'gita@github.test')
    clock += STATE_MAX_AGE_MS + 1
    expect((await call({ completeAuthentication: { type: 'github', code, state } })).body).toMatchObject({
      error: 'INVALID_REQUEST',
    })
  })

  it('prefills the linking account’s address when linking from account settings', async () => {
    // pat has no GitHub id yet; sign in through the Google stand-in for a credential, then link GitHub.
    const signIn = await approve('google', 'pat@personal.test')
    const session = (
      (await call({ completeAuthentication: { type: 'google', code: signIn.code, state: signIn.state } })).body
        .completeAuthentication as { session: string }
    ).session
    const link = await call({ linkAccount: { type: 'github', callback: callback('github') } }, session)
    const redirect = new URL((link.body.linkAccount as { redirect: string }).redirect)
    const html = await (await fetch(`${origin}${redirect.pathname}${redirect.search}`)).text()
    expect(html).toContain('<h1>Link your GitHub account</h1>')
    expect(html).toContain('value="pat@personal.test"')
    const response = await post('github', form(redirect, { email: 'pat@personal.test', decision: 'approve' }))
    const back = new URL(response.headers.get('location')!)
    const answer = await call(
      {
        completeAuthentication: {
          type: 'github',
          code: back.searchParams.get('code')!,
          state: back.searchParams.get('state')!,
        },
      },
      session,
    )
    expect(answer.body.completeAuthentication).toMatchObject({ linked: 'github', email: 'pat@personal.test', session })
    expect((await call({ accountSettings: {} }, session)).body.accountSettings).toEqual({
      logonLink: 'default',
      githubLinked: true,
      googleLinked: true,
      renewalReminders: true,
    })
  })
})
