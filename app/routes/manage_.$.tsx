import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SessionErrorDialog } from '#app/components/session-error-dialog'
import { callLicensing } from '#app/utils/licensing.server'
import { createUserSession, getUser } from '#app/utils/session.server'
import { signInOutcomeHeader } from '#app/utils/sign-in-outcome.server'
import type { Result } from '#protocol/operations'

/** The emailed sign-in link, exchanged on the server so it never stays in the address bar or the history. */
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
        personalLicenses: answer.result.body.personal.licenses,
      },
      '/manage',
    )
  }
  const linkRefused =
    !answer.ok &&
    (answer.error === 'INVALID_REQUEST' ||
      answer.error === 'LINK_REPLACED' ||
      answer.error === 'INVALID_AGE' ||
      answer.error === 'INVALID_SIGNATURE')
  if (linkRefused) {
    // Following a link again (or an old one) in a browser that is signed in already is harmless.
    if (await getUser(request)) throw redirect('/manage')
    // Signed out: the sign-in page says what happened to the link and offers a new one for its address.
    const link = await callLicensing('signInLink', { passthrough }, { context })
    const state = link.ok && link.result.state !== 'unused' ? link.result.state : refusedState(answer.error)
    const email = link.ok ? link.result.email : undefined
    throw redirect('/', {
      headers: {
        'Set-Cookie': await signInOutcomeHeader({ kind: 'link-refused', state, ...(email ? { email } : {}) }),
      },
    })
  }
  // An old link of an address that holds nothing now: as harmless in a browser signed in already; else §8's dialog.
  if (!answer.ok && answer.error === 'NO_USER' && (await getUser(request))) throw redirect('/manage')
  // A link mailed before the company required its single sign-on: the sign-in page says how to sign in now.
  if (!answer.ok && answer.error === 'SSO_REQUIRED') {
    const link = await callLicensing('signInLink', { passthrough }, { context })
    const email = link.ok ? (link.result.email ?? '') : ''
    const outcome = { kind: 'link', outcome: 'sso-required', email, message: answer.message } as const
    throw redirect('/', { headers: { 'Set-Cookie': await signInOutcomeHeader(outcome) } })
  }
  return json({ code: answer.ok ? 'UNEXPECTED' : answer.error }, { status: 401 })
}

const refusedStates = new Map([
  ['INVALID_REQUEST', 'used'],
  ['LINK_REPLACED', 'replaced'],
  ['INVALID_AGE', 'expired'],
] as const)

function refusedState(code: string): Exclude<Result<'signInLink'>['state'], 'unused'> {
  return refusedStates.get(code as 'INVALID_REQUEST') ?? 'invalid'
}

export default function SignInLink() {
  const { code } = useLoaderData<typeof loader>()
  return <SessionErrorDialog code={code} />
}

export const meta: MetaFunction = () => [{ title: 'Sign in | License Portal' }]
