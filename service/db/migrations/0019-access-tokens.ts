import type { AnyDb } from './dialect.js'

// Access tokens: only a hash of each secret; `creation_key` makes a repeated creation find the first one's token.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('account_email', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('creation_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'text')
    .execute()
  await db.schema
    .createIndex('access_tokens_company')
    .on('access_tokens')
    .columns(['company_id', 'kind', 'created_at'])
    .execute()
  await db.schema
    .createIndex('access_tokens_account')
    .on('access_tokens')
    .columns(['account_email', 'kind', 'created_at'])
    .execute()
  await db.schema
    .createIndex('access_tokens_creation')
    .on('access_tokens')
    .columns(['created_by', 'creation_key'])
    .unique()
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('access_tokens').ifExists().execute()
}
