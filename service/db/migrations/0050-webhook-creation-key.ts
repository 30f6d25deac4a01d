import type { AnyDb } from './dialect.js'

// A webhook endpoint's signing secret is answered once: the request's key, kept with the endpoint, refuses a repeat
// of the request instead of answering the secret again from the idempotency store.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('creation_key', 'text').execute()
  await db.schema
    .createIndex('webhook_endpoints_creation')
    .on('webhook_endpoints')
    .columns(['company_id', 'created_by', 'creation_key'])
    .unique()
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('webhook_endpoints_creation').ifExists().execute()
  await db.schema.alterTable('webhook_endpoints').dropColumn('creation_key').execute()
}
