import type { AnyDb } from './dialect.js'

// The sandbox's webhook signing key pair, one row for every instance: a checkout opened on one may complete on another.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sandbox_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sandbox_keys').ifExists().execute()
}
