/**
 * Lapsing licenses end at term end (spec §4: "Licenses beyond the new quantity become lapsing and end at term end").
 * A renewal extends only a subscription's non-lapsing licenses, so a lapsing one expires with the term it was paid
 * for; once that term is over it leaves the subscription (which then no longer counts it as lapsing) and stays with
 * its holder as an expired license.
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
