import type { Kysely } from 'kysely'

// Seats whose holder downloaded their own offline key (service/usage/idle.ts): an offline key works without checking
// in, so such a seat is in use as far as the portal can tell and is never idle for that holder.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('offline_key_holders')
    .addColumn('license_id', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('downloaded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('offline_key_holders_pk', ['license_id', 'holder'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('offline_key_holders').ifExists().execute()
}
