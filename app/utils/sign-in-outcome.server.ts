/** Why a sign-in failed, carried by a cookie to the one load of "/" that follows, so a reload never resends a link. */
import * as z from 'zod/mini'
import { EMAIL_MAX_LENGTH } from '#protocol/shared/email'
import { portalCookie } from './cookies.server'
import { portalCookieSecret } from './session.server'

export const SignInOutcome = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('link'),
    /**
     * `sso-required`: the company requires its single sign-on; `company-refused`: that sign-in could not start;
     * `unknown`: the answer to sending the link was lost, so it may have been sent.
     */
    outcome: z.enum([
      'sent',
      'unknown',
      'no-user',
      'no-logon-link',
      'limited',
      'error',
      'invalid',
      'sso-required',
      'company-refused',
    ]),
    email: z.string().check(z.maxLength(EMAIL_MAX_LENGTH + 100)),
    /** The service's words: the address's mail budget spent (until when), how this company signs in. */
    message: z.optional(z.string().check(z.maxLength(EMAIL_MAX_LENGTH + 800))),
  }),
  z.object({ kind: z.literal('social'), outcome: z.literal('error') }),
  /** With the address it was sent to, while the service knows it. */
  z.object({
    kind: z.literal('link-refused'),
    state: z.enum(['used', 'replaced', 'retired', 'expired', 'invalid']),
    email: z.optional(z.string().check(z.maxLength(EMAIL_MAX_LENGTH))),
  }),
])
export type SignInOutcome = z.infer<typeof SignInOutcome>

let cookie: ReturnType<typeof portalCookie> | undefined
// Signed, so that nothing but the portal's own answer decides what the page says; a minute is enough for a redirect.
const outcomeCookie = () =>
  (cookie ??= portalCookie('__sign_in', { maxAgeSeconds: 60, secrets: [portalCookieSecret()] }))

export function signInOutcomeHeader(outcome: SignInOutcome): Promise<string> {
  return outcomeCookie().serialize(outcome)
}

/** Once: `clear` ends the cookie. */
export async function takeSignInOutcome(
  request: Request,
): Promise<{ outcome: SignInOutcome | null; clear: string | null }> {
  const header = request.headers.get('Cookie')
  if (!header?.includes('__sign_in=')) return { outcome: null, clear: null }
  const clear = await outcomeCookie().serialize('', { maxAge: 0 })
  const value: unknown = await outcomeCookie()
    .parse(header)
    .catch(() => null)
  const parsed = SignInOutcome.safeParse(value)
  return { outcome: parsed.success ? parsed.data : null, clear }
}
