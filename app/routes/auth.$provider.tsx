import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react'
import { AuthenticationFailedDialog } from '#app/components/account/authentication-failed-dialog'
import { callLicensing } from '#app/utils/licensing.server'
import { takeAuthorizationRequest } from '#app/utils/oauth-state.server'
import { createUserSession, getUser } from '#app/utils/session.server'
import type { ErrorCode } from '#protocol/shared/errors'

const providers = ['github', 'google', 'company'] as const
type Provider = (typeof providers)[number]
const isProvider = (value: string | undefined): value is Provider => providers.includes(value as Provider)

export const ACCOUNT_SETTINGS_PATH = '/manage?dialog=account-settings'

/** The cleared OAuth request cookie. */
function withHeaders(response: Response, headers: Headers): Response {
  const merged = new Headers(response.headers)
  headers.forEach((value, name) => merged.append(name, value))
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged })
}

/** The service's own words for these refusals (which address, which company, how to sign in instead). */
const explained = new Set<ErrorCode>(['SSO_REQUIRED', 'PROVIDER_ERROR', 'NO_USER', 'NOT_FOUND'])

/** The provider's answer to the service: a company's single sign-on has its own call, with the `iss` it sent. */
function complete(provider: Provider, query: URLSearchParams, code: string, state: string) {
  if (provider !== 'company') return { op: 'completeAuthentication' as const, payload: { type: provider, code, state } }
  const iss = query.get('iss')
  return { op: 'completeCompanySignIn' as const, payload: { code, state, ...(iss !== null ? { iss } : {}) } }
}

/** The answer must belong to the request this browser started (oauth-state.server.ts), else "request seems to have
 * already been processed"; a refusal or the provider's own error is "Authentication Failed". */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = params.provider
  if (!isProvider(provider)) throw json({ message: 'Not found' }, { status: 404 })
  const query = new URL(request.url).searchParams
  const started = await takeAuthorizationRequest(request)
  const headers = started.headers
  const providerError = query.get('error')
  if (providerError) return json({ code: providerError.slice(0, 100) }, { status: 401, headers })
  const code = query.get('code')
  const state = query.get('state')
  if (!code || !state) throw redirect('/', { headers })
  if (!started.matches(provider, state)) {
    return json({ code: 'INVALID_REQUEST' satisfies ErrorCode }, { status: 401, headers })
  }

  // A link is completed for the account that started it, so the signed-in user's credential goes along.
  const user = await getUser(request)
  const call = complete(provider, query, code, state)
  const answer =
    call.op === 'completeAuthentication'
      ? await callLicensing(call.op, call.payload, { credential: user?.credential, context })
      : await callLicensing(call.op, call.payload, { context })
  if (!answer.ok) {
    const own = explained.has(answer.error) && (provider === 'company' || answer.error === 'SSO_REQUIRED')
    const body = own ? { code: answer.error, message: answer.message } : { code: answer.error }
    return json(body, { status: answer.error === 'UNEXPECTED' ? 502 : 401, headers })
  }
  const linked = 'linked' in answer.result && Boolean(answer.result.linked)
  if (linked && user) throw redirect(ACCOUNT_SETTINGS_PATH, { headers })
  // What the user menu needs on the first page (whether Change Email Address applies).
  const details = await callLicensing('retrieveDetails', {}, { credential: answer.result.session, context })
  const signedIn = await createUserSession(
    request,
    {
      email: answer.result.email,
      admin: answer.result.admin,
      credential: answer.result.session,
      personalLicenses: details.ok ? details.result.body.personal.licenses : undefined,
    },
    linked ? ACCOUNT_SETTINGS_PATH : '/manage',
  )
  return withHeaders(signedIn, headers)
}

export default function SocialSignInCallback() {
  const data = useLoaderData<typeof loader>()
  return <AuthenticationFailedDialog code={data.code} message={'message' in data ? String(data.message) : null} />
}

export const meta: MetaFunction = () => [{ title: 'Sign in | License Portal' }]

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="page-narrow" aria-labelledby="not-found-heading">
        <h1 id="not-found-heading">Page not found</h1>
        <p>There is no sign-in with this provider.</p>
        <p>
          <a href="/">Go to the sign-in page</a>
        </p>
      </section>
    )
  }
  return <AuthenticationFailedDialog code="UNEXPECTED" />
}
