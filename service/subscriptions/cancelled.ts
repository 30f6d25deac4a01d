/** Spec §4: written by cancelSubscription and the `subscription_cancelled` alert alike; no offer or upgrade left. */
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
