/** The renewal dialogs (spec §2, §5, §7). */
import { defineDialog, type ManageActions } from '../shared/registry'
import { bulkRenew, bulkRenewDialog, receiptDialog, renew } from './renewals.server'

export const renewalDialogs = {
  'bulk-renew': defineDialog({
    load: bulkRenewDialog,
    actions: { 'bulk-renew': bulkRenew },
    component: () => import('./bulk-renew-dialog').then((module) => module.BulkRenewDialog),
  }),
  receipt: defineDialog({
    load: receiptDialog,
    component: () => import('./receipt-dialog').then((module) => module.ReceiptErrorDialog),
  }),
}

/** The row's Renew, a form outside any dialog. */
export const renewalForms: ManageActions = { renew }
