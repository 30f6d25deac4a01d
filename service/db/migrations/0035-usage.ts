import type { AnyDb } from './dialect.js'

// Usage, bounded by construction whatever the check rate: checks and refusals per license and month (upserted), the
// monthly seat figures, and `seat_holders` (so a seat assigned yesterday is not idle).
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('license_checks')
    .addColumn('license_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('license_checks_pk', ['license_id', 'month'])
    .execute()
  await db.schema
    .createIndex('license_checks_company')
    .on('license_checks')
    .columns(['company_id', 'month', 'product_group'])
    .execute()

  await db.schema
    .createTable('activation_refusals')
    .addColumn('activation_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('refused_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('activation_refusals_pk', ['activation_id', 'month'])
    .execute()
  await db.schema
    .createIndex('activation_refusals_company')
    .on('activation_refusals')
    .columns(['company_id', 'month', 'product_group'])
    .execute()

  await db.schema
    .createTable('usage_months')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('seats_bought', 'integer', (c) => c.notNull())
    .addColumn('seats_assigned', 'integer', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_months_pk', ['company_id', 'month', 'product_group'])
    .execute()
  await db.schema.createIndex('usage_months_taken').on('usage_months').columns(['month', 'taken_at']).execute()

  await db.schema
    .createTable('seat_holders')
    .addColumn('license_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['seat_holders', 'usage_months', 'activation_refusals', 'license_checks'])
    await db.schema.dropTable(table).ifExists().execute()
}
