/**
 * The company capability's dialogs and forms on /manage: registered in `../dialogs.server.ts` and
 * `../actions.server.ts` with one spread each.
 */
import type { DialogLoader, ManageAction } from '../shared/registry'
import {
  merge,
  mergeDialog,
  removeLicense,
  removeLicenseDialog,
  removeSubscription,
  removeSubscriptionDialog,
} from '../admin/admin.server'
import { assign, assignDialog, unassign } from './assign.server'
import { bulkAssign, bulkAssignDialog } from './bulk-assign.server'
import { offlineKeyDialog, offlineKeysDialog } from './offline-keys.server'
import {
  addPermission,
  addPermissionDialog,
  permissionsDialog,
  removePermission,
} from '../permissions/permissions.server'

export const companyDialogLoaders: Record<string, DialogLoader> = {
  assign: assignDialog,
  'bulk-assign': bulkAssignDialog,
  'offline-key': offlineKeyDialog,
  'offline-keys': offlineKeysDialog,
  permissions: permissionsDialog,
  'add-permission': addPermissionDialog,
  merge: mergeDialog,
  'remove-license': removeLicenseDialog,
  'remove-subscription': removeSubscriptionDialog,
}

export const companyActions: Record<string, ManageAction> = {
  assign,
  unassign,
  'bulk-assign': bulkAssign,
  'remove-permission': removePermission,
  'add-permission': addPermission,
  merge,
  'remove-license': removeLicense,
  'remove-subscription': removeSubscription,
}
