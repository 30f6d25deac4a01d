// Reading a payment provider's alert (Paddle Classic, form-encoded): the endpoint's error, field readers, `AlertEnv`.
import * as z from 'zod/mini'
import { ID_MAX_LENGTH } from '../../protocol/shared/limits.js'
import type { SubscriptionState } from '../../protocol/entities.js'
import { ownValue } from '../../protocol/shared/own.js'
import { findPlan, planByProviderId, type Plan, type ProviderEnvironment } from '../../config/catalog/index.js'
import type { ServiceContext } from '../dispatch/context.js'
import type { SubscriptionRow, Database } from '../db/schema.js'
import { parseDate } from './paddle.js'
import type { AlertFields } from './signature.js'
import type { Transaction } from 'kysely'

export type { AlertFields }

/** `status` is what the endpoint answers (Paddle retries anything but 2xx). */
export class WebhookError extends Error {
  constructor(
    readonly status: 400 | 403 | 500 | 503,
    message: string,
  ) {
    super(message)
    this.name = 'WebhookError'
  }
}

export type WebhookResult = { outcome: 'processed' | 'duplicate' | 'ignored'; alertName: string }

const SUBSCRIPTION_STATES: Record<string, SubscriptionState> = {
  active: 'active',
  trialing: 'active',
  past_due: 'pastDue',
  paused: 'paused',
  deleted: 'deleted',
}

/** `fallback` for a status the portal does not know. */
export function stateOf(a: AlertFields, fallback: SubscriptionState): SubscriptionState {
  return ownValue(SUBSCRIPTION_STATES, a.status ?? '') ?? fallback
}

export const PurchasePassthrough = z.object({
  name: z.optional(z.string().check(z.maxLength(200))),
  referrer: z.optional(z.string().check(z.maxLength(500))),
  email: z.optional(z.string().check(z.maxLength(254))),
  companyId: z.optional(z.string().check(z.maxLength(ID_MAX_LENGTH))),
  sig: z.optional(z.string().check(z.maxLength(200))),
})
export type PurchasePassthrough = z.infer<typeof PurchasePassthrough>

export const RenewalPassthrough = z.object({
  renewal: z.array(z.object({ id: z.string().check(z.minLength(1)), owner: z.string() })).check(z.minLength(1)),
  coterm: z._default(z.boolean(), true),
  sig: z.optional(z.string().check(z.maxLength(200))),
})
export type RenewalPassthrough = z.infer<typeof RenewalPassthrough>

export type Passthrough = ({ kind: 'purchase' } & PurchasePassthrough) | ({ kind: 'renewal' } & RenewalPassthrough)

/** Anything unreadable is an empty purchase passthrough (the alert's own data is used). */
export function parsePassthrough(text: string): Passthrough {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'purchase' }
  }
  const renewal = RenewalPassthrough.safeParse(value)
  if (renewal.success) return { kind: 'renewal', ...renewal.data }
  const purchase = PurchasePassthrough.safeParse(value)
  return purchase.success ? { kind: 'purchase', ...purchase.data } : { kind: 'purchase' }
}

export type Effects = {
  mails: Array<{ to: string; subject: string; text: string }>
  /** Whose payment method to read back after the commit. */
  refresh: Set<string>
  /** Subscriptions (ids) to cancel after the commit: a renewal took their last licenses (decision 0023). */
  cancel: Set<string>
}

/** The transaction also records the alert as seen. */
export type AlertEnv = {
  trx: Transaction<Database>
  ctx: ServiceContext
  environment: ProviderEnvironment
  now: number
  effects: Effects
}

export function required(a: AlertFields, key: string): string {
  const value = a[key]
  if (value === undefined || value === '') throw new WebhookError(400, `The ${a.alert_name} alert has no ${key}.`)
  return value
}

export function amount(a: AlertFields, key: string): number | undefined {
  if (a[key] === undefined || a[key] === '') return undefined
  const n = Number(a[key])
  if (!Number.isFinite(n)) throw new WebhookError(400, `The ${a.alert_name} alert's ${key} is not a number.`)
  return n
}

export function date(a: AlertFields, key: string): number | undefined {
  if (!a[key]) return undefined
  try {
    return parseDate(a[key])
  } catch {
    throw new WebhookError(400, `The ${a.alert_name} alert's ${key} is not a date.`)
  }
}

export function quantityOf(a: AlertFields, key = 'quantity'): number {
  const q = Number(a[key] ?? '1')
  if (!Number.isInteger(q) || q < 1 || q > 1000)
    throw new WebhookError(400, `The ${a.alert_name} alert's ${key} is not valid.`)
  return q
}

export function planFor(id: string, env: AlertEnv): Plan {
  const plan = planByProviderId(id, env.environment) ?? findPlan(id)
  // A paid plan the catalog does not know must not be dropped: the alert fails and the provider retries it.
  if (!plan) throw new WebhookError(500, `The product ${id} is not in the catalog (config/catalog/catalog.ts).`)
  return plan
}

export async function subscriptionByProviderId(
  env: AlertEnv,
  providerId: string,
): Promise<SubscriptionRow | undefined> {
  return env.trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', providerId)
    .executeTakeFirst()
}

export async function requireSubscription(a: AlertFields, env: AlertEnv): Promise<SubscriptionRow> {
  const providerId = required(a, 'subscription_id')
  const row = await subscriptionByProviderId(env, providerId)
  // Alerts can arrive out of order: one about a subscription not created yet is answered "try again later".
  if (!row) throw new WebhookError(503, `The subscription ${providerId} is not known yet.`)
  return row
}
