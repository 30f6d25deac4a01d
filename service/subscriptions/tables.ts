// The subscription lease's table (migration 0003): one change at a time per subscription.

export type SubscriptionLockTable = {
  subscription_id: string
  token: string
  expires_at: number
}

export type SubscriptionTables = { subscription_locks: SubscriptionLockTable }
