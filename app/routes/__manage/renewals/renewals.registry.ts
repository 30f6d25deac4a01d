/** The renewal dialogs of /manage (spec §2, §5, §7): Bulk Renew/Co-term and a license's receipt. */
import { defineDialog, type ManageActions } from '../shared/registry'
import { BulkRenewDialog } from './bulk-renew-dialog'
import { ReceiptErrorDialog } from './receipt-dialog'
import { bulkRenew, bulkRenewDialog, receiptDialog, renew } from './renewals.server'

export const renewalDialogs = {
  'bulk-renew': defineDialog({
    load: bulkRenewDialog,
    actions: { 'bulk-renew': bulkRenew },
    Component: BulkRenewDialog,
  }),
  receipt: defineDialog({ load: receiptDialog, Component: ReceiptErrorDialog }),
}

/** The license row's Renew button, a form outside any dialog. */
export const renewalForms: ManageActions = { renew }
