import type { Kysely } from 'kysely'

// Why an emailed link stopped working unused (a newer link, or a completed change of email), for the sign-in page;
// links revoked before this column stay unnamed and read as replaced.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('revoked_by', 'text').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').dropColumn('revoked_by').execute()
}
