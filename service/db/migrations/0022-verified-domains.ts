import { sql } from 'kysely'
import type { AnyDb } from './dialect.js'

// Verified domains: many companies may claim a domain, one holds it verified (a unique index over verified rows);
// `domain_auto_join`: a verified domain's products for auto-join.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('company_domains')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('checked_at', 'bigint')
    .addColumn('check_outcome', 'text')
    .addColumn('check_message', 'text')
    .addColumn('failing_since', 'bigint')
    .addPrimaryKeyConstraint('company_domains_pk', ['company_id', 'domain'])
    .execute()
  await db.schema
    .createIndex('company_domains_verified')
    .on('company_domains')
    .column('domain')
    .unique()
    .where(sql.ref('status'), '=', 'verified')
    .execute()
  await db.schema
    .createIndex('company_domains_checked')
    .on('company_domains')
    .columns(['status', 'checked_at'])
    .execute()

  await db.schema
    .createTable('domain_auto_join')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('enabled_by', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_auto_join_pk', ['company_id', 'domain', 'product'])
    .addForeignKeyConstraint(
      'domain_auto_join_domain',
      ['company_id', 'domain'],
      'company_domains',
      ['company_id', 'domain'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('domain_auto_join').ifExists().execute()
  await db.schema.dropTable('company_domains').ifExists().execute()
}
