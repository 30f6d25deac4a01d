import type { Kysely } from 'kysely'

// Seat counts and deciding licenses from the indexes alone (service/reads/seat-counts.ts); replaces 0001's index.
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
