// The /manage server registry: each dialog's loader by its `dialog` value and each form's action by its `intent`, from
// the capabilities' registries as `dialogs.tsx` joins them. Maps, so a name from the request (`constructor`,
// `__proto__`, …) finds nothing on Object.prototype.
import { redirect } from '@remix-run/node'
import { setPreferences } from '#app/utils/preferences.server'
import { manageDialogs, rowForms, type DialogData } from './dialogs'
import type { DialogLoader, ManageAction, ManageActions } from './shared/registry'

export const dialogLoaders: ReadonlyMap<string, DialogLoader<DialogData>> = new Map(
  Object.entries(manageDialogs).map(([name, dialog]) => [name, dialog.load]),
)

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

export const manageActions: ReadonlyMap<string, ManageAction> = byIntent([
  { 'dismiss-welcome': dismissWelcome },
  ...rowForms,
  ...Object.values(manageDialogs).map((dialog) => dialog.actions),
])
