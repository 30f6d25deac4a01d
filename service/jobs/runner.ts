// The time-driven jobs (docs/decisions/0005-time-driven-jobs-in-the-store.md); retries after 1, 2, 4 … minutes.
import crypto from 'node:crypto'
import os from 'node:os'
import type { DB } from '../db/database.js'
import { isPostgres } from '../db/migrations/dialect.js'
import type { JobsTable } from './tables.js'

/** Counts for the run's log line (e.g. `{ mailed: 3 }`). */
export type JobSummary = Record<string, number>

export type Job = {
  name: string
  /** Runs this often when the runner's interval is longer (webhook deliveries should not wait 5 minutes). */
  intervalMs?: number
  /** Repeating it at once finds nothing left to do. */
  run(asOf: number): Promise<JobSummary>
}

export type JobLog = {
  info(fields: object, message: string): void
  error(fields: object, message: string): void
}

export type JobOutcome =
  | { job: string; outcome: 'done'; summary: JobSummary; ms: number }
  | { job: string; outcome: 'failed'; error: string; attempts: number; retryAt: number; ms: number }
  | { job: string; outcome: 'skipped' }

/** A process that died mid-run gives its claim up after this. */
export const CLAIM_MS = 15 * 60_000
export const RETRY_BASE_MS = 60_000

export type JobRunner = {
  /** `force` runs every job not held, due or not (the development command); `asOf` defaults to now. */
  runDue(options?: { asOf?: number; force?: boolean }): Promise<JobOutcome[]>
  start(tickMs: number): { stop(): Promise<void> }
}

export function createJobRunner(options: {
  db: DB
  jobs: ReadonlyArray<Job>
  intervalMs: number
  log: JobLog
  clock?: () => number
  instance?: string
}): JobRunner {
  const { db, jobs, intervalMs, log } = options
  const clock = options.clock ?? Date.now
  const instance = options.instance ?? `${os.hostname()}:${process.pid}`
  const postgres = isPostgres(db)

  /** The claim's token, or null when the job is not due or another instance holds it. */
  async function claim(name: string, force: boolean): Promise<string | null> {
    const now = clock()
    await db
      .insertInto('jobs')
      .values({ name, next_run_at: now, claimed_by: null, claimed_until: null, attempts: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    const token = `${instance}:${crypto.randomBytes(6).toString('hex')}`
    return db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('jobs')
        .select('name')
        .where('name', '=', name)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      if (!force) query = query.where('next_run_at', '<=', now)
      if (postgres) query = query.forUpdate().skipLocked()
      const row = await query.executeTakeFirst()
      if (!row) return null
      await trx
        .updateTable('jobs')
        .set({ claimed_by: token, claimed_until: now + CLAIM_MS })
        .where('name', '=', name)
        .execute()
      return token
    })
  }

  async function runOne(job: Job, asOf: number | undefined, force: boolean): Promise<JobOutcome> {
    const token = await claim(job.name, force)
    if (!token) return { job: job.name, outcome: 'skipped' }
    const started = clock()
    // Only the holder of the claim releases it (a claim that ran out may be another instance's by now).
    const release = (changes: Partial<JobsTable>) =>
      db.updateTable('jobs').set(changes).where('name', '=', job.name).where('claimed_by', '=', token).execute()
    try {
      const summary = await job.run(asOf ?? started)
      const ms = clock() - started
      await release({
        claimed_by: null,
        claimed_until: null,
        attempts: 0,
        last_error: null,
        last_run_at: started,
        // A forced run (the development command) leaves the schedule as it was.
        ...(force ? {} : { next_run_at: started + Math.min(job.intervalMs ?? intervalMs, intervalMs) }),
      })
      log.info(
        { job: job.name, ...(asOf !== undefined ? { asOf: new Date(asOf).toISOString() } : {}), ...summary, ms },
        `job ${job.name} done`,
      )
      return { job: job.name, outcome: 'done', summary, ms }
    } catch (err) {
      const ms = clock() - started
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500)
      const row = await db.selectFrom('jobs').select('attempts').where('name', '=', job.name).executeTakeFirst()
      const attempts = (row?.attempts ?? 0) + 1
      const retryAt = clock() + Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), intervalMs)
      await release({ claimed_by: null, claimed_until: null, attempts, last_error: error, next_run_at: retryAt })
      log.error(
        { job: job.name, err, attempts, retryAt: new Date(retryAt).toISOString(), ms },
        `job ${job.name} failed (attempt ${attempts}); it is tried again at ${new Date(retryAt).toISOString()}`,
      )
      return { job: job.name, outcome: 'failed', error, attempts, retryAt, ms }
    }
  }

  const runner: JobRunner = {
    async runDue({ asOf, force = false } = {}) {
      const outcomes: JobOutcome[] = []
      // One after the other: the jobs share the store's connections with the requests being served.
      for (const job of jobs) outcomes.push(await runOne(job, asOf, force))
      return outcomes
    },
    start(tickMs) {
      let running: Promise<unknown> | null = null
      const timer = setInterval(() => {
        if (running) return
        running = runner
          .runDue()
          .catch((err: unknown) => log.error({ err }, 'the jobs could not be run (the store does not answer?)'))
          .finally(() => (running = null))
      }, tickMs)
      timer.unref()
      return {
        async stop() {
          clearInterval(timer)
          await running
        },
      }
    },
  }
  return runner
}
