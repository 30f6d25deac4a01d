// GitHub and Google OAuth 2.0 through `arctic`; only an email address the provider has verified is ever returned.
import {
  ArcticFetchError,
  decodeIdToken,
  GitHub,
  Google,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic'
import * as z from 'zod/mini'
import { normalizeEmail } from '../../protocol/shared/email.js'
import { ServiceError } from '../dispatch/errors.js'
import { providerLabels, type OAuthProvider, type ProviderName } from './types.js'

export const GITHUB_API = 'https://api.github.com'
const GOOGLE_ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com'])
const REQUEST_TIMEOUT_MS = 10_000

/** With a message a person can act on. */
export function providerError(provider: ProviderName, err: unknown): ServiceError {
  if (err instanceof ServiceError) return err
  const label = providerLabels[provider]
  if (err instanceof OAuth2RequestError) {
    return new ServiceError('PROVIDER_ERROR', `${label} refused the sign-in (${err.code}). Please try again.`)
  }
  if (err instanceof ArcticFetchError) return new ServiceError('PROVIDER_ERROR', `${label} could not be reached.`)
  if (err instanceof UnexpectedResponseError || err instanceof UnexpectedErrorResponseBodyError) {
    return new ServiceError('PROVIDER_ERROR', `${label} answered the sign-in with status ${err.status}.`)
  }
  return new ServiceError('PROVIDER_ERROR', `${label} answered the sign-in with something unexpected.`)
}

async function attempt<T>(provider: ProviderName, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    throw providerError(provider, err)
  }
}

const GitHubUser = z.object({ id: z.int() })
const GitHubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }))

async function githubGet(path: string, accessToken: string): Promise<unknown> {
  const response = await fetch(`${GITHUB_API}${path}`, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/vnd.github+json',
      'user-agent': 'license-portal',
      'x-github-api-version': '2022-11-28',
    },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch((err: unknown) => {
    throw new ArcticFetchError(err)
  })
  if (response.status !== 200) {
    // Read the (small) error body to release the connection; cancelling it can hang under some fetch interceptors.
    await response.text().catch(() => undefined)
    throw new UnexpectedResponseError(response.status)
  }
  return response.json()
}

/** State only (its OAuth apps take no PKCE here); `/user/emails` for the verified primary address. */
export function githubProvider(clientId: string, clientSecret: string): OAuthProvider {
  const client = (redirectUri: string) => new GitHub(clientId, clientSecret, redirectUri)
  return {
    name: 'github',
    kind: 'oauth',
    usesPkce: false,
    authorizationUrl: ({ state, redirectUri }) => client(redirectUri).createAuthorizationURL(state, ['user:email']),
    exchange: ({ code, redirectUri }) =>
      attempt('github', async () => {
        const tokens = await client(redirectUri).validateAuthorizationCode(code)
        const accessToken = tokens.accessToken()
        const user = GitHubUser.parse(await githubGet('/user', accessToken))
        const emails = GitHubEmails.parse(await githubGet('/user/emails', accessToken))
        const primary = emails.find((e) => e.primary && e.verified)
        return { id: String(user.id), verifiedEmail: primary ? normalizeEmail(primary.email) : null }
      }),
  }
}

const GoogleClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string().check(z.minLength(1)),
  exp: z.number(),
  email: z.optional(z.string()),
  email_verified: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])])),
})

/** PKCE (S256). The ID token comes from Google over TLS, so its signature is not checked (OIDC Core 3.1.3.7). */
export function googleProvider(clientId: string, clientSecret: string): OAuthProvider {
  const client = (redirectUri: string) => new Google(clientId, clientSecret, redirectUri)
  return {
    name: 'google',
    kind: 'oauth',
    usesPkce: true,
    authorizationUrl: ({ state, codeVerifier, redirectUri }) =>
      client(redirectUri).createAuthorizationURL(state, codeVerifier, ['openid', 'email']),
    exchange: ({ code, codeVerifier, redirectUri, now }) =>
      attempt('google', async () => {
        const tokens = await client(redirectUri).validateAuthorizationCode(code, codeVerifier)
        const claims = GoogleClaims.parse(decodeIdToken(tokens.idToken()))
        const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
        if (!GOOGLE_ISSUERS.has(claims.iss) || !audiences.includes(clientId) || claims.exp * 1000 <= now) {
          throw new ServiceError(
            'PROVIDER_ERROR',
            'Google answered the sign-in with an ID token that is not for this portal, or has expired.',
          )
        }
        const verified = claims.email_verified === true || claims.email_verified === 'true'
        return { id: claims.sub, verifiedEmail: verified && claims.email ? normalizeEmail(claims.email) : null }
      }),
  }
}
