import type { AnyDb } from './dialect.js'

// A short lease per subscription (service/db/locks.ts): a provider call and its write never interleave.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('subscription_locks')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('subscription_locks').ifExists().execute()
}
