import type { AnyDb } from './dialect.js'

// A failed SMTP delivery stays in the outbox and is retried with backoff (service/mail/mailer.ts).
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'bigint').execute()
  await db.schema.alterTable('mail_outbox').addColumn('last_error', 'text').execute()
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').column('next_attempt_at').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due').ifExists().execute()
  await db.schema.alterTable('mail_outbox').dropColumn('last_error').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('next_attempt_at').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('attempts').execute()
}
