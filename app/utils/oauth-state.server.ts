// Binds a GitHub or Google authorization request to the browser that started it (login CSRF, RFC 6749 §10.12): its
// `state` is stored server-side, named by a signed HttpOnly cookie, and taken once at the callback, so a callback
// opened in another browser finds no record and is refused before the code reaches the provider.
import crypto from 'node:crypto'
import { redirectDocument } from '@remix-run/node'
import { portalCookie } from './cookies.server'
import { portalDb } from './portal-store.server'
import { portalCookieSecret } from './session.server'

/** `company`: a company's single sign-on (its callback is /auth/company/). */
export type OAuthProviderName = 'github' | 'google' | 'company'

export const OAUTH_REQUEST_MAX_AGE_MS = 10 * 60 * 1000

/** Only the callbacks (/auth/github/, /auth/google/, /auth/company/). */
export const OAUTH_REQUEST_COOKIE_PATH = '/auth'

type StoredRequest = { provider: string; state: string; created_at: number }

function createStore() {
  const cookie = portalCookie('__oauth_request', {
    path: OAUTH_REQUEST_COOKIE_PATH,
    secrets: [portalCookieSecret()],
    maxAgeSeconds: OAUTH_REQUEST_MAX_AGE_MS / 1000,
  })

  return {
    cookie,
    async record(provider: OAuthProviderName, state: string, now: number): Promise<string> {
      const db = await portalDb()
      await db
        .deleteFrom('portal_oauth_requests')
        .where('created_at', '<', now - OAUTH_REQUEST_MAX_AGE_MS)
        .execute()
      const id = crypto.randomBytes(32).toString('base64url')
      await db.insertInto('portal_oauth_requests').values({ id, provider, state, created_at: now }).execute()
      return id
    },
    async take(id: string): Promise<StoredRequest | null> {
      // Deleting and reading in one statement: of two callbacks carrying the same cookie, only one gets the record.
      const row = await (
        await portalDb()
      )
        .deleteFrom('portal_oauth_requests')
        .where('id', '=', id)
        .returning(['provider', 'state', 'created_at'])
        .executeTakeFirst()
      return row ?? null
    },
  }
}

let store: ReturnType<typeof createStore> | undefined
const oauthStore = () => (store ??= createStore())

/** A document redirect (not a route of this app); a later start in the same browser replaces the earlier one. */
export async function redirectToProvider(provider: OAuthProviderName, authorizationUrl: string): Promise<Response> {
  const headers = { 'Set-Cookie': await providerRequestCookie(provider, authorizationUrl) }
  return redirectDocument(authorizationUrl, { headers })
}

/** Records the request's state for this browser: the cookie that names it. */
export async function providerRequestCookie(provider: OAuthProviderName, authorizationUrl: string): Promise<string> {
  const state = new URL(authorizationUrl).searchParams.get('state')
  // The service always puts a state in the address; without one there is nothing to bind the answer to.
  if (!state) throw new Error(`The ${provider} authorization address has no state.`)
  const { cookie, record } = oauthStore()
  return cookie.serialize(await record(provider, state, Date.now()))
}

export type AnsweredRequest = {
  matches(provider: OAuthProviderName, state: string): boolean
  /** Clears the cookie; put them on whatever the callback answers. */
  headers: Headers
}

/** Removed from the store now, so it answers one callback only, whether that succeeds or fails. */
export async function takeAuthorizationRequest(request: Request): Promise<AnsweredRequest> {
  const { cookie, take } = oauthStore()
  const header = request.headers.get('Cookie')
  const headers = new Headers()
  const id: unknown = await cookie.parse(header)
  const sent = (header ?? '').split(';').some((pair) => pair.trim().startsWith(`${cookie.name}=`))
  if (sent) {
    headers.append('Set-Cookie', await cookie.serialize('', { maxAge: 0, expires: new Date(0) }))
  }
  const stored = typeof id === 'string' && id ? await take(id) : null
  const now = Date.now()
  return {
    headers,
    matches(provider, state) {
      if (!stored || stored.provider !== provider) return false
      const age = now - stored.created_at
      if (age < 0 || age > OAUTH_REQUEST_MAX_AGE_MS) return false
      const expected = Buffer.from(stored.state)
      const given = Buffer.from(state)
      return expected.length === given.length && crypto.timingSafeEqual(expected, given)
    },
  }
}
