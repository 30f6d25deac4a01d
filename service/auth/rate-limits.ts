// An express-rate-limit store in the service's database, so instances on one PostgreSQL count a client together (a
// per-process limit would let a client send N times the limit to N instances); one upsert per hit, so none is lost.
import { sql } from 'kysely'
import type { DB } from '../db/database.js'

type ClientInfo = { totalHits: number; resetTime: Date | undefined }

/** express-rate-limit's `Store`, written out so the service needs no import of it. */
export type RateLimitStore = {
  init(options: { windowMs: number }): void
  get(key: string): Promise<ClientInfo | undefined>
  increment(key: string): Promise<ClientInfo>
  decrement(key: string): Promise<void>
  resetKey(key: string): Promise<void>
  localKeys: false
  prefix: string
}

/** In counted requests. */
const PURGE_EVERY = 1000

export function databaseRateLimitStore(db: DB, prefix: string, now: () => number = Date.now): RateLimitStore {
  let windowMs = 60_000
  let counted = 0
  const info = (row: { hits: number; reset_at: number }): ClientInfo => ({
    totalHits: Number(row.hits),
    resetTime: new Date(Number(row.reset_at)),
  })
  return {
    localKeys: false,
    prefix,
    init(options) {
      windowMs = options.windowMs
    },
    async get(key) {
      const row = await db
        .selectFrom('rate_limits')
        .select(['hits', 'reset_at'])
        .where('key', '=', prefix + key)
        .executeTakeFirst()
      return row && Number(row.reset_at) > now() ? info(row) : undefined
    },
    async increment(key) {
      const at = now()
      if (++counted % PURGE_EVERY === 0) {
        await db
          .deleteFrom('rate_limits')
          .where('reset_at', '<', at - windowMs)
          .execute()
      }
      const row = await db
        .insertInto('rate_limits')
        .values({ key: prefix + key, hits: 1, reset_at: at + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.hits + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${at} then ${at + windowMs} else rate_limits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow()
      return info(row)
    },
    async decrement(key) {
      await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
        .where('key', '=', prefix + key)
        .execute()
    },
    async resetKey(key) {
      await db
        .deleteFrom('rate_limits')
        .where('key', '=', prefix + key)
        .execute()
    },
  }
}
