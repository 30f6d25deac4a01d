// The Webhooks dialog's calls, their payloads and answers.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import {
  WebhookEndpointState,
  WebhookEventType,
  webhookEventTypes,
  webhookEventsRequired,
  WebhookUrl,
} from './webhooks.js'

export const WebhookDeliveryState = z.enum(['pending', 'delivered', 'failed'])
export type WebhookDeliveryState = z.infer<typeof WebhookDeliveryState>

export const WebhookDelivery = z.object({
  id: z.string(),
  /** The message's id (`webhook-id`): the same on every attempt and on "send again". */
  messageId: z.string(),
  type: WebhookEventType,
  state: WebhookDeliveryState,
  attempts: z.number(),
  createdAt: z.number(),
  lastAttemptAt: z.nullable(z.number()),
  /** The receiver's HTTP status; null when it could not be reached. */
  lastStatus: z.nullable(z.number()),
  /** Why the last attempt failed, in words. */
  lastError: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.number()),
})
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventType),
  state: WebhookEndpointState,
  /** Why it is paused: by whom, or after failing for days. */
  pausedReason: z.nullable(z.string()),
  createdBy: z.string(),
  createdAt: z.number(),
  /** Set while every delivery fails: the endpoint is paused at this time plus WEBHOOK_PAUSE_AFTER_MS. */
  failingSince: z.nullable(z.number()),
  /** Newest first. */
  deliveries: z.array(WebhookDelivery),
})
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>

const companyId = Id
const endpointId = z.string().check(z.minLength(1), z.maxLength(100))
const completed = z.object({ completed: z.literal(true) })

/** Each refused (FORBIDDEN) unless `mayManageWebhooks`. */
export const webhookOperations = {
  retrieveWebhooks: {
    payload: z.object({ companyId }),
    result: z.object({ companyName: z.string(), endpoints: z.array(WebhookEndpoint) }),
    reads: true,
  },
  /** The answer holds the signing secret: the only time it is shown; a repeat of its key is refused (INVALID_STATE). */
  addWebhookEndpoint: {
    payload: z.object({
      companyId,
      url: WebhookUrl,
      events: z
        .array(WebhookEventType)
        .check(z.minLength(1, { message: webhookEventsRequired }), z.maxLength(webhookEventTypes.length)),
    }),
    result: z.object({ endpoint: WebhookEndpoint, secret: z.string() }),
  },
  /** Pause, or resume (a resumed endpoint's failing count starts afresh). */
  setWebhookEndpointState: {
    payload: z.object({ companyId, endpointId, state: WebhookEndpointState }),
    result: completed,
  },
  removeWebhookEndpoint: { payload: z.object({ companyId, endpointId }), result: completed },
  /** Sends a delivery's message again now, with the same `webhook-id`, as a new delivery. */
  resendWebhookDelivery: {
    payload: z.object({ companyId, endpointId, deliveryId: z.string().check(z.minLength(1), z.maxLength(100)) }),
    result: completed,
  },
}
