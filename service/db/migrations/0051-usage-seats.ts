import type { AnyDb } from './dialect.js'

// This month's seats on the usage page (service/usage/figures.ts) counted from this index alone, in product order:
// reading each of a large company's license rows made the page's cost grow with its seats.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('licenses_usage_seats')
    .on('licenses')
    .columns(['owner', 'product_group', 'license_type', 'trial', 'expiration', 'assigned_to'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('licenses_usage_seats').execute()
}
