import type { AnyDb } from './dialect.js'

// Seats whose holder downloaded their own offline key (service/usage/idle.ts): an offline key works without checking
// in, so such a seat is in use as far as the portal can tell and is never idle for that holder.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('offline_key_holders')
    .addColumn('license_id', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('downloaded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('offline_key_holders_pk', ['license_id', 'holder'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('offline_key_holders').ifExists().execute()
}
