// The Webhooks dialog's forms, on the server and in the browser: the same messages either way.
import * as z from 'zod/mini'
import { WebhookEndpointState, WebhookEventType, WebhookUrl, webhookEventsRequired } from '#protocol/webhooks/webhooks'

const id = z.string().check(z.minLength(1), z.maxLength(200))

export const AddEndpointSchema = z.object({
  company: id,
  url: WebhookUrl,
  events: z
    .array(WebhookEventType, { message: webhookEventsRequired })
    .check(z.minLength(1, { message: webhookEventsRequired })),
})

export const EndpointStateSchema = z.object({ company: id, endpoint: id, state: WebhookEndpointState })
export const EndpointSchema = z.object({ company: id, endpoint: id })
export const ResendSchema = z.object({ company: id, endpoint: id, delivery: id })
