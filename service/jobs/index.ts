// The service's time-driven jobs and their runner; the portal adds the purge of its own store.
import type { LicensingService } from '../index.js'
import { domainCheckJob } from './domains.js'
import { lapsingJob } from './lapsing.js'
import { purgeJob } from './purge.js'
import { renewalReminderJob } from './reminders.js'
import { usageJob } from './usage.js'
import { reclaimJob } from './reclaim.js'
import { createJobRunner, type Job, type JobLog, type JobRunner } from './runner.js'
import { WEBHOOK_DELIVERY_JOB, webhookDeliveryJob } from '../webhooks/deliver.js'

export type { Job, JobLog, JobOutcome, JobRunner } from './runner.js'

export function serviceJobs(service: Pick<LicensingService, 'db' | 'mailer' | 'config' | 'adapters'>): Job[] {
  return [
    // The provider's charges first, so that a reminder never announces a payment that is already due.
    ...(service.adapters.payments?.jobs ?? []),
    lapsingJob(service.db),
    renewalReminderJob({ db: service.db, mailer: service.mailer, publicUrl: () => service.config.publicUrl }),
    domainCheckJob({
      db: service.db,
      mailer: service.mailer,
      dnsServers: () => service.config.dnsServers,
      publicUrl: () => service.config.publicUrl,
    }),
    usageJob(service.db),
    reclaimJob(service),
    webhookDeliveryJob({
      db: service.db,
      mailer: service.mailer,
      policy: () => service.config.webhooks,
      publicUrl: () => service.config.publicUrl,
    }),
    purgeJob(service.db),
  ]
}

/** A development server runs no jobs, but one admitting a local receiver delivers its webhooks every few seconds. */
export const LOCAL_WEBHOOKS_TICK_MS = 5_000

/** The server's runner: every job each `intervalMs`; with none (0), the webhook deliveries alone when a local receiver is admitted. */
export function serverJobRunner(
  service: Pick<LicensingService, 'db' | 'mailer' | 'config' | 'adapters'>,
  options: { intervalMs: number; log: JobLog; extraJobs?: Job[] },
): { start(tickMs: number): { stop(): Promise<void> }; tickMs: number } | undefined {
  if (options.intervalMs > 0) {
    return { ...createServiceJobRunner(service, options), tickMs: Math.min(options.intervalMs, 60_000) }
  }
  if (!service.config.webhooks.deliverLocally) return undefined
  const runner = createJobRunner({
    db: service.db,
    jobs: serviceJobs(service).filter((job) => job.name === WEBHOOK_DELIVERY_JOB),
    intervalMs: LOCAL_WEBHOOKS_TICK_MS,
    log: options.log,
  })
  return { ...runner, tickMs: LOCAL_WEBHOOKS_TICK_MS }
}

export function createServiceJobRunner(
  service: Pick<LicensingService, 'db' | 'mailer' | 'config' | 'adapters'>,
  options: { intervalMs: number; log: JobLog; extraJobs?: Job[]; clock?: () => number },
): JobRunner {
  return createJobRunner({
    db: service.db,
    jobs: [...serviceJobs(service), ...(options.extraJobs ?? [])],
    intervalMs: options.intervalMs,
    log: options.log,
    ...(options.clock ? { clock: options.clock } : {}),
  })
}
