import type { AnyDb } from './dialect.js'

// Reclaiming idle seats: the policy (a row while on), one warning per seat and idle spell, and each reclaim for Undo.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('reclaim_policies')
    .addColumn('company_id', 'text', (c) => c.primaryKey())
    .addColumn('idle_days', 'integer', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('reclaim_warnings')
    .addColumn('license_id', 'text', (c) => c.notNull())
    .addColumn('idle_since', 'bigint', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('warned_at', 'bigint', (c) => c.notNull())
    .addColumn('reclaim_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reclaim_warnings_pk', ['license_id', 'idle_since'])
    .execute()
  await db.schema.createIndex('reclaim_warnings_warned').on('reclaim_warnings').column('warned_at').execute()

  await db.schema
    .createTable('seat_reclaims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('license_id', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('idle_days', 'integer', (c) => c.notNull())
    .addColumn('reclaimed_at', 'bigint', (c) => c.notNull())
    .addColumn('undone_at', 'bigint')
    .addColumn('undone_by', 'text')
    .execute()
  await db.schema
    .createIndex('seat_reclaims_company')
    .on('seat_reclaims')
    .columns(['company_id', 'reclaimed_at'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['seat_reclaims', 'reclaim_warnings', 'reclaim_policies'])
    await db.schema.dropTable(table).ifExists().execute()
}
