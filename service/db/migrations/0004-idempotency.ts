import type { Kysely } from 'kysely'

// A write that carries an `Idempotency-Key` leaves its answer here for a day (service/dispatch/idempotency.ts), so that a
// repeat of it — the portal's retry after a lost answer — is answered the same without running the write again.
// Kysely's schema builder only, so the same migration runs on SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('payload_digest', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key', 'operation'])
    .execute()
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute()
}
