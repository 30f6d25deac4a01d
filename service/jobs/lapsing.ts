// Spec §4: lapsing licenses end at term end: renewals skip them, and they stay with their holder, expired.
import type { DB } from '../db/database.js'
import type { Job } from './runner.js'

export function lapsingJob(db: DB): Job {
  return {
    name: 'lapsing-licenses',
    async run(asOf) {
      const ended = await db
        .updateTable('licenses')
        .set({ subscription_id: null, billing_period: null, lapsing: 0 })
        .where('lapsing', '=', 1)
        .where('subscription_id', 'is not', null)
        .where('expiration', '<=', asOf)
        .executeTakeFirst()
      return { ended: Number(ended.numUpdatedRows) }
    },
  }
}
