import { createCookie } from '@remix-run/node'

/**
 * A cookie of the portal: HttpOnly, SameSite=Lax, Secure in production, for `path` (default the whole site). With
 * `maxAgeSeconds` it outlives the browser session; without, it ends when the browser closes. With `secrets` it is
 * signed. One place for the attributes every portal cookie shares.
 */
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
