import type { AnyDb } from './dialect.js'

// The company's directory (service/directory): SCIM people and groups, mappings, ownership, claims and seats.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('scim_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    // userName in lower case: unique within the company, and the address seats are assigned to.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('display_name', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('scim_users_email').on('scim_users').columns(['company_id', 'email']).unique().execute()
  await db.schema.createIndex('scim_users_external').on('scim_users').columns(['company_id', 'external_id']).execute()
  await db.schema.createIndex('scim_users_order').on('scim_users').columns(['company_id', 'created_at', 'id']).execute()

  await db.schema
    .createTable('scim_user_emails')
    .addColumn('user_id', 'text', (c) => c.notNull().references('scim_users.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .execute()
  await db.schema
    .createIndex('scim_user_emails_value')
    .on('scim_user_emails')
    .columns(['company_id', 'value'])
    .execute()
  await db.schema.createIndex('scim_user_emails_user').on('scim_user_emails').column('user_id').execute()

  await db.schema
    .createTable('scim_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('display_key', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('scim_groups_name')
    .on('scim_groups')
    .columns(['company_id', 'display_key'])
    .unique()
    .execute()
  await db.schema
    .createIndex('scim_groups_order')
    .on('scim_groups')
    .columns(['company_id', 'created_at', 'id'])
    .execute()

  await db.schema
    .createTable('scim_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('scim_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('scim_users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('scim_group_members_pk', ['group_id', 'user_id'])
    .execute()
  await db.schema.createIndex('scim_group_members_user').on('scim_group_members').column('user_id').execute()

  await db.schema
    .createTable('directory_mappings')
    .addColumn('group_id', 'text', (c) => c.notNull().references('scim_groups.id').onDelete('cascade'))
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('directory_mappings_pk', ['group_id', 'product_group'])
    .execute()
  await db.schema.createIndex('directory_mappings_company').on('directory_mappings').column('company_id').execute()

  await db.schema
    .createTable('directory_products')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('owned', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('directory_products_pk', ['company_id', 'product_group'])
    .execute()

  // One row per reason a person is entitled to a seat; a person's earliest `seq` is their place in the queue.
  await db.schema
    .createTable('directory_claims')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('directory_claims_pk', ['company_id', 'product_group', 'email', 'source'])
    .execute()
  await db.schema
    .createIndex('directory_claims_queue')
    .on('directory_claims')
    .columns(['company_id', 'product_group', 'seq'])
    .execute()

  await db.schema
    .createTable('directory_seats')
    .addColumn('license_id', 'text', (c) => c.primaryKey().references('licenses.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('directory_seats_holder')
    .on('directory_seats')
    .columns(['company_id', 'product_group', 'email'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'directory_seats',
    'directory_claims',
    'directory_products',
    'directory_mappings',
    'scim_group_members',
    'scim_groups',
    'scim_user_emails',
    'scim_users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
