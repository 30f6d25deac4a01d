import type { AnyDb } from './dialect.js'

// Company sign-in (service/company-sign-in/): a company's OpenID Connect provider (the client secret sealed with the
// configured key) and whether its verified domains must use it; and each sign-in started, used once.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('company_sign_in')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('company_sign_in_requests')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('callback', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('company_sign_in_requests_created')
    .on('company_sign_in_requests')
    .column('created_at')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('company_sign_in_requests').ifExists().execute()
  await db.schema.dropTable('company_sign_in').ifExists().execute()
}
