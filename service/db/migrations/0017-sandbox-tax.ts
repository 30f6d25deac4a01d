import type { Kysely } from 'kysely'

// The sandbox keeps each subscription's country tax rate, so its payments are what the customer pays; older rows 0.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sandbox_subscriptions')
    .addColumn('tax_percent', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_subscriptions').dropColumn('tax_percent').execute()
}
