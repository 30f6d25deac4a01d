// The webhooks' own tables (migration 0045): endpoints, the outbox of messages, one delivery per message and endpoint.
import type { WebhookEndpointState, WebhookEventType } from '../../protocol/webhooks/webhooks.js'
import type { WebhookDeliveryState } from '../../protocol/webhooks/operations.js'

export type WebhookEndpointTable = {
  id: string
  company_id: string
  url: string
  /** The chosen event types, as a JSON array. */
  events: string
  /** `whsec_…` (base64 after the prefix), as the Standard Webhooks libraries take it. */
  secret: string
  state: WebhookEndpointState
  paused_reason: string | null
  failing_since: number | null
  created_by: string
  /** The Idempotency-Key of the request that added it: a repeat is refused, its secret never answered twice. */
  creation_key: string | null
  created_at: number
}

export type WebhookMessageTable = {
  id: string
  company_id: string
  type: WebhookEventType
  /** The body sent, exactly: `{ type, timestamp, data }` as JSON. */
  payload: string
  dedupe_key: string | null
  created_at: number
}

export type WebhookDeliveryTable = {
  id: string
  message_id: string
  endpoint_id: string
  state: WebhookDeliveryState
  attempts: number
  /** Null once delivered or given up. */
  next_attempt_at: number | null
  claimed_by: string | null
  claimed_until: number | null
  last_attempt_at: number | null
  last_status: number | null
  last_error: string | null
  created_at: number
}

export type WebhookTables = {
  webhook_endpoints: WebhookEndpointTable
  webhook_messages: WebhookMessageTable
  webhook_deliveries: WebhookDeliveryTable
}

export function parseEvents(json: string): WebhookEventType[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? (value as WebhookEventType[]) : []
  } catch {
    return []
  }
}
