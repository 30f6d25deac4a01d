// Log entries and webhook events of subscription changes, in the changing transaction.
import type { ActivityKind } from '../../protocol/activity/activity.js'
import { recordActivity, type ActivityStore } from './log.js'
import { emitSubscription } from '../webhooks/emit.js'
import { subscriptionDisplayName, subscriptionTitle } from '../../protocol/catalog/products.js'

type SubscriptionRef = {
  id: string
  owner: string
  company_id: string | null
  product_name: string
  billing_period?: 'year' | 'month'
  quantity?: number
}

/** "the subscription Wallaby.js Organization, yearly, 5 seats (sub_123)"; the product alone without a period. */
export function subscriptionWords(row: SubscriptionRef): string {
  const name =
    row.billing_period && row.quantity !== undefined
      ? subscriptionTitle({
          productName: row.product_name,
          billingPeriod: row.billing_period,
          quantity: row.quantity,
          licenses: [{ licenseType: row.company_id ? 'company' : 'personal' }],
        })
      : subscriptionDisplayName({ productName: row.product_name })
  return `the subscription ${name} (${row.id})`
}

export async function recordSubscriptionActivity(
  trx: ActivityStore,
  row: SubscriptionRef,
  entry: {
    actor: string
    summary: string
    details?: string[]
    people?: string[]
    at: number
    kind?: ActivityKind
    /** The webhook event of the change: subscription.updated unless said (none for seat changes, their own events). */
    event?: 'subscription.updated' | 'subscription.payment_failed' | null
  },
): Promise<void> {
  await recordActivity(trx, {
    kind: entry.kind ?? 'subscription',
    actor: entry.actor,
    companyId: row.company_id,
    account: row.company_id ? null : row.owner,
    summary: entry.summary,
    details: entry.details,
    people: entry.people,
    at: entry.at,
  })
  const event = entry.event === undefined ? (entry.kind === 'assignment' ? null : 'subscription.updated') : entry.event
  if (event && row.company_id) await emitSubscription(trx, event, row.id, entry.summary, entry.at)
}
