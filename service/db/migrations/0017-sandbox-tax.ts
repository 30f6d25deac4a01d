import type { Kysely } from 'kysely'

// The sandbox payment provider keeps the tax rate of the country each subscription is paid from, so that its next
// payment, renewals and alerts are the amounts the customer pays (tax included), as a real provider's are. Rows from
// before are taxed at 0 (the demo data's subscriptions are priced without tax). Kysely's schema builder only, so the
// same migration runs on SQLite and PostgreSQL.
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
