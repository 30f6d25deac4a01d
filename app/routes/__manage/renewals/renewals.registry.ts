/** The renewal dialogs (spec §2, §5, §7). */
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

/** The row's Renew, a form outside any dialog. */
export const renewalForms: ManageActions = { renew }
