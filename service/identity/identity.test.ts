import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createOAuthMocks,
  GITHUB_EMAILS_URL,
  GITHUB_TOKEN_URL,
  GITHUB_USER_URL,
  GOOGLE_TOKEN_URL,
  type MockUser,
} from '../../tests/mocks/oauth.js'
import { loadServiceConfig } from '../config.js'
import { createTestService, signInAs } from '../testing.js'
import { createIdentityAdapter, STATE_MAX_AGE_MS } from './adapter.js'

const clients = {
  github: { clientId: 'gh-client', clientSecret: 'gh-secret' },
  google: { clientId: 'go-client.apps.googleusercontent.com', clientSecret: 'go-secret' },
}
const env = {
  NODE_ENV: 'test' as const,
  GITHUB_CLIENT_ID: clients.github.clientId,
  GITHUB_CLIENT_SECRET: clients.github.clientSecret,
  GOOGLE_CLIENT_ID: clients.google.clientId,
  GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
}
const callback = { github: 'http://portal.test/auth/github/', google: 'http://portal.test/auth/google/' }

let clock = Date.now()
const oauth = createOAuthMocks(clients, { now: () => clock })
const server = setupServer(...oauth.handlers)
let service: Awaited<ReturnType<typeof createTestService>>

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  service = await createTestService({ env, now: () => clock })
})
beforeEach(() => {
  clock = Date.now()
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await service.close()
})

type Answer = { status: number; body: Record<string, unknown> }
const call = async (request: unknown, credential?: string) => (await service.call(request, credential)) as Answer

async function start(
  type: 'github' | 'google',
  credential?: string,
  operation: 'manageLicense' | 'linkAccount' = 'manageLicense',
) {
  const answer = await call({ [operation]: { type, callback: callback[type] } }, credential)
  expect(answer.status).toBe(200)
  const redirect = (answer.body[operation] as { redirect: string }).redirect
  return { redirect, state: new URL(redirect).searchParams.get('state')! }
}

/** The whole round trip: start, approve at the (mocked) provider, complete. */
async function signInThrough(type: 'github' | 'google', user: MockUser, credential?: string) {
  const { redirect, state } = await start(type)
  const code = oauth.approve(redirect, user)
  return call({ completeAuthentication: { type, code, state } }, credential)
}

const account = (email: string) =>
  service.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst()

describe('manageLicense of type github / google with credentials configured', () => {
  it('answers GitHub’s authorization address with a state, the portal callback and the email scope, and records the state', async () => {
    const { redirect, state } = await start('github')
    const url = new URL(redirect)
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize')
    expect(url.searchParams.get('client_id')).toBe('gh-client')
    expect(url.searchParams.get('redirect_uri')).toBe(callback.github)
    expect(url.searchParams.get('scope')).toBe('user:email')
    expect(state.length).toBeGreaterThanOrEqual(20)
    const row = await service.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ provider: 'github', callback: callback.github, link_email: null, used_at: null })
  })

  it('answers Google’s authorization address with state and an S256 PKCE challenge', async () => {
    const { redirect } = await start('google')
    const url = new URL(redirect)
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('scope')).toBe('openid email')
  })

  it('refuses a callback that is not on the portal’s origin', async () => {
    const answer = await call({ manageLicense: { type: 'github', callback: 'https://evil.test/auth/github/' } })
    expect(answer.body).toMatchObject({ error: 'INVALID_REQUEST' })
  })
})

describe('completeAuthentication against GitHub', () => {
  it('signs in by verified primary email at first link, stores the GitHub id, then matches by that id', async () => {
    const first = await signInThrough('github', { id: 5501, email: 'Pat@Personal.test' })
    expect(first.status).toBe(200)
    const result = first.body.completeAuthentication as {
      completed: boolean
      session: string
      email: string
      admin: boolean
    }
    expect(result).toMatchObject({ completed: true, email: 'pat@personal.test', admin: false })
    expect((await account('pat@personal.test'))?.github_id).toBe('5501')
    // The session works like any other.
    const details = await call({ retrieveDetails: {} }, result.session)
    expect(details.body.retrieveDetails).toMatchObject({ email: 'pat@personal.test' })

    // Next time the GitHub id decides, whatever address GitHub now has as primary.
    const second = await signInThrough('github', { id: 5501, email: 'pat@new-job.test' })
    expect(second.body.completeAuthentication).toMatchObject({ email: 'pat@personal.test' })
  })

  it('keeps no answer for a repeat, whatever idempotency key it carried: the answer is a session credential', async () => {
    const { redirect, state } = await start('github')
    const code = oauth.approve(redirect, { id: 5501, email: 'pat@personal.test' })
    const request = { completeAuthentication: { type: 'github', code, state } }
    const first = await service.call(request, undefined, 'sign-in-key-0001')
    expect(first.status).toBe(200)
    const kept = await sql<{ n: number }>`
      select count(*) as n from idempotency_keys where operation = 'completeAuthentication'`.execute(service.db)
    expect(kept.rows[0].n).toBe(0)
    // The state is single-use: the repeat is refused rather than answered with the credential again.
    expect((await service.call(request, undefined, 'sign-in-key-0001')).body).toMatchObject({
      error: 'INVALID_REQUEST',
    })
  })

  it('sent the client’s credentials and the redirect address with the code', async () => {
    await signInThrough('github', { id: 5501, email: 'pat@personal.test' })
    const request = oauth.requests.filter((r) => r.url === GITHUB_TOKEN_URL).at(-1)!
    expect(request.authorization).toBe(`Basic ${Buffer.from('gh-client:gh-secret').toString('base64')}`)
    expect(request.body?.get('redirect_uri')).toBe(callback.github)
  })

  it('does not match by an address GitHub has not verified', async () => {
    const answer = await signInThrough('github', {
      id: 7001,
      email: 'olivia@acme.test',
      emailVerified: false,
      otherEmails: [{ email: 'max@acme.test', verified: true }],
    })
    expect(answer.body).toMatchObject({ error: 'NO_USER' })
    expect((await account('olivia@acme.test'))?.github_id).toBeNull()
    expect((await account('max@acme.test'))?.github_id).toBeNull()
  })

  it('answers NO_USER for a verified address that owns, holds and is assigned nothing', async () => {
    const answer = await signInThrough('github', { id: 7002, email: 'nobody@example.test' })
    expect(answer.body).toMatchObject({ error: 'NO_USER' })
    expect(await account('nobody@example.test')).toBeUndefined()
  })

  it('refuses an address already linked to a different GitHub account', async () => {
    const answer = await signInThrough('github', { id: 7003, email: 'gita@github.test' })
    expect(answer.body).toMatchObject({ error: 'NO_USER' })
    expect((await account('gita@github.test'))?.github_id).toBe('gh-1001')
  })

  it('gives an address that is only assigned a company license an account at first link', async () => {
    const answer = await signInThrough('github', { id: 7004, email: 'dev1@acme.test' })
    expect(answer.body.completeAuthentication).toMatchObject({ email: 'dev1@acme.test' })
    expect((await account('dev1@acme.test'))?.github_id).toBe('7004')
  })
})

describe('completeAuthentication against Google', () => {
  it('matches by Google’s subject id (gary has go-2001), after a PKCE exchange', async () => {
    const answer = await signInThrough('google', { id: 'go-2001', email: 'gary.private@gmail.test' })
    expect(answer.body.completeAuthentication).toMatchObject({ completed: true, email: 'gary@google.test' })
    const request = oauth.requests.filter((r) => r.url === GOOGLE_TOKEN_URL).at(-1)!
    expect(request.body?.get('code_verifier')).toMatch(/^[\w-]{43,}$/)
  })

  it('does not match by an email Google marks unverified', async () => {
    const answer = await signInThrough('google', { id: 'g-9001', email: 'olivia@acme.test', emailVerified: false })
    expect(answer.body).toMatchObject({ error: 'NO_USER' })
    expect((await account('olivia@acme.test'))?.google_id).toBeNull()
  })

  it('links at first sign-in by verified email', async () => {
    const answer = await signInThrough('google', { id: 'g-9002', email: 'carl@globex.test' })
    expect(answer.body.completeAuthentication).toMatchObject({ email: 'carl@globex.test' })
    expect((await account('carl@globex.test'))?.google_id).toBe('g-9002')
  })
})

describe('the state', () => {
  it('is used once: the same answer again is refused as already processed', async () => {
    const { redirect, state } = await start('github')
    const code = oauth.approve(redirect, { id: 5501, email: 'pat@personal.test' })
    expect((await call({ completeAuthentication: { type: 'github', code, state } })).status).toBe(200)
    const again = await call({ completeAuthentication: { type: 'github', code, state } })
    expect(again.body).toMatchObject({
      error: 'INVALID_REQUEST',
      message: expect.stringContaining('already been processed'),
    })
  })

  it('refuses a state nobody issued', async () => {
    const { redirect } = await start('github')
    const code = oauth.approve(redirect, { id: 5501, email: 'pat@personal.test' })
    const answer = await call({ completeAuthentication: { type: 'github', code, state: 'made-up-state' } })
    expect(answer.body).toMatchObject({ error: 'INVALID_REQUEST' })
  })

  it('refuses a state issued for the other provider', async () => {
    const { redirect, state } = await start('github')
    const code = oauth.approve(redirect, { id: 5501, email: 'pat@personal.test' })
    const answer = await call({ completeAuthentication: { type: 'google', code, state } })
    expect(answer.body).toMatchObject({ error: 'INVALID_REQUEST' })
  })

  it('refuses a code answered for one Google request completed with another request’s state (PKCE mismatch)', async () => {
    const first = await start('google')
    const second = await start('google')
    const code = oauth.approve(first.redirect, { id: 'go-2001', email: 'gary@google.test' })
    // The second state is genuine, but its code verifier does not answer the first request's challenge.
    const mismatched = await call({ completeAuthentication: { type: 'google', code, state: second.state } })
    expect(mismatched.body).toMatchObject({
      error: 'PROVIDER_ERROR',
      message: expect.stringContaining('invalid_grant'),
    })
    // With its own state the same code goes through.
    const matched = await call({ completeAuthentication: { type: 'google', code, state: first.state } })
    expect(matched.body.completeAuthentication).toMatchObject({ email: 'gary@google.test' })
  })

  it('expires after 10 minutes', async () => {
    const { redirect, state } = await start('google')
    const code = oauth.approve(redirect, { id: 'go-2001', email: 'gary@google.test' })
    clock += STATE_MAX_AGE_MS + 1
    const answer = await call({ completeAuthentication: { type: 'google', code, state } })
    expect(answer.body).toMatchObject({ error: 'INVALID_REQUEST' })
  })
})

describe('provider errors', () => {
  it('GitHub refusing the code (status 200 with an error) is PROVIDER_ERROR naming it', async () => {
    const { state } = await start('github')
    const answer = await call({ completeAuthentication: { type: 'github', code: 'not-issued', state } })
    expect(answer.body).toMatchObject({
      error: 'PROVIDER_ERROR',
      message: expect.stringContaining('bad_verification_code'),
    })
  })

  it('GitHub’s user endpoint failing is PROVIDER_ERROR', async () => {
    server.use(http.get(GITHUB_USER_URL, () => HttpResponse.json({ message: 'Server Error' }, { status: 502 })))
    const answer = await signInThrough('github', { id: 5501, email: 'pat@personal.test' })
    expect(answer.body).toMatchObject({ error: 'PROVIDER_ERROR', message: expect.stringContaining('502') })
  })

  it('GitHub’s emails endpoint answering nonsense is PROVIDER_ERROR', async () => {
    server.use(http.get(GITHUB_EMAILS_URL, () => HttpResponse.json({ unexpected: true })))
    const answer = await signInThrough('github', { id: 5501, email: 'pat@personal.test' })
    expect(answer.body).toMatchObject({ error: 'PROVIDER_ERROR' })
  })

  it('GitHub unreachable is PROVIDER_ERROR', async () => {
    server.use(http.post(GITHUB_TOKEN_URL, () => HttpResponse.error()))
    const answer = await signInThrough('github', { id: 5501, email: 'pat@personal.test' })
    expect(answer.body).toMatchObject({ error: 'PROVIDER_ERROR', message: 'GitHub could not be reached.' })
  })

  it('Google refusing the code (invalid_grant) is PROVIDER_ERROR', async () => {
    const { state } = await start('google')
    const answer = await call({ completeAuthentication: { type: 'google', code: 'not-issued', state } })
    expect(answer.body).toMatchObject({ error: 'PROVIDER_ERROR', message: expect.stringContaining('invalid_grant') })
  })

  it('Google answering 503 is PROVIDER_ERROR', async () => {
    // Without a body: arctic cancels an unexpected response's body, which never settles under msw 2.15's fetch
    // interceptor; the service's handling of the status is the same either way.
    server.use(http.post(GOOGLE_TOKEN_URL, () => new HttpResponse(null, { status: 503 })))
    const answer = await signInThrough('google', { id: 'go-2001', email: 'gary@google.test' })
    expect(answer.body).toMatchObject({ error: 'PROVIDER_ERROR', message: expect.stringContaining('503') })
  })

  it('an ID token for another client is refused', async () => {
    server.use(
      http.post(GOOGLE_TOKEN_URL, () => {
        const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
        const claims = {
          iss: 'https://accounts.google.com',
          aud: 'someone-else',
          sub: 'go-2001',
          email: 'gary@google.test',
          email_verified: true,
          exp: Math.floor(clock / 1000) + 600,
        }
        return HttpResponse.json({
          access_token: 'ya29.x',
          token_type: 'Bearer',
          expires_in: 3599,
          id_token: `${part({ alg: 'RS256' })}.${part(claims)}.c2ln`,
        })
      }),
    )
    const answer = await signInThrough('google', { id: 'go-2001', email: 'gary@google.test' })
    expect(answer.body).toMatchObject({ error: 'PROVIDER_ERROR' })
  })

  it('a state is used up even when the provider fails, so the same answer cannot be retried', async () => {
    server.use(http.post(GITHUB_TOKEN_URL, () => HttpResponse.error()))
    const { redirect, state } = await start('github')
    const code = oauth.approve(redirect, { id: 5501, email: 'pat@personal.test' })
    expect((await call({ completeAuthentication: { type: 'github', code, state } })).body).toMatchObject({
      error: 'PROVIDER_ERROR',
    })
    server.resetHandlers()
    expect((await call({ completeAuthentication: { type: 'github', code, state } })).body).toMatchObject({
      error: 'INVALID_REQUEST',
    })
  })
})

describe('linking from account settings (linkAccount)', () => {
  it('links the provider to the signed-in account, repeating its credential, without signing anyone else in', async () => {
    const credential = await signInAs(service, 'olivia@acme.test')
    const { redirect, state } = await start('google', credential, 'linkAccount')
    expect(
      (
        await service.db
          .selectFrom('oauth_states')
          .select('link_email')
          .where('state', '=', state)
          .executeTakeFirstOrThrow()
      ).link_email,
    ).toBe('olivia@acme.test')
    // Her Google account has a different address: linking does not care, the person chose it.
    const code = oauth.approve(redirect, { id: 'g-olivia', email: 'olivia.private@gmail.test' })
    const answer = await call({ completeAuthentication: { type: 'google', code, state } }, credential)
    expect(answer.body.completeAuthentication).toEqual({
      completed: true,
      session: credential,
      email: 'olivia@acme.test',
      admin: false,
      linked: 'google',
    })
    expect((await call({ accountSettings: {} }, credential)).body.accountSettings).toEqual({
      logonLink: 'default',
      githubLinked: false,
      googleLinked: true,
    })
    // And signing in with that Google account now lands in her account.
    const signIn = await signInThrough('google', { id: 'g-olivia', email: 'olivia.private@gmail.test' })
    expect(signIn.body.completeAuthentication).toMatchObject({ email: 'olivia@acme.test' })
  })

  it('is finished only with the credential of the account that started it', async () => {
    const credential = await signInAs(service, 'rita@reseller.test')
    const other = await signInAs(service, 'max@acme.test')
    for (const finishing of [undefined, other]) {
      const { redirect, state } = await start('github', credential, 'linkAccount')
      const code = oauth.approve(redirect, { id: 8101, email: 'attacker@evil.test' })
      const answer = await call({ completeAuthentication: { type: 'github', code, state } }, finishing)
      expect(answer.body).toMatchObject({ error: 'INVALID_REQUEST' })
    }
    expect((await account('rita@reseller.test'))?.github_id).toBeNull()
  })

  it('refuses a provider account that is already linked to another address', async () => {
    await service.db
      .insertInto('accounts')
      .values({
        email: 'linked-elsewhere@example.test',
        admin: 0,
        logon_link: 'default',
        github_id: '8200',
        google_id: null,
        created_at: clock,
      })
      .execute()
    const credential = await signInAs(service, 'ray@reseller.test')
    const { redirect, state } = await start('github', credential, 'linkAccount')
    const code = oauth.approve(redirect, { id: 8200, email: 'ray.private@example.test' })
    const answer = await call({ completeAuthentication: { type: 'github', code, state } }, credential)
    expect(answer.body).toMatchObject({ error: 'USER_EXISTS' })
    expect((await account('ray@reseller.test'))?.github_id).toBeNull()
  })

  it('refuses to start for a provider that is already linked, and without a session', async () => {
    const credential = await signInAs(service, 'gary@google.test')
    expect((await call({ linkAccount: { type: 'google', callback: callback.google } }, credential)).body).toMatchObject(
      { error: 'INVALID_STATE' },
    )
    expect((await call({ linkAccount: { type: 'github', callback: callback.github } })).body).toMatchObject({
      error: 'NOT_AUTHENTICATED',
    })
  })
})

describe('configuration', () => {
  it('stops the start when a client id comes without its secret', () => {
    const env = { NODE_ENV: 'test' as const, DATA_DIR: service.dataDir, GITHUB_CLIENT_ID: 'only-the-id' }
    expect(() => loadServiceConfig(env)).toThrow(/GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together/)
  })

  it('in production offers no stand-in (anyone could sign in as anyone) unless the development tools are on', () => {
    const base = {
      NODE_ENV: 'production' as const,
      DATA_DIR: service.dataDir,
      PUBLIC_URL: 'https://portal.test',
      ALLOW_GENERATED_SECRETS: '1',
      MAIL_OUTBOX_ONLY: '1',
      PAYMENTS_SANDBOX: '1',
    }
    expect(Object.keys(createIdentityAdapter(loadServiceConfig(base)).providers)).toEqual([])
    const withTools = createIdentityAdapter(loadServiceConfig({ ...base, DEV_TOOLS: '1' }))
    expect([withTools.providers.github?.kind, withTools.providers.google?.kind]).toEqual(['stand-in', 'stand-in'])
    const real = createIdentityAdapter(loadServiceConfig({ ...env, ...base }))
    expect([real.providers.github?.kind, real.providers.google?.kind]).toEqual(['oauth', 'oauth'])
  })
})
