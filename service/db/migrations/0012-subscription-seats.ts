import type { Kysely } from 'kysely'

// Indexes for a windowed read's seat counts and deciding licenses (service/reads/seat-counts.ts), answered from the
// indexes alone (service/reads/query-plans.test.ts); they make the first migration's subscription_id index redundant.
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
