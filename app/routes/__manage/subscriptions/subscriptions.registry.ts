// The subscription dialogs (spec §2, §4); pause, resume and restart post one form (`action` says which).
import { defineDialog } from '../shared/registry'
import {
  assignDialog,
  cancelDialog,
  offerDialog,
  pauseDialog,
  paymentMethodDialog,
  quantityDialog,
  receiptsDialog,
  restartDialog,
  resumeDialog,
  upgradeDialog,
} from './subscriptions.server'
import { assign, cancel, offer, pauseResume, quantity, upgrade } from './subscription-actions.server'

export const subscriptionDialogs = {
  'subscription-assign': defineDialog({
    load: assignDialog,
    actions: { 'subscription-assign': assign },
    component: () => import('./subscription-assign-dialog').then((module) => module.SubscriptionAssignDialog),
  }),
  'subscription-cancel': defineDialog({
    load: cancelDialog,
    actions: { 'subscription-cancel': cancel },
    component: () => import('./subscription-dialogs').then((module) => module.CancelDialog),
  }),
  'subscription-pause': defineDialog({
    load: pauseDialog,
    actions: { 'subscription-pause-resume': pauseResume },
    component: () => import('./subscription-dialogs').then((module) => module.PauseDialog),
  }),
  'subscription-resume': defineDialog({
    load: resumeDialog,
    actions: { 'subscription-pause-resume': pauseResume },
    component: () => import('./subscription-dialogs').then((module) => module.ResumeDialog),
  }),
  'subscription-restart': defineDialog({
    load: restartDialog,
    actions: { 'subscription-pause-resume': pauseResume },
    component: () => import('./subscription-dialogs').then((module) => module.RestartDialog),
  }),
  'subscription-upgrade': defineDialog({
    load: upgradeDialog,
    actions: { 'subscription-upgrade': upgrade },
    component: () => import('./subscription-dialogs').then((module) => module.UpgradeDialog),
  }),
  'subscription-quantity': defineDialog({
    load: quantityDialog,
    actions: { 'subscription-quantity': quantity },
    component: () => import('./subscription-quantity-dialog').then((module) => module.QuantityDialog),
  }),
  'subscription-offer': defineDialog({
    load: offerDialog,
    actions: { 'subscription-offer': offer },
    component: () => import('./subscription-dialogs').then((module) => module.OfferDialog),
  }),
  'subscription-receipts': defineDialog({
    load: receiptsDialog,
    component: () => import('./subscription-dialogs').then((module) => module.ReceiptsDialog),
  }),
  'subscription-payment-method': defineDialog({
    load: paymentMethodDialog,
    component: () => import('./subscription-dialogs').then((module) => module.PaymentMethodDialog),
  }),
}
