import type { ComponentType } from 'react'
import type { Details } from '#protocol/operations'
import { companyDialogComponents } from './company/dialogs'
import { BulkRenewDialog } from './renewals/bulk-renew-dialog'
import { ReceiptErrorDialog } from './renewals/receipt-dialog'
import { AccountSettingsDialog } from './account/account-settings-dialog'
import { ChangeEmailDialog } from './account/change-email-dialog'
import { subscriptionDialogComponents } from './subscriptions/subscription-dialogs'
import { ActivityDialog } from './activity/activity-dialog'
import { ImportSeatsDialog } from './seats/import-seats-dialog'

export type DialogProps = { data: unknown; details: Details; closeTo: string }

/**
 * The component of each /manage dialog, by its `dialog` query value (mirrors dialogs.server.ts). This module (and
 * conform and zod with it) is a chunk of its own that the page loads only when a dialog is open: see
 * `#app/components/manage/manage-dialog.tsx`.
 */
export const dialogComponents: ReadonlyMap<string, ComponentType<DialogProps>> = new Map(
  Object.entries({
    ...companyDialogComponents,
    'bulk-renew': BulkRenewDialog,
    receipt: ReceiptErrorDialog,
    'change-email': ChangeEmailDialog,
    'account-settings': AccountSettingsDialog,
    ...subscriptionDialogComponents,
    activity: ActivityDialog,
    'import-seats': ImportSeatsDialog,
  }),
)

/** The open dialog, by its name; nothing for a name no capability registered. */
export function RegisteredDialog({ name, ...props }: DialogProps & { name: string }) {
  const Dialog = dialogComponents.get(name)
  return Dialog ? <Dialog {...props} /> : null
}
