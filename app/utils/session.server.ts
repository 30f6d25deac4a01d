import crypto from 'node:crypto'
import { createSessionStorage, redirect, type Session } from '@remix-run/node'
import { SESSION_MAX_AGE_MS } from '#protocol/shared/limits'
import type { License } from '#protocol/entities'
import { holdsPersonalLicenses } from '#app/rules/license'
import { portalCookie } from './cookies.server'
import { portalEnv } from './env.server'
import { portalDb } from './portal-store.server'

export type SessionData = {
  email: string
  admin: boolean
  credential: string
  createdAt: number
  /** The user menu offers Change Email Address then. */
  hasPersonalLicenses?: boolean
}
export type PortalSession = Session<SessionData>

function createStorage() {
  const secret = portalCookieSecret()
  // No Max-Age and no Expires: the cookie ends when the browser closes.
  const cookie = portalCookie('__session', { secrets: [secret] })

  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const db = await portalDb()
      await db.deleteFrom('portal_sessions').where('expires', '<', Date.now()).execute()
      const id = crypto.randomBytes(32).toString('base64url')
      await db
        .insertInto('portal_sessions')
        .values({ id, data: JSON.stringify(data), expires: expires?.getTime() ?? Date.now() + SESSION_MAX_AGE_MS })
        .execute()
      return id
    },
    async readData(id) {
      const db = await portalDb()
      const row = await db
        .selectFrom('portal_sessions')
        .select(['data', 'expires'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!row) return null
      if (row.expires < Date.now()) {
        await db.deleteFrom('portal_sessions').where('id', '=', id).execute()
        return null
      }
      return JSON.parse(row.data)
    },
    async updateData(id, data, expires) {
      const db = await portalDb()
      const current = await db.selectFrom('portal_sessions').select('expires').where('id', '=', id).executeTakeFirst()
      await db
        .updateTable('portal_sessions')
        .set({
          data: JSON.stringify(data),
          expires: expires?.getTime() ?? current?.expires ?? Date.now() + SESSION_MAX_AGE_MS,
        })
        .where('id', '=', id)
        .execute()
    },
    async deleteData(id) {
      await (await portalDb()).deleteFrom('portal_sessions').where('id', '=', id).execute()
    },
  })
}

/** Also signs the OAuth request cookie of `oauth-state.server.ts`. */
export function portalCookieSecret(): string {
  return portalEnv().secrets.session
}

let storage: ReturnType<typeof createStorage> | undefined
const sessionStorage = () => (storage ??= createStorage())

// Read once per request: the root's loader, the page's and the document's headers all ask for the same session.
const read = new WeakMap<Request, Promise<PortalSession>>()

export function getSession(request: Request): Promise<PortalSession> {
  let session = read.get(request)
  if (!session) read.set(request, (session = sessionStorage().getSession(request.headers.get('Cookie'))))
  return session
}

export function commitSession(session: PortalSession): Promise<string> {
  return sessionStorage().commitSession(session)
}

export type SignedInUser = { email: string; admin: boolean; credential: string }

/**
 * So that the very first page's user menu is right (spec §2). The licenses are read here, not in the route: a rule a
 * route module imports is shipped with its page even when only its loader uses it.
 */
type SignInFacts = SignedInUser & { personalLicenses?: readonly Pick<License, 'licenseType'>[] }

/** Null also when the 24-hour limit has passed. */
export async function getUser(request: Request): Promise<SignedInUser | null> {
  return userOf(await getSession(request))
}

function userOf(session: PortalSession): SignedInUser | null {
  const email = session.get('email')
  const credential = session.get('credential')
  const createdAt = session.get('createdAt')
  if (!email || !credential || !createdAt || Date.now() - createdAt > SESSION_MAX_AGE_MS) return null
  return { email, admin: session.get('admin') === true, credential }
}

export async function requireUser(request: Request): Promise<SignedInUser> {
  return (await requireUserSession(request)).user
}

/** For a loader that also updates the session. */
export async function requireUserSession(request: Request): Promise<{ user: SignedInUser; session: PortalSession }> {
  const session = await getSession(request)
  const user = userOf(session)
  if (!user) throw redirect('/')
  return { user, session }
}

/** A new id is issued, so a session id that existed before sign-in is worthless after it. */
export async function createUserSession(request: Request, user: SignInFacts, redirectTo: string): Promise<Response> {
  const old = await getSession(request)
  const headers = new Headers()
  if (old.id) headers.append('Set-Cookie', await sessionStorage().destroySession(old))
  const session = await sessionStorage().getSession()
  session.set('email', user.email)
  session.set('admin', user.admin)
  session.set('credential', user.credential)
  session.set('createdAt', Date.now())
  if (user.personalLicenses) session.set('hasPersonalLicenses', holdsPersonalLicenses(user.personalLicenses))
  // Without maxAge the cookie lasts for the browser session; the record itself expires after 24 hours.
  headers.append('Set-Cookie', await sessionStorage().commitSession(session))
  return redirect(redirectTo, { headers })
}

export async function destroySessionHeaders(request: Request): Promise<Headers> {
  const session = await getSession(request)
  return new Headers({ 'Set-Cookie': await sessionStorage().destroySession(session) })
}
