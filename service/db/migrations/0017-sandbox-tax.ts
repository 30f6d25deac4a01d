import type { AnyDb } from './dialect.js'

// The sandbox keeps each subscription's country tax rate, so its payments are what the customer pays; older rows 0.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('sandbox_subscriptions')
    .addColumn('tax_percent', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sandbox_subscriptions').dropColumn('tax_percent').execute()
}
