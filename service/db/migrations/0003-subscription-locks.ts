import type { Kysely } from 'kysely'

// A short lease per subscription (service/db/locks.ts): a provider call and its write never interleave.
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
