/**
 * What a cancelled subscription is in the store (spec §4: deleted, no next payment; its licenses run to their expiry):
 * written by cancelSubscription and by the provider's `subscription_cancelled` alert alike. A cancelled subscription
 * has no offer left to accept and no upgrade left to wait for.
 */
export function cancelledColumns(now: number) {
  return {
    state: 'deleted',
    next_payment_date: null,
    next_payment_amount: null,
    special_offer: null,
    pending_change: null,
    updated_at: now,
  } as const
}
