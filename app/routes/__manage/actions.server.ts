import { redirect } from '@remix-run/node'
import { setPreferences } from '#app/utils/preferences.server'
import type { ManageAction } from './registry.server'

const dismissWelcome: ManageAction = async ({ request }) =>
  redirect('/manage', { headers: { 'Set-Cookie': await setPreferences(request, { hideWelcome: true }) } })

/** Every form of /manage, by its `intent`. Capabilities add theirs here. */
export const manageActions: Record<string, ManageAction> = {
  'dismiss-welcome': dismissWelcome,
}
