// Social sign-in refused: the state (used once, issued, for its provider, unexpired) and the providers' errors.
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { GITHUB_EMAILS_URL, GITHUB_TOKEN_URL, GITHUB_USER_URL, GOOGLE_TOKEN_URL } from '../../tests/mocks/oauth.js'
import { companySignInRequiredMessage } from '../../protocol/company-sign-in/company-sign-in.js'
import { STATE_MAX_AGE_MS } from './adapter.js'
import {
  advanceClock,
  call,
  clock,
  oauth,
  server,
  service,
  signInThrough,
  start,
  startIdentityService,
} from '../../tests/support/identity.js'

startIdentityService()

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
    advanceClock(STATE_MAX_AGE_MS + 1)
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

describe('a company that requires its own sign-in', () => {
  it('refuses GitHub and Google sign-in to its people, at the first link and once linked, saying how to sign in', async () => {
    // Linked while the company did not yet require its sign-in (the demo's acme.test is a verified domain).
    expect((await signInThrough('github', { id: 7701, email: 'max@acme.test' })).status).toBe(200)
    await service.db
      .insertInto('company_sign_in')
      .values({
        company_id: 'acme',
        issuer: 'https://login.acme.test',
        client_id: 'portal',
        client_secret: 'sealed',
        required: 1,
        updated_by: 'olivia@acme.test',
        updated_at: clock,
      })
      .execute()
    try {
      const refusal = { error: 'SSO_REQUIRED', message: companySignInRequiredMessage('Acme Corp', 'acme.test') }
      expect((await signInThrough('github', { id: 7701, email: 'max@acme.test' })).body).toEqual(refusal)
      expect((await signInThrough('google', { id: 'go-7702', email: 'olivia@acme.test' })).body).toEqual(refusal)
      expect((await signInThrough('github', { id: 7703, email: 'carl@globex.test' })).status).toBe(200)
    } finally {
      await service.db.deleteFrom('company_sign_in').where('company_id', '=', 'acme').execute()
    }
  })
})
