import type { AnyDb } from './dialect.js'

// The license tables' windows (service/reads/license-queries.ts): counts and filters from the indexes alone.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('licenses_table')
    .on('licenses')
    .columns(['owner', 'subscription_id', 'assigned_to', 'expiration'])
    .execute()
  await db.schema
    .createIndex('licenses_assigned_expiry')
    .on('licenses')
    .columns(['assigned_to', 'expiration'])
    .execute()
  // The two new indexes begin with the columns of these, which they make redundant.
  await db.schema.dropIndex('licenses_owner').execute()
  await db.schema.dropIndex('licenses_assigned_to').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('licenses_owner').on('licenses').column('owner').execute()
  await db.schema.createIndex('licenses_assigned_to').on('licenses').column('assigned_to').execute()
  await db.schema.dropIndex('licenses_assigned_expiry').execute()
  await db.schema.dropIndex('licenses_table').execute()
}
