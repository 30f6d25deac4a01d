import type { Kysely } from 'kysely'

// A windowed read counts each subscription's seats and picks the few licenses its state and expiry are decided by
// (service/reads/seat-counts.ts). With the holder, the expiry and the lapsing flag in one index beside the
// subscription, the counts are answered from the index alone; the first license by key is found by the second. Both
// begin with subscription_id, which makes the single-column index of the first migration redundant. Each store's
// query plan shows them used (service/reads/query-plans.test.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('licenses_subscription_seats')
    .on('licenses')
    .columns(['subscription_id', 'lapsing', 'expiration', 'assigned_to'])
    .execute()
  await db.schema
    .createIndex('licenses_subscription_keys')
    .on('licenses')
    .columns(['subscription_id', 'key_number', 'id'])
    .execute()
  await db.schema.dropIndex('licenses_subscription').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('licenses_subscription').on('licenses').column('subscription_id').execute()
  await db.schema.dropIndex('licenses_subscription_keys').execute()
  await db.schema.dropIndex('licenses_subscription_seats').execute()
}
