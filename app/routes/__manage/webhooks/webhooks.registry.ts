/** The Webhooks dialog of /manage: a company's endpoints, their deliveries, and adding one. */
import { defineDialog } from '../shared/registry'
import {
  addWebhookEndpoint,
  removeWebhookEndpoint,
  resendWebhookDelivery,
  setWebhookEndpointState,
  webhooksDialog,
} from './webhooks.server'

export const webhookDialogs = {
  webhooks: defineDialog({
    load: webhooksDialog,
    actions: {
      'add-webhook-endpoint': addWebhookEndpoint,
      'set-webhook-endpoint-state': setWebhookEndpointState,
      'remove-webhook-endpoint': removeWebhookEndpoint,
      'resend-webhook-delivery': resendWebhookDelivery,
    },
    component: () => import('./webhooks-dialog').then((module) => module.WebhooksDialog),
  }),
}
