import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { callLicensing } from '#app/utils/licensing.server'
import { destroySessionHeaders, getUser } from '#app/utils/session.server'

/** Log Out (and the error dialog's Close): ends the service session, destroys the portal session, lands on "/". */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request)
  if (user) await callLicensing('logout', {}, { credential: user.credential, context })
  return redirect('/', { headers: await destroySessionHeaders(request) })
}

export async function loader() {
  // Logging out changes state, so it is a POST; a GET here just goes home.
  return redirect('/')
}
