// The usage figures' monthly records (service/usage/snapshot.ts), at most once an hour.
import type { DB } from '../db/database.js'
import { snapshotFresh, snapshotSeats, trackHolders } from '../usage/snapshot.js'
import type { Job } from './runner.js'

export function usageJob(db: DB): Job {
  return {
    name: 'usage-figures',
    async run(asOf) {
      if (await snapshotFresh(db, asOf)) return { figures: 0 }
      await trackHolders(db, asOf)
      return { figures: await snapshotSeats(db, asOf) }
    },
  }
}
