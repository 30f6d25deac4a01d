import type { AnyDb } from './dialect.js'

// My machines: last seen, and who deactivated how; `counted` = 1 for My machines' deactivations (the budget's).
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('activations').addColumn('last_seen', 'bigint').execute()
  await db.schema.alterTable('activations').addColumn('deactivated_at', 'bigint').execute()
  await db.schema.alterTable('activations').addColumn('deactivated_by', 'text').execute()
  await db.schema
    .alterTable('activations')
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('activations_counted')
    .on('activations')
    .columns(['license_id', 'counted', 'deactivated_at'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('activations_counted').ifExists().execute()
  for (const column of ['counted', 'deactivated_by', 'deactivated_at', 'last_seen']) {
    await db.schema.alterTable('activations').dropColumn(column).execute()
  }
}
