/**
 * The reclaim of idle seats (service/usage/reclaim.ts): warns a week ahead, then unassigns, for the companies whose
 * policy is on. Safe to repeat: a warning is written once per seat and idle spell, a reclaim is a compare-and-set.
 */
import type { LicensingService } from '../index.js'
import { runReclaims } from '../usage/reclaim.js'
import type { Job } from './runner.js'

export function reclaimJob(service: Pick<LicensingService, 'db' | 'mailer' | 'config'>): Job {
  return {
    name: 'reclaim-idle-seats',
    run: (asOf) => runReclaims(service, asOf),
  }
}
