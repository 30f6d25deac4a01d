import type { Kysely } from 'kysely'

// The sandbox payment provider's webhook signing key pair, one row shared by every instance on the database
// (service/payments/sandbox/keys.ts): a checkout opened on one instance may be completed, and its alerts verified,
// on another. Kysely's schema builder only, so the same migration runs on SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sandbox_keys').ifExists().execute()
}
