import type { AnyDb } from './dialect.js'

// The rate limits' counters, shared by every instance on one database (service/auth/rate-limits.ts).
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute()
}
