import type { Kysely } from 'kysely'

// Subscription operations take a short lease on the subscription (service/subscriptions/lock.ts), so that two changes
// to one subscription, each a provider call followed by a write, never interleave. Kysely's schema builder only, so
// the same migration runs on SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscription_locks')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_locks').ifExists().execute()
}
