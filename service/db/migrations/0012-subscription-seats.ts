import type { AnyDb } from './dialect.js'

// Seat counts and deciding licenses from the indexes alone (service/reads/seat-counts.ts); replaces 0001's index.
export async function up(db: AnyDb): Promise<void> {
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

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('licenses_subscription').on('licenses').column('subscription_id').execute()
  await db.schema.dropIndex('licenses_subscription_keys').execute()
  await db.schema.dropIndex('licenses_subscription_seats').execute()
}
