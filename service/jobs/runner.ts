// The time-driven jobs (docs/decisions/0005-time-driven-jobs-in-the-store.md), each an item of a store queue
// (service/queue/); retries after 1, 2, 4 … minutes.
import os from 'node:os'
import type { DB } from '../db/database.js'
import { exponentialBackoff, holderToken, storeQueue, type Claim } from '../queue/queue.js'

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
  const queue = storeQueue(db, 'jobs', {
    key: 'name',
    due: 'next_run_at',
    lease: { by: 'claimed_by', until: 'claimed_until' },
    leaseMs: CLAIM_MS,
    backoff: exponentialBackoff({ baseMs: RETRY_BASE_MS, maxMs: intervalMs }),
  })

  /** The claim, or null when the job is not due or another instance holds it. */
  async function claim(name: string, force: boolean): Promise<Claim | null> {
    const now = clock()
    await db
      .insertInto('jobs')
      .values({ name, next_run_at: now, claimed_by: null, claimed_until: null, attempts: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    return queue.claim(name, now, { token: holderToken(instance), force })
  }

  async function runOne(job: Job, asOf: number | undefined, force: boolean): Promise<JobOutcome> {
    const claimed = await claim(job.name, force)
    if (!claimed) return { job: job.name, outcome: 'skipped' }
    const started = clock()
    try {
      const summary = await job.run(asOf ?? started)
      const ms = clock() - started
      await queue.settle(claimed, {
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
      const retryAt = queue.retryAt(attempts, clock())
      await queue.settle(claimed, { attempts, last_error: error, next_run_at: retryAt })
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
