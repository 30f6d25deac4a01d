// A form post may only end at the hosts the page's CSP lists (form-action), and a company's issuer is not one of them:
// the sign-in form goes to our own /auth/company/continue, which goes on to the provider by a plain navigation.
import { redirect } from '@remix-run/node'
import { portalCookie } from './cookies.server'
import { providerRequestCookie } from './oauth-state.server'
import { portalCookieSecret } from './session.server'

export const COMPANY_CONTINUE_PATH = '/auth/company/continue'

let cookie: ReturnType<typeof portalCookie> | undefined
const continueCookie = () =>
  (cookie ??= portalCookie('__company_sign_in', {
    path: COMPANY_CONTINUE_PATH,
    secrets: [portalCookieSecret()],
    maxAgeSeconds: 600,
  }))

/** Binds the request to this browser, then shows the page that goes on to `authorizationUrl`. */
export async function continueToCompany(authorizationUrl: string): Promise<Response> {
  const headers = new Headers()
  headers.append('Set-Cookie', await providerRequestCookie('company', authorizationUrl))
  headers.append('Set-Cookie', await continueCookie().serialize(authorizationUrl))
  return redirect(COMPANY_CONTINUE_PATH, { headers })
}

/** The provider's address this browser was given (signed by the portal, so never a target from a request). */
export async function companyToContinueTo(request: Request): Promise<URL | null> {
  const value: unknown = await continueCookie()
    .parse(request.headers.get('Cookie'))
    .catch(() => null)
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}
