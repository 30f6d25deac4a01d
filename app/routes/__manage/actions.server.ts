import { redirect } from '@remix-run/node'
import { setPreferences } from '#app/utils/preferences.server'
import type { ManageAction } from './shared/registry'
import { companyActions } from './company/index.server'
import { bulkRenew, renew } from './renewals/renewals.server'
import { linkAccount, saveAccountSettings } from './account/account-settings.server'
import { changeEmail } from './account/change-email.server'
import { subscriptionActions } from './subscriptions/subscriptions.server'
import { importSeats } from './seats/import.server'

const dismissWelcome: ManageAction = async ({ request }) =>
  redirect('/manage', { headers: { 'Set-Cookie': await setPreferences(request, { hideWelcome: true }) } })

/** Every form of /manage, by its `intent`. Capabilities add theirs here. A Map: see `dialogLoaders`. */
export const manageActions: ReadonlyMap<string, ManageAction> = new Map(
  Object.entries({
    'dismiss-welcome': dismissWelcome,
    ...companyActions,
    renew,
    'bulk-renew': bulkRenew,
    'change-email': changeEmail,
    'account-settings': saveAccountSettings,
    'link-account': linkAccount,
    ...subscriptionActions,
    'import-seats': importSeats,
  }),
)
