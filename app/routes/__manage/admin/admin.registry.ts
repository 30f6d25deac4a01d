/** The platform administrator's dialogs (spec §2). */
import { defineDialog } from '../shared/registry'
import { MergeDialog, RemoveLicenseDialog, RemoveSubscriptionDialog } from './admin-dialogs'
import {
  merge,
  mergeDialog,
  removeLicense,
  removeLicenseDialog,
  removeSubscription,
  removeSubscriptionDialog,
} from './admin.server'

export const adminDialogs = {
  merge: defineDialog({ load: mergeDialog, actions: { merge }, Component: MergeDialog }),
  'remove-license': defineDialog({
    load: removeLicenseDialog,
    actions: { 'remove-license': removeLicense },
    Component: RemoveLicenseDialog,
  }),
  'remove-subscription': defineDialog({
    load: removeSubscriptionDialog,
    actions: { 'remove-subscription': removeSubscription },
    Component: RemoveSubscriptionDialog,
  }),
}
