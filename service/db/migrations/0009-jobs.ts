import type { AnyDb } from './dialect.js'

// Time-driven work (service/jobs/): each job's schedule and claim, the renewal reminders sent, each account's choice.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_run_at', 'bigint')
    .addColumn('last_error', 'text')
    .execute()

  await db.schema
    .createTable('renewal_reminders')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('term', 'bigint', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('renewal_reminders_pk', ['subject', 'term', 'email'])
    .execute()

  await db.schema
    .alterTable('accounts')
    .addColumn('renewal_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('renewal_reminders').execute()
  await db.schema.dropTable('renewal_reminders').ifExists().execute()
  await db.schema.dropTable('jobs').ifExists().execute()
}
