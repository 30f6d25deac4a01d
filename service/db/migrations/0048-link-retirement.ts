import type { AnyDb } from './dialect.js'

// Why an emailed link stopped working unused (a newer link, or a completed change of email), for the sign-in page;
// links revoked before this column stay unnamed and read as replaced.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('revoked_by', 'text').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tokens').dropColumn('revoked_by').execute()
}
