// The Webhooks dialog's forms, on the server and in the browser: the same messages either way.
import * as z from 'zod'
import { WebhookEndpointState, WebhookEventType, WebhookUrl, webhookEventsRequired } from '#protocol/webhooks'

const id = z.string().min(1).max(200)

export const AddEndpointSchema = z.object({
  company: id,
  url: WebhookUrl,
  events: z.array(WebhookEventType, { message: webhookEventsRequired }).min(1, { message: webhookEventsRequired }),
})

export const EndpointStateSchema = z.object({ company: id, endpoint: id, state: WebhookEndpointState })
export const EndpointSchema = z.object({ company: id, endpoint: id })
export const ResendSchema = z.object({ company: id, endpoint: id, delivery: id })
