// The jobs' tables: each job's schedule and claim (migration 0009), and the renewal reminders sent.

export type JobsTable = {
  name: string
  next_run_at: number
  claimed_by: string | null
  claimed_until: number | null
  attempts: number
  last_run_at: number | null
  last_error: string | null
}

export type RenewalRemindersTable = { subject: string; term: number; email: string; sent_at: number }

export type JobTables = { jobs: JobsTable; renewal_reminders: RenewalRemindersTable }
