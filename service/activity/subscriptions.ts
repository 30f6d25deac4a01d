/**
 * Log entries of subscription changes: the subscription's company log, or its personal owner's own log. Called by the
 * subscription operations and the payment provider's alerts in the transaction that makes the change.
 */
import type { ActivityKind } from '../../protocol/activity.js'
import { recordActivity, type ActivityStore } from './log.js'

type SubscriptionRef = { id: string; owner: string; company_id: string | null; product_name: string }

/** "subscription sub_123 (Wallaby.js company license)". */
export function subscriptionWords(row: SubscriptionRef): string {
  return `subscription ${row.id} (${row.product_name})`
}

export async function recordSubscriptionActivity(
  trx: ActivityStore,
  row: SubscriptionRef,
  entry: { actor: string; summary: string; details?: string[]; people?: string[]; at: number; kind?: ActivityKind },
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
}
