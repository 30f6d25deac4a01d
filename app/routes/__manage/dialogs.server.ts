import type { DialogLoader } from './shared/registry'
import { companyDialogLoaders } from './company/index.server'
import { bulkRenewDialog, receiptDialog } from './renewals/renewals.server'
import { accountSettingsDialog } from './account/account-settings.server'
import { changeEmailDialog } from './account/change-email.server'
import { subscriptionDialogLoaders } from './subscriptions/subscriptions.server'
import { activityDialog } from './activity/activity.server'
import { importSeatsDialog } from './seats/import.server'

/**
 * Every dialog of /manage, by its `dialog` query value. Capabilities add theirs here. A Map, so that a name from the
 * request (`constructor`, `__proto__`, …) finds nothing rather than a member of Object.prototype.
 */
export const dialogLoaders: ReadonlyMap<string, DialogLoader> = new Map(
  Object.entries({
    ...companyDialogLoaders,
    'bulk-renew': bulkRenewDialog,
    receipt: receiptDialog,
    'change-email': changeEmailDialog,
    'account-settings': accountSettingsDialog,
    ...subscriptionDialogLoaders,
    activity: activityDialog,
    'import-seats': importSeatsDialog,
  }),
)
