// The Webhooks dialog's forms, on the server and in the browser: the same messages either way.
import * as z from 'zod/mini'
import { Id } from '#protocol/shared/limits'
import { WebhookEndpointState, WebhookEventType, WebhookUrl, webhookEventsRequired } from '#protocol/webhooks/webhooks'

export const AddEndpointSchema = z.object({
  company: Id,
  url: WebhookUrl,
  events: z
    .array(WebhookEventType, { message: webhookEventsRequired })
    .check(z.minLength(1, { message: webhookEventsRequired })),
})

export const EndpointStateSchema = z.object({ company: Id, endpoint: Id, state: WebhookEndpointState })
export const EndpointSchema = z.object({ company: Id, endpoint: Id })
export const ResendSchema = z.object({ company: Id, endpoint: Id, delivery: Id })
