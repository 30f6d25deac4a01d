/**
 * The company capability's dialog components on /manage, by `dialog` query value; registered in
 * `../dialogs.tsx` with one spread. Mirrors `index.server.ts`.
 */
import type { ComponentType } from 'react'
import type { DialogProps } from '../dialogs'
import { MergeDialog, RemoveLicenseDialog, RemoveSubscriptionDialog } from '../admin/admin-dialogs'
import { AssignDialog } from './assign-dialog'
import { BulkAssignDialog } from './bulk-assign-dialog'
import { OfflineKeyDialog, OfflineKeysDialog } from './offline-keys-dialog'
import { AddPermissionDialog, PermissionsDialog } from '../permissions/permissions-dialog'

export const companyDialogComponents: Record<string, ComponentType<DialogProps>> = {
  assign: AssignDialog,
  'bulk-assign': BulkAssignDialog,
  'offline-key': OfflineKeyDialog,
  'offline-keys': OfflineKeysDialog,
  permissions: PermissionsDialog,
  'add-permission': AddPermissionDialog,
  merge: MergeDialog,
  'remove-license': RemoveLicenseDialog,
  'remove-subscription': RemoveSubscriptionDialog,
}
