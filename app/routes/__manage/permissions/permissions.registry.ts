/** The company permission dialogs (spec §2, §5). */
import { defineDialog } from '../shared/registry'
import {
  addPermission,
  addPermissionDialog,
  permissionsDialog,
  removePermission,
  undoRemovePermission,
} from './permissions.server'

export const permissionDialogs = {
  permissions: defineDialog({
    load: permissionsDialog,
    actions: { 'remove-permission': removePermission, 'undo-remove-permission': undoRemovePermission },
    component: () => import('./permissions-dialog').then((module) => module.PermissionsDialog),
  }),
  'add-permission': defineDialog({
    load: addPermissionDialog,
    actions: { 'add-permission': addPermission },
    component: () => import('./permissions-dialog').then((module) => module.AddPermissionDialog),
  }),
}
