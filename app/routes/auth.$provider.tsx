import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react'
import { AuthenticationFailedDialog } from '#app/components/account/authentication-failed-dialog'
import { holdsPersonalLicenses } from '#app/rules/license'
import { callLicensing } from '#app/utils/licensing.server'
import { takeAuthorizationRequest } from '#app/utils/oauth-state.server'
import { createUserSession, getUser } from '#app/utils/session.server'
import type { ErrorCode } from '#protocol/errors'

const providers = ['github', 'google'] as const
type Provider = (typeof providers)[number]
const isProvider = (value: string | undefined): value is Provider => providers.includes(value as Provider)

export const ACCOUNT_SETTINGS_PATH = '/manage?dialog=account-settings'

/** The cleared OAuth request cookie. */
function withHeaders(response: Response, headers: Headers): Response {
  const merged = new Headers(response.headers)
  headers.forEach((value, name) => merged.append(name, value))
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged })
}

/**
 * `/auth/github/` and `/auth/google/` (spec §2): the answer must belong to the request this browser started
 * (oauth-state.server.ts), else "request seems to have already been processed" before anything reaches the service.
 * Then a sign-in, or the Link of Account Settings; a refusal or the provider's own error is "Authentication Failed".
 */
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
  const answer = await callLicensing(
    'completeAuthentication',
    { type: provider, code, state },
    { credential: user?.credential, context },
  )
  if (!answer.ok) return json({ code: answer.error }, { status: answer.error === 'UNEXPECTED' ? 502 : 401, headers })
  if (answer.result.linked && user) throw redirect(ACCOUNT_SETTINGS_PATH, { headers })
  // What the user menu needs on the first page (whether Change Email Address applies).
  const details = await callLicensing('retrieveDetails', {}, { credential: answer.result.session, context })
  const signedIn = await createUserSession(
    request,
    {
      email: answer.result.email,
      admin: answer.result.admin,
      credential: answer.result.session,
      hasPersonalLicenses: details.ok ? holdsPersonalLicenses(details.result.body.personal.licenses) : undefined,
    },
    answer.result.linked ? ACCOUNT_SETTINGS_PATH : '/manage',
  )
  return withHeaders(signedIn, headers)
}

export default function SocialSignInCallback() {
  const { code } = useLoaderData<typeof loader>()
  return <AuthenticationFailedDialog code={code} />
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
