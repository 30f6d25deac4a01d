// Webhooks (docs/webhooks.md): public, versioned events; a new one may be added, an existing one keeps its fields.
import * as z from 'zod/mini'
import { hasLayoutCharacters } from '../shared/text.js'

export const webhookEventTypes = [
  'seat.assigned',
  'seat.unassigned',
  'seat.queued',
  'subscription.updated',
  'subscription.payment_failed',
  'license.expiring',
  'activation.limit_reached',
] as const
export const WebhookEventType = z.enum(webhookEventTypes)
export type WebhookEventType = z.infer<typeof WebhookEventType>

/** What each event means, in the dialog's checkboxes and in docs/webhooks.md. */
export const webhookEventDescriptions: Readonly<Record<WebhookEventType, string>> = {
  'seat.assigned': 'A license is assigned to someone (by hand, by the API or by the directory).',
  'seat.unassigned': 'A license is unassigned and its seat is free.',
  'seat.queued': 'Someone waits in the seat queue: no seat of the product was free.',
  'subscription.updated': 'A subscription changed (its seats, billing, state or payment method).',
  'subscription.payment_failed': 'A payment of a subscription failed; it is past due.',
  'license.expiring': 'A license that does not renew by itself expires within 2 days.',
  'activation.limit_reached': 'A license became active on as many machines as it may be.',
}

export const MAX_WEBHOOK_ENDPOINTS = 10

/** The waits after a failed attempt: 1 and 5 minutes, then 30 minutes, 2, 6 and 12 hours, then every 24 hours. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000]
export const WEBHOOK_RETRY_MAX_MS = 24 * 3_600_000
/** A delivery still failing this long after its event is given up. */
export const WEBHOOK_GIVE_UP_MS = 3 * 24 * 3_600_000
/** An endpoint whose deliveries have all failed for this long is paused, and its company's administrators mailed. */
export const WEBHOOK_PAUSE_AFTER_MS = 3 * 24 * 3_600_000

/** The most a wait is lengthened at random, so that receivers back after an outage are not all retried at once. */
export const WEBHOOK_RETRY_JITTER = 0.1

/**
 * The wait before attempt `attempts + 1` (after `attempts` failed ones), lengthened by `jitter` (0..1) of
 * WEBHOOK_RETRY_JITTER; a receiver's longer Retry-After wins, up to WEBHOOK_RETRY_MAX_MS.
 */
export function webhookRetryDelay(attempts: number, jitter = 0, retryAfterMs = 0): number {
  const base = WEBHOOK_RETRY_DELAYS_MS[attempts - 1] ?? WEBHOOK_RETRY_MAX_MS
  const ours = Math.round(base * (1 + WEBHOOK_RETRY_JITTER * jitter))
  return Math.max(ours, Math.min(retryAfterMs, WEBHOOK_RETRY_MAX_MS))
}

export const webhookUrlRequired = 'Endpoint URL must be provided.'
export const webhookUrlInvalid = 'Endpoint URL must be an https:// address such as https://hooks.example.com/licenses.'
export const webhookEventsRequired = 'Choose at least one event.'

export const WebhookUrl = z.string({ message: webhookUrlRequired }).check(
  z.trim(),
  z.minLength(1, { message: webhookUrlRequired }),
  z.maxLength(500, { message: 'Endpoint URL must be at most 500 characters.' }),
  z.refine((value) => !hasLayoutCharacters(value) && URL.canParse(value), { message: webhookUrlInvalid }),
)

export const WebhookEndpointState = z.enum(['active', 'paused'])
export type WebhookEndpointState = z.infer<typeof WebhookEndpointState>

export const WEBHOOK_DELIVERIES_SHOWN = 10

/** A repeat of the request that added an endpoint: its signing secret was answered once, and is never again. */
export const webhookSecretShownOnce =
  'This endpoint was added already and its signing secret is shown only once. Remove it if you did not copy the ' +
  'secret, and add it again.'
