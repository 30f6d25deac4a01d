import type { Kysely } from 'kysely'

// Why an emailed link stopped working unused: a newer link of its purpose, or a completed change of email address,
// which the sign-in page tells apart. Links revoked before this column were all replaced by a newer link or by such a
// change; they stay unnamed and read as replaced.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('revoked_by', 'text').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').dropColumn('revoked_by').execute()
}
