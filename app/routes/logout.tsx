import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { callLicensing } from '#app/utils/licensing.server'
import { destroySessionHeaders, getUser } from '#app/utils/session.server'

/** Also the error dialog's Close. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request)
  if (user) await callLicensing('logout', {}, { credential: user.credential, context })
  const headers = await destroySessionHeaders(request)
  // The back/forward cache keeps even no-store pages: dropped, so Back on a shared computer shows none.
  headers.set('Clear-Site-Data', '"cache"')
  return redirect('/', { headers })
}

export async function loader() {
  // Logging out changes state, so it is a POST; a GET here just goes home.
  return redirect('/')
}
