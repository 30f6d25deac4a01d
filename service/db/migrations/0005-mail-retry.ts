import type { Kysely } from 'kysely'

// A failed SMTP delivery stays in the outbox and is retried with backoff (service/mail/mailer.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'bigint').execute()
  await db.schema.alterTable('mail_outbox').addColumn('last_error', 'text').execute()
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').column('next_attempt_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due').ifExists().execute()
  await db.schema.alterTable('mail_outbox').dropColumn('last_error').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('next_attempt_at').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('attempts').execute()
}
