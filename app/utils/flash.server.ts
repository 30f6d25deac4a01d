// The flash: one change's sentence in a signed cookie, read once by the next page
// (docs/decisions/0007-every-change-ends-with-a-sentence.md).
import crypto from 'node:crypto'
import { normalizeEmail } from '#protocol/shared/email'
import { portalCookie } from './cookies.server'
import { Flash, type Status } from './flash'
import { portalCookieSecret } from './session.server'

let cookie: ReturnType<typeof portalCookie> | undefined
const flashCookie = () => (cookie ??= portalCookie('__flash', { secrets: [portalCookieSecret()] }))

/** To the next page `email` loads. */
export async function flashHeader(email: string, status: Omit<Status, 'id'>): Promise<string> {
  const flash: Flash = { id: crypto.randomUUID(), ...status, for: normalizeEmail(email) }
  return flashCookie().serialize(flash)
}

/** Once: `status` is null when there is none, or it was said to another account; `clear` ends the cookie. */
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
