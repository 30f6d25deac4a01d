/**
 * The flash: one change's sentence, set by the action that made the change and read once by the next page, in a
 * signed cookie that ends with the browser (docs/decisions/0007-every-change-ends-with-a-sentence.md).
 */
import crypto from 'node:crypto'
import { normalizeEmail } from '#protocol/email'
import { portalCookie } from './cookies.server'
import { Flash, type Status } from './flash'
import { portalCookieSecret } from './session.server'

let cookie: ReturnType<typeof portalCookie> | undefined
const flashCookie = () => (cookie ??= portalCookie('__flash', { secrets: [portalCookieSecret()] }))

/** The Set-Cookie header value that carries `status` to the next page `email` loads. */
export async function flashHeader(email: string, status: Omit<Status, 'id'>): Promise<string> {
  const flash: Flash = { id: crypto.randomUUID(), ...status, for: normalizeEmail(email) }
  return flashCookie().serialize(flash)
}

/**
 * The flash for `email`, once: `status` is what the page shows (null when there is none, or it was said to another
 * account), `clear` the Set-Cookie header value that ends it (null when the request carried none).
 */
export async function takeFlash(
  request: Request,
  email: string,
): Promise<{ status: Status | null; clear: string | null }> {
  const header = request.headers.get('Cookie')
  if (!header?.includes('__flash=')) return { status: null, clear: null }
  const clear = await flashCookie().serialize('', { maxAge: 0 })
  const value: unknown = await flashCookie()
    .parse(header)
    .catch(() => null)
  const parsed = Flash.safeParse(value)
  if (!parsed.success || parsed.data.for !== normalizeEmail(email)) return { status: null, clear }
  const { for: _for, ...status } = parsed.data
  return { status, clear }
}
