import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ManagePage } from '#app/components/manage/manage-page'
import { SessionErrorDialog } from '#app/components/session-error-dialog'
import { holdsPersonalLicenses } from '#app/rules/license'
import { callLicensing } from '#app/utils/licensing.server'
import { shouldAutoOpenBulkAssign } from '#app/rules/company'
import { getPreferences, setPreferences } from '#app/utils/preferences.server'
import { commitSession, getSession, requireUser } from '#app/utils/session.server'
import { manageActions } from './__manage/actions.server'
import { dialogLoaders } from './__manage/dialogs.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const [answer, preferences] = await Promise.all([
    callLicensing('retrieveDetails', {}, { credential: user.credential, context }),
    getPreferences(request),
  ])
  if (!answer.ok) {
    // Session errors and anything unexpected show the error dialog; its Close logs out (spec §8).
    return json({ kind: 'error' as const, code: answer.error }, { status: answer.error === 'UNEXPECTED' ? 502 : 401 })
  }
  const details = answer.result

  const dialogName = url.searchParams.get('dialog')

  // Bulk Assign opens by itself once (spec §2): exactly one company, can assign, nothing assigned yet. The server
  // does it, so it happens with script off too; the preference records that it was shown.
  if (!dialogName && !preferences.hideBulkAssign && shouldAutoOpenBulkAssign(details)) {
    const company = details.body.companies[0]
    throw redirect(`/manage?dialog=bulk-assign&company=${encodeURIComponent(company.id)}`, {
      headers: { 'Set-Cookie': await setPreferences(request, { hideBulkAssign: true }) },
    })
  }
  const dialogLoader = dialogName ? dialogLoaders[dialogName] : undefined
  const dialog =
    dialogName && dialogLoader
      ? { name: dialogName, data: await dialogLoader({ request, url, user, context, preferences, details }) }
      : null

  // The user menu offers Change Email Address to personal license holders only: remember it with the session.
  const session = await getSession(request)
  const hasPersonalLicenses = holdsPersonalLicenses(details.body.personal.licenses)
  const headers = new Headers()
  if (session.get('hasPersonalLicenses') !== hasPersonalLicenses || session.get('admin') !== details.admin) {
    session.set('hasPersonalLicenses', hasPersonalLicenses)
    session.set('admin', details.admin)
    headers.append('Set-Cookie', await commitSession(session))
  }

  return json(
    {
      kind: 'details' as const,
      details,
      dialog,
      now: Date.now(),
      showInactive: url.searchParams.get('inactive') === 'show',
      hideWelcome: preferences.hideWelcome,
      search: url.search,
    },
    { headers },
  )
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const handler = manageActions[intent]
  if (!handler) return json({ error: `Unknown intent "${intent.slice(0, 40)}"` }, { status: 400 })
  const url = new URL(request.url)
  const preferences = await getPreferences(request)
  return handler({ request, url, user, context, preferences, formData })
}

export default function Manage() {
  const data = useLoaderData<typeof loader>()
  if (data.kind === 'error') return <SessionErrorDialog code={data.code} />
  return (
    <ManagePage
      details={data.details}
      dialog={data.dialog as { name: string; data: unknown } | null}
      now={data.now}
      showInactive={data.showInactive}
      hideWelcome={data.hideWelcome}
      search={data.search}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Manage Licenses | License Portal' }]
