import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ManagePage } from '#app/routes/__manage/manage-page'
import { SessionErrorDialog } from '#app/components/session-error-dialog'
import { callLicensing } from '#app/utils/licensing.server'
import { tableView, windowsOf } from '#app/rules/license-windows'
import { manageView, shouldAutoOpenBulkAssignWindowed } from '#app/rules/manage-view'
import { readFormData } from '#app/utils/form.server'
import { getPreferences, setPreferences } from '#app/utils/preferences.server'
import { commitSession, requireUser, requireUserSession } from '#app/utils/session.server'
import { flashHeader, takeFlash } from '#app/utils/flash.server'
import { portalEnv } from '#app/utils/env.server'
import type { Status } from '#app/utils/flash'
import { renewalOutcome, staleLinkNotice } from '#app/rules/changes'
import type { OpenDialog } from './__manage/dialogs'
import { dialogLoaders, manageActions } from './__manage/registry.server'
import { pageUrl, showsInactive } from './__manage/shared/urls'
import { refuseOversizedReferences, requireKnownReferences } from './__manage/shared/references.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, session } = await requireUserSession(request)
  const url = new URL(request.url)
  // Back from the provider's renewal checkout: what became of the payment, said once on the page's own address.
  const checkoutId = url.searchParams.get('checkout')
  if (checkoutId) {
    const outcome = await callLicensing(
      'createSubscriptionOnCheckout',
      { checkoutId: checkoutId.slice(0, 200), passthrough: '' },
      { context },
    )
    const state = outcome.ok ? outcome.result.state : undefined
    const reason = outcome.ok ? outcome.result.reason : undefined
    throw redirect(pageUrl(url), {
      headers: {
        'Set-Cookie': await flashHeader(user.email, {
          tone: state === 'failed' ? 'refused' : state === 'complete' ? 'done' : 'notice',
          message: renewalOutcome(state, portalEnv().supportEmail, reason),
        }),
      },
    })
  }
  const dialogName = url.searchParams.get('dialog')
  const dialogLoader = dialogName ? dialogLoaders.get(dialogName) : undefined
  // A dialog name no capability registered is a page that does not exist.
  if (dialogName && !dialogLoader) throw json({ message: 'Not found' }, { status: 404 })
  // The page asks only for what it shows; an open dialog's loader reads only what else it shows.
  const options = { credential: user.credential, context }
  const [answer, preferences] = await Promise.all([
    callLicensing('retrieveDetails', { windows: windowsOf(url.searchParams) }, options),
    getPreferences(request),
  ])
  if (!answer.ok) {
    // Session errors and anything unexpected show the error dialog; its Close logs out (spec §8).
    return json({ kind: 'error' as const, code: answer.error }, { status: answer.error === 'UNEXPECTED' ? 502 : 401 })
  }
  const details = answer.result

  // Bulk Assign opens by itself once (spec §2), decided on the server so it happens with script off too.
  if (!dialogName && !preferences.hideBulkAssign && shouldAutoOpenBulkAssignWindowed(details)) {
    const company = details.body.companies[0]
    throw redirect(`/manage?dialog=bulk-assign&company=${encodeURIComponent(company.id)}`, {
      headers: { 'Set-Cookie': await setPreferences(request, { hideBulkAssign: true }) },
    })
  }
  // A dialog about something gone is the page with a word about it: a kept link is not a broken page.
  let dialog: OpenDialog | null = null
  let notice: Status | null = null
  if (dialogName && dialogLoader) {
    try {
      requireKnownReferences(url)
      dialog = {
        name: dialogName,
        data: await dialogLoader({ request, url, user, context, preferences, page: details }),
      }
    } catch (thrown) {
      if (!(thrown instanceof Response) || (thrown.status !== 404 && thrown.status !== 403)) throw thrown
      notice = { id: `stale:${url.search}`, tone: 'notice', message: staleLinkNotice(url.searchParams) }
    }
  }
  const flash = await takeFlash(request, user.email)

  const now = Date.now()
  const view = manageView(details, {
    now,
    viewOf: (table) => tableView(url.searchParams, table),
  })

  // The user menu offers Change Email Address to personal license holders only: remember it with the session.
  const headers = new Headers()
  if (flash.clear) headers.append('Set-Cookie', flash.clear)
  if (session.get('hasPersonalLicenses') !== view.holdsPersonalLicenses || session.get('admin') !== details.admin) {
    session.set('hasPersonalLicenses', view.holdsPersonalLicenses)
    session.set('admin', details.admin)
    headers.append('Set-Cookie', await commitSession(session))
  }

  return json(
    {
      kind: 'details' as const,
      view,
      dialog,
      now,
      showInactive: showsInactive(url),
      hideWelcome: preferences.hideWelcome,
      search: url.search,
      status: notice ?? flash.status,
    },
    { headers, status: notice ? 404 : 200 },
  )
}

/** To the page's own address, never `/manage?index`. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readFormData(request)
  const intent = String(formData.get('intent') ?? '')
  const handler = manageActions.get(intent)
  if (!handler)
    throw json(
      { message: 'This form is not one the page knows. Please reload the page and try again.' },
      { status: 400 },
    )
  const url = new URL(request.url)
  refuseOversizedReferences(url, formData)
  const preferences = await getPreferences(request)
  return handler({ request, url, user, context, preferences, formData })
}

export default function Manage() {
  const data = useLoaderData<typeof loader>()
  if (data.kind === 'error') return <SessionErrorDialog code={data.code} />
  return (
    <ManagePage
      view={data.view}
      dialog={data.dialog}
      now={data.now}
      showInactive={data.showInactive}
      hideWelcome={data.hideWelcome}
      search={data.search}
      status={data.status}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Manage Licenses | License Portal' }]
