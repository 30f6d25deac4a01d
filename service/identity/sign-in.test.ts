// Social sign-in (manageLicense of type github / google, completeAuthentication): starting it and matching accounts.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { GITHUB_TOKEN_URL, GOOGLE_TOKEN_URL } from '../../tests/mocks/oauth.js'
import {
  account,
  call,
  callback,
  oauth,
  service,
  signInThrough,
  start,
  startIdentityService,
} from '../../tests/support/identity.js'

startIdentityService()

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
