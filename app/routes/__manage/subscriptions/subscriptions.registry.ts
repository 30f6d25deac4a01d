// The subscription dialogs (spec §2, §4); pause, resume and restart post one form (`action` says which).
import { defineDialog } from '../shared/registry'
import { SubscriptionAssignDialog } from './subscription-assign-dialog'
import {
  CancelDialog,
  OfferDialog,
  PauseDialog,
  PaymentMethodDialog,
  ReceiptsDialog,
  RestartDialog,
  ResumeDialog,
  UpgradeDialog,
} from './subscription-dialogs'
import { QuantityDialog } from './subscription-quantity-dialog'
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
    Component: SubscriptionAssignDialog,
  }),
  'subscription-cancel': defineDialog({
    load: cancelDialog,
    actions: { 'subscription-cancel': cancel },
    Component: CancelDialog,
  }),
  'subscription-pause': defineDialog({
    load: pauseDialog,
    actions: { 'subscription-pause-resume': pauseResume },
    Component: PauseDialog,
  }),
  'subscription-resume': defineDialog({
    load: resumeDialog,
    actions: { 'subscription-pause-resume': pauseResume },
    Component: ResumeDialog,
  }),
  'subscription-restart': defineDialog({
    load: restartDialog,
    actions: { 'subscription-pause-resume': pauseResume },
    Component: RestartDialog,
  }),
  'subscription-upgrade': defineDialog({
    load: upgradeDialog,
    actions: { 'subscription-upgrade': upgrade },
    Component: UpgradeDialog,
  }),
  'subscription-quantity': defineDialog({
    load: quantityDialog,
    actions: { 'subscription-quantity': quantity },
    Component: QuantityDialog,
  }),
  'subscription-offer': defineDialog({
    load: offerDialog,
    actions: { 'subscription-offer': offer },
    Component: OfferDialog,
  }),
  'subscription-receipts': defineDialog({ load: receiptsDialog, Component: ReceiptsDialog }),
  'subscription-payment-method': defineDialog({ load: paymentMethodDialog, Component: PaymentMethodDialog }),
}
