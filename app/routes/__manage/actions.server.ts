import { redirect } from '@remix-run/node'
import { setPreferences } from '#app/utils/preferences.server'
import { companyForms } from './company/company.registry'
import { manageDialogs } from './dialogs'
import { renewalForms } from './renewals/renewals.registry'
import type { ManageAction, ManageActions } from './shared/registry'

const dismissWelcome: ManageAction = async ({ request }) =>
  redirect('/manage', { headers: { 'Set-Cookie': await setPreferences(request, { hideWelcome: true }) } })

/** An intent two forms claim is a mistake found when the module loads. */
function byIntent(groups: ManageActions[]): Map<string, ManageAction> {
  const actions = new Map<string, ManageAction>()
  for (const group of groups) {
    for (const [intent, action] of Object.entries(group)) {
      const known = actions.get(intent)
      if (known && known !== action) throw new Error(`Two /manage forms post intent=${intent}`)
      actions.set(intent, action)
    }
  }
  return actions
}

/** The dialogs' forms (`dialogs.tsx`), the row buttons and the welcome notice's; a Map, see `dialogLoaders`. */
export const manageActions: ReadonlyMap<string, ManageAction> = byIntent([
  { 'dismiss-welcome': dismissWelcome },
  companyForms,
  renewalForms,
  ...Object.values(manageDialogs).map((dialog) => dialog.actions),
])
