import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SessionErrorDialog } from '#app/components/session-error-dialog'
import { holdsPersonalLicenses } from '#app/rules/license'
import { callLicensing } from '#app/utils/licensing.server'
import { createUserSession, getUser } from '#app/utils/session.server'

/**
 * `/manage/{passthrough}`: the emailed sign-in link. The passthrough is exchanged on the server for a session and the
 * browser is sent on to `/manage`, so the link never stays in the address bar or the history. Any deeper path in the
 * account area goes back to `/`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const splat = params['*'] ?? ''
  const segments = splat.split('/').filter(Boolean)
  if (segments.length !== 1) throw redirect('/')
  const passthrough = segments[0]

  const answer = await callLicensing('retrieveDetails', { passthrough }, { context })
  if (answer.ok && answer.result.session) {
    return createUserSession(
      request,
      {
        email: answer.result.email,
        admin: answer.result.admin,
        credential: answer.result.session,
        hasPersonalLicenses: holdsPersonalLicenses(answer.result.body.personal.licenses),
      },
      '/manage',
    )
  }
  // Following the same link again in a browser that is already signed in by it is harmless.
  const user = await getUser(request)
  if (!answer.ok && answer.error === 'INVALID_REQUEST' && user) throw redirect('/manage')
  const code = answer.ok ? 'UNEXPECTED' : answer.error === 'INVALID_REQUEST' ? 'INVALID_SIGNATURE' : answer.error
  return json({ code }, { status: 401 })
}

export default function SignInLink() {
  const { code } = useLoaderData<typeof loader>()
  return <SessionErrorDialog code={code} />
}

export const meta: MetaFunction = () => [{ title: 'Sign in | License Portal' }]
