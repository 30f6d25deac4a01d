// The reclaim of idle seats (service/reclaim/reclaim.ts), safe to repeat.
import type { LicensingService } from '../index.js'
import { runReclaims } from '../reclaim/reclaim.js'
import type { Job } from './runner.js'

export function reclaimJob(service: Pick<LicensingService, 'db' | 'mailer' | 'config'>): Job {
  return {
    name: 'reclaim-idle-seats',
    run: (asOf) => runReclaims(service, asOf),
  }
}
