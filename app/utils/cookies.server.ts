import { createCookie } from '@remix-run/node'

/** HttpOnly, SameSite=Lax, Secure in production; `maxAgeSeconds` outlives the browser session; `secrets` signs it. */
export function portalCookie(
  name: string,
  { path = '/', maxAgeSeconds, secrets }: { path?: string; maxAgeSeconds?: number; secrets?: string[] } = {},
) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: 'lax',
    path,
    secure: process.env.NODE_ENV === 'production',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
    ...(secrets ? { secrets } : {}),
  })
}
