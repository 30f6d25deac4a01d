/**
 * The local stand-in for GitHub and Google when no credentials are configured: a tester picks who signs in. Codes keep
 * the real shape (bound to state and redirect, 10 minutes, PKCE for Google) and are signed, so nothing is in memory.
 */
import crypto from 'node:crypto'
import * as z from 'zod/mini'
import { ServiceError } from '../dispatch/errors.js'
import { providerLabels, type OAuthProvider, type ProviderName, type ProviderUser } from './types.js'

export const STAND_IN_CODE_MAX_AGE_MS = 10 * 60 * 1000

export const standInPath = (provider: ProviderName) => `/stand-in/${provider}/authorize`

/** RFC 7636 S256. */
export function s256(codeVerifier: string): string {
  return crypto.createHash('sha256').update(codeVerifier).digest('base64url')
}

const CodeClaims = z.object({
  p: z.enum(['github', 'google']),
  s: z.string(),
  r: z.string(),
  cc: z.string(),
  sub: z.string(),
  email: z.string(),
  iat: z.number(),
})
type CodeClaims = z.infer<typeof CodeClaims>

export type StandInCodes = {
  issue(input: {
    provider: ProviderName
    state: string
    redirectUri: string
    codeChallenge: string
    user: { id: string; email: string }
    now: number
  }): string
  read(code: string): CodeClaims | null
}

/** The key is derived from the service secret, never the secret itself. */
export function createStandInCodes(secret: Buffer): StandInCodes {
  const key = crypto.createHmac('sha256', secret).update('identity stand-in codes v1').digest()
  const mac = (body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url')
  return {
    issue({ provider, state, redirectUri, codeChallenge, user, now }) {
      const claims: CodeClaims = {
        p: provider,
        s: state,
        r: redirectUri,
        cc: codeChallenge,
        sub: user.id,
        email: user.email,
        iat: now,
      }
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
      return `${body}.${mac(body)}`
    },
    read(code) {
      const [body, signature, extra] = code.split('.')
      if (!body || !signature || extra !== undefined) return null
      const expected = Buffer.from(mac(body))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
      try {
        return CodeClaims.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))
      } catch {
        return null
      }
    },
  }
}

export function standInProvider(name: ProviderName, options: { codes: StandInCodes }): OAuthProvider {
  const usesPkce = name === 'google'
  // What a real provider answers to a code it did not issue, or issued for another request: invalid_grant.
  const refused = () =>
    new ServiceError('PROVIDER_ERROR', `${providerLabels[name]} refused the sign-in (invalid_grant). Please try again.`)
  return {
    name,
    kind: 'stand-in',
    usesPkce,
    authorizationUrl({ state, codeVerifier, redirectUri }) {
      // On the callback's origin, which the adapter checked to be the portal's.
      const url = new URL(standInPath(name), redirectUri)
      url.searchParams.set('response_type', 'code')
      url.searchParams.set('client_id', 'stand-in')
      url.searchParams.set('state', state)
      url.searchParams.set('redirect_uri', redirectUri)
      if (usesPkce) {
        url.searchParams.set('code_challenge_method', 'S256')
        url.searchParams.set('code_challenge', s256(codeVerifier))
      }
      return url
    },
    async exchange({ code, state, codeVerifier, redirectUri, now }): Promise<ProviderUser> {
      const claims = options.codes.read(code)
      if (!claims || claims.p !== name || claims.s !== state || claims.r !== redirectUri) throw refused()
      if (now - claims.iat > STAND_IN_CODE_MAX_AGE_MS || claims.iat > now + 60_000) throw refused()
      if (usesPkce && claims.cc !== s256(codeVerifier)) throw refused()
      return { id: claims.sub, verifiedEmail: claims.email }
    },
  }
}
