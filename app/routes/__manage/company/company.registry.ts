/** The company license dialogs (spec §2, §5). */
import { defineDialog, type ManageActions } from '../shared/registry'
import { assign, assignDialog, unassign, undoUnassign } from './assign.server'
import { bulkAssign, bulkAssignDialog } from './bulk-assign.server'
import { offlineKeyDialog, offlineKeysDialog } from './offline-keys.server'

export const companyDialogs = {
  assign: defineDialog({
    load: assignDialog,
    actions: { assign },
    component: () => import('./assign-dialog').then((module) => module.AssignDialog),
  }),
  'bulk-assign': defineDialog({
    load: bulkAssignDialog,
    actions: { 'bulk-assign': bulkAssign },
    component: () => import('./bulk-assign-dialog').then((module) => module.BulkAssignDialog),
  }),
  'offline-key': defineDialog({
    load: offlineKeyDialog,
    component: () => import('./offline-keys-dialog').then((module) => module.OfflineKeyDialog),
  }),
  'offline-keys': defineDialog({
    load: offlineKeysDialog,
    component: () => import('./offline-keys-dialog').then((module) => module.OfflineKeysDialog),
  }),
}

/** Forms outside any dialog: the row's Unassign and its Undo. */
export const companyForms: ManageActions = { unassign, 'undo-unassign': undoUnassign }
