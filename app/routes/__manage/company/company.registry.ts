/** The company license dialogs (spec §2, §5). */
import { defineDialog, type ManageActions } from '../shared/registry'
import { AssignDialog } from './assign-dialog'
import { assign, assignDialog, unassign, undoUnassign } from './assign.server'
import { BulkAssignDialog } from './bulk-assign-dialog'
import { bulkAssign, bulkAssignDialog } from './bulk-assign.server'
import { OfflineKeyDialog, OfflineKeysDialog } from './offline-keys-dialog'
import { offlineKeyDialog, offlineKeysDialog } from './offline-keys.server'

export const companyDialogs = {
  assign: defineDialog({ load: assignDialog, actions: { assign }, Component: AssignDialog }),
  'bulk-assign': defineDialog({
    load: bulkAssignDialog,
    actions: { 'bulk-assign': bulkAssign },
    Component: BulkAssignDialog,
  }),
  'offline-key': defineDialog({ load: offlineKeyDialog, Component: OfflineKeyDialog }),
  'offline-keys': defineDialog({ load: offlineKeysDialog, Component: OfflineKeysDialog }),
}

/** Forms outside any dialog: the row's Unassign and its Undo. */
export const companyForms: ManageActions = { unassign, 'undo-unassign': undoUnassign }
