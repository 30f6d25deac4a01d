// Runs the time-driven jobs once, now or as of `--now 2027-01-01[T09:00]` (UTC), on the configured store, so a person
// can watch a renewal happen. Exit status 1 when a job failed, 2 on wrong usage.
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import dotenv from 'dotenv'
import { purgeExpiredPortalRecords } from '../app/utils/portal-purge.server.js'
import { createLicensingService } from '../service/index.js'
import { createServiceJobRunner } from '../service/jobs/index.js'
import { createLogger } from '../server/logger.js'

export const USAGE = 'Usage: npm run jobs -- [--now YYYY-MM-DD[THH:MM]]'

/** Epoch ms, UTC, or a message saying what is wrong. */
export function parseJobsArgs(argv: string[], now: number): { asOf: number } | { problem: string } {
  let values
  try {
    values = parseArgs({ args: argv, options: { now: { type: 'string' } } }).values
  } catch (err) {
    return { problem: (err as Error).message }
  }
  if (values.now === undefined) return { asOf: now }
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?Z?$/.test(values.now))
    return { problem: `--now must be a date such as 2027-01-01 or 2027-01-01T09:00 (got "${values.now}")` }
  const asOf = Date.parse(values.now.endsWith('Z') || values.now.length === 10 ? values.now : `${values.now}Z`)
  // Date.parse rolls 2027-02-30 over into March: a date must read back as it was written.
  if (Number.isNaN(asOf) || new Date(asOf).toISOString().slice(0, 10) !== values.now.slice(0, 10))
    return { problem: `--now is not a real date: ${values.now}` }
  return { asOf }
}

async function main(): Promise<number> {
  dotenv.config({ quiet: true })
  const args = parseJobsArgs(process.argv.slice(2), Date.now())
  if ('problem' in args) {
    console.error(`${args.problem}\n${USAGE}`)
    return 2
  }
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'info', pretty: true })
  // The service's clock says the date too, so what the jobs cause is dated as if it were then.
  const service = await createLicensingService({
    now: () => args.asOf,
    log: (line) => logger.info(line),
    warn: (line) => logger.warn(line),
    logError: (err, message) => logger.error({ err }, message),
    demo: () => import('../demo/seed.js'),
  })
  try {
    const runner = createServiceJobRunner(service, {
      intervalMs: 60_000,
      log: logger,
      extraJobs: [{ name: 'purge-portal', run: purgeExpiredPortalRecords }],
    })
    const outcomes = await runner.runDue({ asOf: args.asOf, force: true })
    for (const o of outcomes) {
      if (o.outcome === 'skipped') console.log(`${o.job}: skipped (another instance is running it)`)
    }
    return outcomes.some((o) => o.outcome === 'failed') ? 1 : 0
  } finally {
    await service.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
}
