/** The platform administrator's dialogs (spec §2). */
import { defineDialog } from '../shared/registry'
import {
  merge,
  mergeDialog,
  removeLicense,
  removeLicenseDialog,
  removeSubscription,
  removeSubscriptionDialog,
} from './admin.server'

export const adminDialogs = {
  merge: defineDialog({
    load: mergeDialog,
    actions: { merge },
    component: () => import('./admin-dialogs').then((module) => module.MergeDialog),
  }),
  'remove-license': defineDialog({
    load: removeLicenseDialog,
    actions: { 'remove-license': removeLicense },
    component: () => import('./admin-dialogs').then((module) => module.RemoveLicenseDialog),
  }),
  'remove-subscription': defineDialog({
    load: removeSubscriptionDialog,
    actions: { 'remove-subscription': removeSubscription },
    component: () => import('./admin-dialogs').then((module) => module.RemoveSubscriptionDialog),
  }),
}
