/**
 * msw stand-ins for GitHub's and Google's OAuth 2.0 endpoints at their HTTP boundary: GitHub's token endpoint,
 * `/user` and `/user/emails`; Google's token endpoint with an ID token. They behave like the providers where it
 * matters to a client: a code is issued by "approving" an authorization URL, is bound to its redirect address (and for
 * Google to its PKCE challenge), works once, and needs the client's own credentials; GitHub reports a bad code with
 * status 200 and an `error` field, Google with status 400 `invalid_grant`.
 *
 *   const oauth = createOAuthMocks({ github: { clientId, clientSecret }, google: { clientId, clientSecret } })
 *   const server = setupServer(...oauth.handlers)
 *   const code = oauth.approve(redirectUrlFromManageLicense, { id: 42, email: 'a@b.test' })
 */
import crypto from 'node:crypto'
import { http, HttpResponse } from 'msw'

export const GITHUB_AUTHORIZE_URL = 'https://github.com/login/oauth/authorize'
export const GITHUB_TOKEN_URL = 'https://github.com/login/oauth/access_token'
export const GITHUB_USER_URL = 'https://api.github.com/user'
export const GITHUB_EMAILS_URL = 'https://api.github.com/user/emails'
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth'
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'

type Client = { clientId: string; clientSecret: string }

/** Who approves at the provider. `emailVerified` defaults to true; GitHub's address is the primary one. */
export type MockUser = {
  id: string | number
  email: string
  emailVerified?: boolean
  /** GitHub only: more addresses on the account (not primary). */
  otherEmails?: Array<{ email: string; verified: boolean }>
}

type Grant = {
  provider: 'github' | 'google'
  redirectUri: string
  challenge: string | null
  user: MockUser
  used: boolean
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const s256 = (verifier: string) => crypto.createHash('sha256').update(verifier).digest('base64url')

function basicAuth(request: Request): Client | null {
  const header = request.headers.get('authorization') ?? ''
  if (!header.startsWith('Basic ')) return null
  const [clientId, clientSecret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')
  return clientId && clientSecret ? { clientId, clientSecret } : null
}

export function createOAuthMocks(clients: { github: Client; google: Client }, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const grants = new Map<string, Grant>()
  const accessTokens = new Map<string, MockUser>()
  /** Requests the mocks answered, newest last (to assert what the client sent). */
  const requests: Array<{ url: string; body: URLSearchParams | null; authorization: string | null }> = []

  const sameClient = (given: Client | null, wanted: Client) =>
    given?.clientId === wanted.clientId && given.clientSecret === wanted.clientSecret

  const githubUser = (request: Request) =>
    accessTokens.get((request.headers.get('authorization') ?? '').replace(/^Bearer /, ''))

  const handlers = [
    http.post(GITHUB_TOKEN_URL, async ({ request }) => {
      const body = new URLSearchParams(await request.text())
      requests.push({ url: GITHUB_TOKEN_URL, body, authorization: request.headers.get('authorization') })
      if (!sameClient(basicAuth(request), clients.github)) {
        return HttpResponse.json({
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
        })
      }
      const grant = grants.get(body.get('code') ?? '')
      if (!grant || grant.provider !== 'github' || grant.used || grant.redirectUri !== body.get('redirect_uri')) {
        // GitHub answers a bad code with status 200 and an error field.
        return HttpResponse.json({
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        })
      }
      grant.used = true
      const accessToken = `gho_${crypto.randomBytes(12).toString('hex')}`
      accessTokens.set(accessToken, grant.user)
      return HttpResponse.json({ access_token: accessToken, token_type: 'bearer', scope: 'user:email' })
    }),
    http.get(GITHUB_USER_URL, ({ request }) => {
      const user = githubUser(request)
      if (!user) return HttpResponse.json({ message: 'Bad credentials' }, { status: 401 })
      return HttpResponse.json({ id: Number(user.id), login: `user${user.id}`, email: null })
    }),
    http.get(GITHUB_EMAILS_URL, ({ request }) => {
      const user = githubUser(request)
      if (!user) return HttpResponse.json({ message: 'Bad credentials' }, { status: 401 })
      return HttpResponse.json([
        ...(user.otherEmails ?? []).map((e) => ({
          email: e.email,
          primary: false,
          verified: e.verified,
          visibility: null,
        })),
        { email: user.email, primary: true, verified: user.emailVerified ?? true, visibility: 'private' },
      ])
    }),
    http.post(GOOGLE_TOKEN_URL, async ({ request }) => {
      const body = new URLSearchParams(await request.text())
      requests.push({ url: GOOGLE_TOKEN_URL, body, authorization: request.headers.get('authorization') })
      if (!sameClient(basicAuth(request), clients.google)) {
        return HttpResponse.json({ error: 'invalid_client', error_description: 'Unauthorized' }, { status: 401 })
      }
      const grant = grants.get(body.get('code') ?? '')
      const verifier = body.get('code_verifier') ?? ''
      if (
        !grant ||
        grant.provider !== 'google' ||
        grant.used ||
        grant.redirectUri !== body.get('redirect_uri') ||
        grant.challenge !== s256(verifier)
      ) {
        return HttpResponse.json({ error: 'invalid_grant', error_description: 'Bad Request' }, { status: 400 })
      }
      grant.used = true
      const iat = Math.floor(now() / 1000)
      const idToken = [
        b64url({ alg: 'RS256', kid: 'mock', typ: 'JWT' }),
        b64url({
          iss: 'https://accounts.google.com',
          aud: clients.google.clientId,
          sub: String(grant.user.id),
          email: grant.user.email,
          email_verified: grant.user.emailVerified ?? true,
          iat,
          exp: iat + 3600,
        }),
        crypto.randomBytes(32).toString('base64url'),
      ].join('.')
      return HttpResponse.json({
        access_token: `ya29.${crypto.randomBytes(12).toString('hex')}`,
        expires_in: 3599,
        scope: 'openid https://www.googleapis.com/auth/userinfo.email',
        token_type: 'Bearer',
        id_token: idToken,
      })
    }),
  ]

  return {
    handlers,
    requests,
    /**
     * What the provider does when the person approves: checks the authorization URL is for this client, and answers
     * the code it would append to the redirect address.
     */
    approve(authorizationUrl: string, user: MockUser): string {
      const url = new URL(authorizationUrl)
      const provider =
        url.origin + url.pathname === GITHUB_AUTHORIZE_URL
          ? 'github'
          : url.origin + url.pathname === GOOGLE_AUTHORIZE_URL
            ? 'google'
            : null
      if (!provider) throw new Error(`not a GitHub or Google authorization URL: ${authorizationUrl}`)
      if (url.searchParams.get('client_id') !== clients[provider].clientId)
        throw new Error('authorization URL for another client')
      const redirectUri = url.searchParams.get('redirect_uri')
      if (!redirectUri || !url.searchParams.get('state'))
        throw new Error('authorization URL without redirect_uri or state')
      const challenge = url.searchParams.get('code_challenge')
      if (provider === 'google' && (!challenge || url.searchParams.get('code_challenge_method') !== 'S256')) {
        throw new Error('Google authorization URL without an S256 PKCE challenge')
      }
      const code = crypto.randomBytes(16).toString('hex')
      grants.set(code, { provider, redirectUri, challenge, user, used: false })
      return code
    },
  }
}
