import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ManagePage } from '#app/routes/__manage/manage-page'
import { SessionErrorDialog } from '#app/components/session-error-dialog'
import { holdsPersonalLicenses } from '#app/rules/license'
import { callLicensing } from '#app/utils/licensing.server'
import { shouldAutoOpenBulkAssign } from '#app/rules/company'
import { manageView, pageParam } from '#app/rules/manage-view'
import { readFormData } from '#app/utils/form.server'
import { getPreferences, setPreferences } from '#app/utils/preferences.server'
import { commitSession, requireUser, requireUserSession } from '#app/utils/session.server'
import { manageActions } from './__manage/actions.server'
import { dialogLoaders } from './__manage/dialogs.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, session } = await requireUserSession(request)
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
  const dialogLoader = dialogName ? dialogLoaders.get(dialogName) : undefined
  // A dialog name no capability registered is a page that does not exist.
  if (dialogName && !dialogLoader) throw json({ message: 'Not found' }, { status: 404 })
  const dialog =
    dialogName && dialogLoader
      ? { name: dialogName, data: await dialogLoader({ request, url, user, context, preferences, details }) }
      : null

  // The user menu offers Change Email Address to personal license holders only: remember it with the session.
  const hasPersonalLicenses = holdsPersonalLicenses(details.body.personal.licenses)
  const headers = new Headers()
  if (session.get('hasPersonalLicenses') !== hasPersonalLicenses || session.get('admin') !== details.admin) {
    session.set('hasPersonalLicenses', hasPersonalLicenses)
    session.set('admin', details.admin)
    headers.append('Set-Cookie', await commitSession(session))
  }

  // The tables are paged: the page gets the rows it shows and the facts about the rest, not every license.
  const now = Date.now()
  const view = manageView(details, {
    now,
    pageOf: (table) => Number(url.searchParams.get(pageParam(table))) || 1,
    dialogCompany: dialog ? url.searchParams.get('company') : null,
  })

  return json(
    {
      kind: 'details' as const,
      view,
      dialog,
      now,
      showInactive: url.searchParams.get('inactive') === 'show',
      hideWelcome: preferences.hideWelcome,
      search: url.search,
    },
    { headers },
  )
}

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
  const preferences = await getPreferences(request)
  return handler({ request, url, user, context, preferences, formData })
}

export default function Manage() {
  const data = useLoaderData<typeof loader>()
  if (data.kind === 'error') return <SessionErrorDialog code={data.code} />
  return (
    <ManagePage
      view={data.view}
      dialog={data.dialog as { name: string; data: unknown } | null}
      now={data.now}
      showInactive={data.showInactive}
      hideWelcome={data.hideWelcome}
      search={data.search}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Manage Licenses | License Portal' }]
