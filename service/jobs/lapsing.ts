/**
 * Spec §4: "Licenses beyond the new quantity become lapsing and end at term end". Renewals skip them, so once their
 * term is over they leave the subscription and stay with their holder as expired licenses.
 */
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
