// A year of use for a company in the store (demo Acme, bench companies); deterministic, about one seat in seven idle.
import { DAY_MS } from '../protocol/shared/dates.js'
import { monthOf, monthsUpTo, monthStart, USAGE_MONTHS } from '../protocol/usage/usage.js'
import type { DB } from '../service/db/database.js'
import type { LicenseCheckTable } from '../service/usage/tables.js'

/** Rows per INSERT, well under SQLite's limit on bound parameters. */
const CHUNK = 150

async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

export async function seedUsageHistory(db: DB, companyId: string, now: number): Promise<void> {
  const licenses = await db
    .selectFrom('licenses')
    .select(['id', 'product_group', 'assigned_to', 'expiration', 'created_at', 'trial'])
    .where('owner', '=', companyId)
    .where('license_type', '=', 'company')
    .orderBy('id')
    .execute()
  const months = monthsUpTo(now, USAGE_MONTHS)
  const present = monthOf(now)
  // By license and month: on the first of a month the present month's check is moved back into the last one.
  const checks = new Map<string, LicenseCheckTable>()
  const holders: Array<{ license_id: string; company_id: string; holder: string; since: number }> = []
  licenses.forEach((license, i) => {
    if (license.assigned_to.trim() === '') return
    const idle = i % 7 === 3
    holders.push({
      license_id: license.id,
      company_id: companyId,
      holder: license.assigned_to,
      since: now - 200 * DAY_MS,
    })
    months.forEach((month, m) => {
      const at = Math.min(monthStart(month) + ((i * 7 + m * 3) % 27) * DAY_MS + 9 * 60 * 60 * 1000, now - DAY_MS)
      if (at < license.created_at || at > license.expiration) return
      if (idle ? at > now - 100 * DAY_MS : (i * 31 + m * 17) % 10 >= 8) return
      const key = `${license.id} ${monthOf(at)}`
      const seen = checks.get(key)
      checks.set(key, {
        license_id: license.id,
        month: monthOf(at),
        company_id: companyId,
        product_group: license.product_group,
        first_at: Math.min(at, seen?.first_at ?? at),
        last_at: Math.max(at, seen?.last_at ?? at),
      })
    })
  })
  await insertChunks([...checks.values()], (chunk) => db.insertInto('license_checks').values(chunk).execute())
  await insertChunks(holders, (chunk) => db.insertInto('seat_holders').values(chunk).execute())

  const refusals = months
    .filter((month, m) => month !== present && m % 3 === 1 && licenses.length > 0)
    .map((month, n) => {
      const license = licenses[(n * 5) % licenses.length]!
      return {
        activation_id: `act_seeded_${companyId}_${month}`,
        month,
        company_id: companyId,
        product_group: license.product_group,
        refused_at: monthStart(month) + 12 * DAY_MS,
      }
    })
  await insertChunks(refusals, (chunk) => db.insertInto('activation_refusals').values(chunk).execute())

  // The seats of each past month as its last days saw them: licenses that had begun and not yet ended.
  const records = months
    .filter((month) => month !== present)
    .flatMap((month, m) => {
      const end = monthStart(months[m + 1]!) - DAY_MS
      const byProduct = new Map<string, { bought: number; assigned: number }>()
      for (const license of licenses) {
        if (license.trial || license.created_at > end || license.expiration <= end) continue
        const seats = byProduct.get(license.product_group) ?? { bought: 0, assigned: 0 }
        seats.bought++
        if (license.assigned_to.trim() !== '') seats.assigned++
        byProduct.set(license.product_group, seats)
      }
      return [...byProduct].map(([product, seats]) => ({
        company_id: companyId,
        product_group: product as (typeof licenses)[number]['product_group'],
        month,
        seats_bought: seats.bought,
        seats_assigned: seats.assigned,
        taken_at: end,
      }))
    })
  await insertChunks(records, (chunk) => db.insertInto('usage_months').values(chunk).execute())
}
