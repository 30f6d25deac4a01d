// An idle seat in SQL (one whose holder downloaded its offline key never is): decision 0014.
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely'
import { DAY_MS } from '../../protocol/shared/dates.js'
import type { Database } from '../db/schema.js'

export function idleSeat(now: number, days: number) {
  const cutoff = now - days * DAY_MS
  return (eb: ExpressionBuilder<Database, 'licenses'>) =>
    eb.and([
      eb('licenses.assigned_to', '<>', ''),
      eb('licenses.expiration', '>', now),
      sql<SqlBool>`exists (select 1 from seat_holders h where h.license_id = licenses.id and h.holder = licenses.assigned_to and h.since <= ${cutoff})`,
      sql<SqlBool>`not exists (select 1 from license_checks c where c.license_id = licenses.id and c.last_at > ${cutoff})`,
      sql<SqlBool>`not exists (select 1 from offline_key_holders o where o.license_id = licenses.id and o.holder = licenses.assigned_to)`,
    ])
}

/** Since when the seat has been idle: its holder's arrival or its last check, whichever came later. */
export const idleSince = sql<number>`(select max(v) from (select h.since as v from seat_holders h where h.license_id = licenses.id union all select max(c.last_at) from license_checks c where c.license_id = licenses.id) as spell)`
