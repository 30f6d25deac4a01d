import { autoId, type AnyDb } from './dialect.js'

// The activity log: an entry is a company's, an account's or both; `activity_people` serves the person filter.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('activity_entries')
    .addColumn('id', ...autoId(db))
    .addColumn('company_id', 'text')
    .addColumn('account_email', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('activity_entries_company')
    .on('activity_entries')
    .columns(['company_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('activity_entries_account')
    .on('activity_entries')
    .columns(['account_email', 'created_at'])
    .execute()
  await db.schema
    .createTable('activity_people')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('activity_entries.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_people_pk', ['entry_id', 'email'])
    .execute()
  await db.schema.createIndex('activity_people_email').on('activity_people').columns(['email', 'entry_id']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('activity_people').ifExists().execute()
  await db.schema.dropTable('activity_entries').ifExists().execute()
}
