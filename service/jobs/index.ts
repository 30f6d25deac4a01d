// The service's time-driven jobs and their runner; the portal adds the purge of its own store.
import type { LicensingService } from '../index.js'
import { domainCheckJob } from './domains.js'
import { lapsingJob } from './lapsing.js'
import { purgeJob } from './purge.js'
import { renewalReminderJob } from './reminders.js'
import { usageJob } from './usage.js'
import { reclaimJob } from './reclaim.js'
import { createJobRunner, type Job, type JobLog, type JobRunner } from './runner.js'
import { webhookDeliveryJob } from '../webhooks/deliver.js'

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
