import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientSecretRequired, companySignInRequiredMessage } from '../../protocol/company-sign-in/company-sign-in.js'
import type { OperationName, Payload } from '../../protocol/operations.js'
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../tests/support/oidc-provider.js'
import { createTestService, latestLink, signInAs } from '../../tests/support/service.js'
import { openSecret, sealSecret } from './oidc-secrets.js'
import { issuerProblem } from './oidc-client.js'

const checkIssuer =
  'Check the issuer: it is the address your provider shows for OpenID Connect (such as https://acme.okta.com), without /.well-known/openid-configuration'

type Service = Awaited<ReturnType<typeof createTestService>>
let service: Service
let idp: TestOidcProvider
let olivia: string
const logged: string[] = []
const CALLBACK = 'http://portal.test/auth/company/'

async function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string, key?: string) {
  const answer = await service.call({ [op]: payload }, credential, key)
  return {
    status: answer.status,
    body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
  }
}

const setUp = (changes: Partial<Payload<'updateCompanySignIn'>> = {}, key?: string) =>
  ask(
    'updateCompanySignIn',
    { companyId: 'acme', issuer: idp.issuer, clientId: idp.clientId, clientSecret: '', required: false, ...changes },
    olivia,
    key,
  )

/** Starts a company sign-in for `email`, goes through the provider as `login`; answers the callback's values. */
async function throughProvider(email: string, login = email) {
  const started = await ask('startCompanySignIn', { email, callback: CALLBACK })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const back = await signInAtProvider(String(started.body.redirect), login)
  expect(back.origin + back.pathname).toBe(CALLBACK)
  return {
    state: back.searchParams.get('state') ?? '',
    code: back.searchParams.get('code') ?? '',
    iss: back.searchParams.get('iss') ?? undefined,
  }
}

const activity = async () =>
  (
    await service.db
      .selectFrom('activity_entries')
      .select('summary')
      .where('company_id', '=', 'acme')
      .orderBy('id', 'desc')
      .execute()
  ).map((e) => e.summary)

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [CALLBACK] })
  service = await createTestService({ log: (line) => logged.push(line) })
  olivia = await signInAs(service, 'olivia@acme.test')
})

afterAll(async () => {
  await service.close()
  await idp.close()
})

describe('company sign-in settings', () => {
  it('keep the client secret sealed: answered only as set, never stored, logged or answered in the clear', async () => {
    expect((await setUp()).body).toEqual({ error: 'INVALID_REQUEST', message: clientSecretRequired })
    expect((await setUp({ clientSecret: idp.clientSecret }, 'set-up-once')).status).toBe(200)
    // A retried request (same key) does nothing twice: one log line.
    expect((await setUp({ clientSecret: idp.clientSecret }, 'set-up-once')).status).toBe(200)
    const read = await ask('retrieveCompanySignIn', { companyId: 'acme' }, olivia)
    expect(read.body).toMatchObject({
      redirectUri: CALLBACK,
      verifiedDomains: ['acme.test'],
      settings: { issuer: idp.issuer, clientId: idp.clientId, secretSet: true, required: false },
    })
    expect(JSON.stringify(read.body)).not.toContain(idp.clientSecret)
    const row = await service.db.selectFrom('company_sign_in').select('client_secret').executeTakeFirstOrThrow()
    expect(row.client_secret).not.toContain(idp.clientSecret)
    expect(openSecret(service.config.signInKey, 'acme', row.client_secret)).toBe(idp.clientSecret)
    expect(openSecret(service.config.signInKey, 'globex', row.client_secret)).toBeNull()
    const log = await activity()
    expect(log.filter((s) => s.startsWith('set up company sign-in'))).toEqual([
      `set up company sign-in: issuer ${idp.issuer}, client ID ${idp.clientId}, a client secret, not required`,
    ])
    expect(JSON.stringify(log) + logged.join('\n')).not.toContain(idp.clientSecret)
    // The same settings again change nothing and log nothing.
    expect((await setUp()).status).toBe(200)
    expect((await activity()).filter((s) => s.includes('company sign-in'))).toHaveLength(1)
  })

  it('refuse an issuer that does not answer as an OpenID provider, saying what failed', async () => {
    // A port nothing listens on any more.
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const answer = await setUp({ issuer: `http://127.0.0.1:${port}/nothing`, clientSecret: 'x' })
    expect(answer.body).toEqual({
      error: 'INVALID_REQUEST',
      message: `The portal tried to read the issuer's discovery document at http://127.0.0.1:${port}/nothing/.well-known/openid-configuration, but the connection was refused. ${checkIssuer}, and that the provider can be reached from the internet.`,
    })
    const badPort = await setUp({ issuer: 'http://127.0.0.1:9/nothing', clientSecret: 'x' })
    expect(badPort.body.message).toContain(
      "/.well-known/openid-configuration, but its port is one the portal never calls (use the provider's usual https address).",
    )
    expect(badPort.body.message).not.toContain('fetch failed')
    const privateHost = await setUp({ issuer: 'https://10.0.0.8/', clientSecret: 'x' })
    expect(privateHost.body.message).toMatch(/^The issuer cannot be used: it points at a private or reserved network/)
  })

  it('name what the issuer answered instead of a discovery document, and what to check', async () => {
    const documents = http.createServer((request, response) => {
      if (request.url?.startsWith('/missing/')) {
        response.statusCode = 404
        response.end('Not found')
      } else if (request.url?.startsWith('/page/')) {
        response.setHeader('content-type', 'text/html')
        response.end('<html><body>Welcome</body></html>')
      } else {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ issuer: 'https://elsewhere.example', response_types_supported: ['code'] }))
      }
    })
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`
    const tried = (path: string) =>
      `The portal tried to read the issuer's discovery document at ${origin}/${path}/.well-known/openid-configuration`
    try {
      const message = async (path: string) =>
        (await setUp({ issuer: `${origin}/${path}`, clientSecret: 'x' })).body.message
      expect(await message('missing')).toBe(
        `${tried('missing')}, and it answered HTTP 404, not a discovery document. ${checkIssuer}.`,
      )
      expect(await message('page')).toBe(
        `${tried('page')}, and it answered with a page that is not a discovery document. ${checkIssuer}.`,
      )
      expect(await message('other')).toBe(
        `${tried('other')}, and the document names another issuer. ${checkIssuer}: it must match the document's "issuer" exactly, a trailing slash included.`,
      )
    } finally {
      await new Promise((resolve) => documents.close(resolve))
    }
  })

  it('without the development tools, refuse a loopback or private issuer with a sentence, before any request', async () => {
    for (const [issuer, why] of [
      ['https://127.0.0.1:8443/', 'it points at this machine (127.0.0.1); use a public address'],
      ['https://[::1]/', 'it points at this machine (::1); use a public address'],
      ['https://localhost/', 'it points at this machine (localhost); use a public address'],
      [
        'https://192.168.1.20/',
        'it points at a private or reserved network address (192.168.1.20); use a public address',
      ],
      ['http://127.0.0.1:9/', 'it must start with https://'],
    ]) {
      expect(await issuerProblem(issuer, false), issuer).toBe(`The issuer cannot be used: ${why}.`)
    }
  })

  it('refuse a discovery document whose token endpoint or key set is not public: the server would call them', async () => {
    let tokenEndpoint = 'https://10.0.0.1/token'
    const documents = http.createServer((_request, response) => {
      const issuer = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: tokenEndpoint,
          jwks_uri: 'https://169.254.169.254/keys',
          response_types_supported: ['code'],
        }),
      )
    })
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`
    try {
      expect((await setUp({ issuer: origin, clientSecret: 'x' })).body).toEqual({
        error: 'INVALID_REQUEST',
        message:
          "The issuer's token endpoint (https://10.0.0.1/token) cannot be used: it points at a private or reserved network address (10.0.0.1); use a public address.",
      })
      tokenEndpoint = `${origin}/token`
      expect((await setUp({ issuer: origin, clientSecret: 'x' })).body).toEqual({
        error: 'INVALID_REQUEST',
        message:
          "The issuer's key set (https://169.254.169.254/keys) cannot be used: it points at a private or reserved network address (169.254.169.254); use a public address.",
      })
    } finally {
      await new Promise((resolve) => documents.close(resolve))
    }
    expect((await ask('retrieveCompanySignIn', { companyId: 'acme' }, olivia)).body).toMatchObject({
      settings: { issuer: idp.issuer },
    })
  })

  it('are for the company administrators only', async () => {
    const max = await signInAs(service, 'max@acme.test')
    expect((await ask('retrieveCompanySignIn', { companyId: 'acme' }, max)).body).toMatchObject({ error: 'FORBIDDEN' })
    expect(
      (await setUp({ clientSecret: 'x' }).then(() => ask('removeCompanySignIn', { companyId: 'acme' }, max))).body,
    ).toMatchObject({
      error: 'FORBIDDEN',
    })
  })

  it('a sealed secret opens only with its key and its company', () => {
    const sealed = sealSecret(Buffer.from('k'.repeat(32)), 'acme', 'the secret')
    expect(openSecret(Buffer.from('k'.repeat(32)), 'acme', sealed)).toBe('the secret')
    expect(openSecret(Buffer.from('j'.repeat(32)), 'acme', sealed)).toBeNull()
    expect(openSecret(Buffer.from('k'.repeat(32)), 'acme', `${sealed}x`)).toBeNull()
  })
})

describe('signing in through the company provider', () => {
  beforeAll(async () => {
    await setUp({ clientSecret: idp.clientSecret })
  })

  it('signs in the verified address of the company domain (code, PKCE, state, nonce, ID token checked)', async () => {
    const started = await ask('startCompanySignIn', { email: 'max@acme.test', callback: CALLBACK })
    const url = new URL(String(started.body.redirect))
    expect(url.origin).toBe(idp.issuer)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: idp.clientId,
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
      login_hint: 'max@acme.test',
      scope: 'openid email profile',
    })
    expect(url.searchParams.get('nonce')).toBeTruthy()
    expect(url.searchParams.get('state')).toBeTruthy()
    const back = await signInAtProvider(url.toString(), 'max@acme.test')
    const answer = await ask('completeCompanySignIn', {
      state: back.searchParams.get('state') ?? '',
      code: back.searchParams.get('code') ?? '',
      iss: back.searchParams.get('iss') ?? undefined,
    })
    expect(answer.body).toMatchObject({ completed: true, email: 'max@acme.test', admin: false })
    const details = await ask('retrieveDetails', {}, String(answer.body.session))
    expect(details.body).toMatchObject({ email: 'max@acme.test' })
  })

  it('uses a request once: a replayed answer and an unknown state are refused', async () => {
    const callback = await throughProvider('olivia@acme.test')
    const [first, second] = await Promise.all([
      ask('completeCompanySignIn', callback),
      ask('completeCompanySignIn', callback),
    ])
    // Of two uses at once (a double click, a replay racing the first), one signs in.
    const errors = [first.body.error, second.body.error]
    expect(
      errors.filter((e) => e === 'INVALID_REQUEST'),
      JSON.stringify(errors),
    ).toHaveLength(1)
    expect(errors.filter((e) => e === undefined)).toHaveLength(1)
    const replay = await ask('completeCompanySignIn', callback)
    expect(replay.body).toEqual({
      error: 'INVALID_REQUEST',
      message: 'This sign-in request seems to have already been processed, or it has expired.',
    })
    expect((await ask('completeCompanySignIn', { ...callback, state: 'made-up' })).body).toMatchObject({
      error: 'INVALID_REQUEST',
    })
  })

  it('refuses an answer that names another issuer', async () => {
    const callback = await throughProvider('olivia@acme.test')
    const answer = await ask('completeCompanySignIn', { ...callback, iss: 'https://evil.example' })
    expect(answer.body).toMatchObject({ error: 'PROVIDER_ERROR' })
    expect(answer.body.message).toContain(
      "Acme Corp's single sign-on answered with something this portal does not accept",
    )
  })

  it('refuses an address the provider does not vouch for', async () => {
    idp.accounts.set('unverified@acme.test', { email_verified: false })
    const answer = await ask('completeCompanySignIn', await throughProvider('unverified@acme.test'))
    expect(answer.body).toEqual({
      error: 'PROVIDER_ERROR',
      message: "Acme Corp's single sign-on does not vouch that unverified@acme.test is a verified address.",
    })
  })

  it('never signs in an address of another domain', async () => {
    idp.accounts.set('olivia@acme.test', { email: 'carl@globex.test' })
    try {
      const answer = await ask('completeCompanySignIn', await throughProvider('olivia@acme.test'))
      expect(answer.body).toEqual({
        error: 'PROVIDER_ERROR',
        message:
          "carl@globex.test is not at a verified domain of Acme Corp, so Acme Corp's single sign-on cannot sign it in.",
      })
    } finally {
      idp.accounts.delete('olivia@acme.test')
    }
  })

  it('is not offered for a domain without it, nor sends the provider to another origin', async () => {
    const answer = await ask('startCompanySignIn', { email: 'carl@globex.test', callback: CALLBACK })
    expect(answer.body).toMatchObject({ error: 'NOT_FOUND' })
    expect((await ask('companySignInFor', { email: 'carl@globex.test' })).body).toEqual({ company: null })
    const elsewhere = await ask('startCompanySignIn', {
      email: 'max@acme.test',
      callback: 'https://evil.example/auth/company/',
    })
    expect(elsewhere.body).toMatchObject({ error: 'INVALID_REQUEST' })
  })
})

describe('a company that requires its sign-in', () => {
  it('has email links refused for its people, saying how to sign in; others are not affected', async () => {
    // A link mailed before the requirement is refused when it is opened.
    await ask('manageLicense', { type: 'link', email: 'max@acme.test' })
    const link = await latestLink(service, 'max@acme.test', 'http://portal.test/manage/')
    expect((await setUp({ required: true })).status).toBe(200)
    expect((await activity())[0]).toBe('changed company sign-in: required for people at verified domains')
    expect((await ask('companySignInFor', { email: 'max@acme.test' })).body).toEqual({
      company: { name: 'Acme Corp', required: true },
    })
    const refused = await ask('manageLicense', { type: 'link', email: 'max@acme.test' })
    expect(refused.body).toEqual({
      error: 'SSO_REQUIRED',
      message: companySignInRequiredMessage('Acme Corp', 'acme.test'),
    })
    expect(refused.body.message).toBe(
      'People at acme.test sign in with Acme Corp\'s single sign-on. On the sign-in page, type your email address and choose "Sign in with single sign-on".',
    )
    const opened = await ask('retrieveDetails', { passthrough: link.slice('http://portal.test/manage/'.length) })
    expect(opened.body).toMatchObject({ error: 'SSO_REQUIRED' })
    expect((await ask('manageLicense', { type: 'link', email: 'carl@globex.test' })).status).toBe(200)
    // Company sign-in itself still works.
    expect((await ask('completeCompanySignIn', await throughProvider('max@acme.test'))).status).toBe(200)
    await setUp({ required: false })
  })

  it('removed, lets people sign in as before; removing again says there is nothing to remove', async () => {
    expect((await ask('removeCompanySignIn', { companyId: 'acme' }, olivia)).status).toBe(200)
    expect((await activity())[0]).toBe('removed company sign-in')
    expect((await ask('removeCompanySignIn', { companyId: 'acme' }, olivia)).body).toEqual({
      error: 'NOT_FOUND',
      message: 'Acme Corp has no company sign-in set up.',
    })
    expect((await ask('companySignInFor', { email: 'max@acme.test' })).body).toEqual({ company: null })
  })
})
