/**
 * Binds a GitHub or Google authorization request to the browser that started it (login CSRF, RFC 6749 §10.12).
 *
 * When the portal sends a browser to the provider (sign-in from "/", Link from Account Settings) it records the
 * request's `state` in its own server-held store and gives the browser a short-lived, signed, HttpOnly, SameSite=Lax
 * cookie that names the record and nothing else — the way the portal session works, and usable before anyone is
 * signed in. The callback, /auth/{provider}/, takes the record (it is deleted whatever the outcome: single use) and
 * goes on only when the returned `state` is the one stored for this browser, for this provider, within 10 minutes.
 * A callback opened in another browser (a link an attacker prepared from their own sign-in) therefore finds no record,
 * or a different state, and is refused before the code ever reaches the provider.
 *
 * The licensing service keeps its own checks behind this one: it too records the state (single use, 10 minutes) and
 * holds Google's PKCE code verifier by that state, so the verifier never leaves the server and is reachable only
 * through a state that this browser's record matches.
 */
import crypto from 'node:crypto'
import { redirectDocument } from '@remix-run/node'
import { portalCookie } from './cookies.server'
import { portalDb } from './portal-store.server'
import { portalCookieSecret } from './session.server'

export type OAuthProviderName = 'github' | 'google'

/** An authorization request not answered within 10 minutes is not answered at all. */
export const OAUTH_REQUEST_MAX_AGE_MS = 10 * 60 * 1000

/** The cookie goes only to the callbacks (/auth/github/, /auth/google/). */
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

/**
 * Sends the browser to the provider's authorization address (a document redirect: it is not a route of this app) and
 * binds the request to this browser: its `state` is stored for 10 minutes and the browser gets the cookie that names
 * it. A later start in the same browser replaces the earlier one.
 */
export async function redirectToProvider(provider: OAuthProviderName, authorizationUrl: string): Promise<Response> {
  const state = new URL(authorizationUrl).searchParams.get('state')
  // The service always puts a state in the address; without one there is nothing to bind the answer to.
  if (!state) throw new Error(`The ${provider} authorization address has no state.`)
  const { cookie, record } = oauthStore()
  const id = await record(provider, state, Date.now())
  return redirectDocument(authorizationUrl, { headers: { 'Set-Cookie': await cookie.serialize(id) } })
}

export type AnsweredRequest = {
  /** Whether the callback's provider and `state` are those of the request this browser started, still fresh. */
  matches(provider: OAuthProviderName, state: string): boolean
  /** Clears the cookie (when the browser sent one); put them on whatever the callback answers. */
  headers: Headers
}

/**
 * At the callback: takes the authorization request this browser started, if any. It is removed from the store now,
 * so it answers one callback only, whether that callback succeeds or fails.
 */
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
