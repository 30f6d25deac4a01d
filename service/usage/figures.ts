// A company's usage per product: four queries, each bounded by the company's rows of the months shown.
import { sql } from 'kysely'
import { productGroups, type ProductGroup } from '../../protocol/entities.js'
import { monthsUpTo, USAGE_MONTHS, type ProductUsage, type UsageMonth } from '../../protocol/usage/usage.js'
import type { DB } from '../db/database.js'

type Counted = { product_group: ProductGroup; month: string; n: number | string }

/** Rows per product and month from `first` on: licenses checked, or requests refused. */
function monthlyCounts(db: DB, table: 'license_checks' | 'activation_refusals', companyId: string, first: string) {
  return db
    .selectFrom(table)
    .select((eb) => ['product_group', 'month', eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', companyId)
    .where('month', '>=', first)
    .groupBy(['product_group', 'month'])
    .execute()
}

/** This month's seats bought and assigned per product, from the licenses themselves (migration 0051's index). */
export function liveSeatsQuery(db: DB, companyId: string, now: number) {
  return db
    .selectFrom('licenses')
    .select((eb) => [
      'product_group',
      eb.fn.countAll<number>().as('bought'),
      sql<number>`coalesce(sum(case when trim(assigned_to) <> '' then 1 else 0 end), 0)`.as('assigned'),
    ])
    .where('owner', '=', companyId)
    .where('license_type', '=', 'company')
    .where('trial', '=', 0)
    .where('expiration', '>', now)
    .groupBy('product_group')
}

export async function usageFigures(
  db: DB,
  companyId: string,
  now: number,
): Promise<{ months: string[]; products: ProductUsage[] }> {
  const months = monthsUpTo(now, USAGE_MONTHS)
  const first = months[0]!
  const present = months[months.length - 1]!
  const [active, refused, recorded, live] = await Promise.all([
    monthlyCounts(db, 'license_checks', companyId, first),
    monthlyCounts(db, 'activation_refusals', companyId, first),
    db
      .selectFrom('usage_months')
      .select(['product_group', 'month', 'seats_bought', 'seats_assigned'])
      .where('company_id', '=', companyId)
      .where('month', '>=', first)
      .execute(),
    liveSeatsQuery(db, companyId, now).execute(),
  ])

  const key = (product: string, month: string) => `${product} ${month}`
  const counts = (rows: Counted[]) => new Map(rows.map((r) => [key(r.product_group, r.month), Number(r.n)]))
  const activeBy = counts(active)
  const refusedBy = counts(refused)
  const seatsBy = new Map<string, { bought: number; assigned: number }>(
    recorded.map((r) => [
      key(r.product_group, r.month),
      { bought: Number(r.seats_bought), assigned: Number(r.seats_assigned) },
    ]),
  )
  for (const r of live)
    seatsBy.set(key(r.product_group, present), { bought: Number(r.bought), assigned: Number(r.assigned) })
  // A month without any record (the job did not run in it) has unknown seats; with one, a product not in it had none.
  const recordedMonths = new Set([...recorded.map((r) => r.month), present])
  const seen = new Set<string>([...active, ...refused, ...recorded, ...live].map((r) => r.product_group))
  const products = productGroups
    .filter((p) => seen.has(p))
    .map((product) => ({
      product,
      months: months.map((month): UsageMonth => {
        const seats = seatsBy.get(key(product, month))
        const known = recordedMonths.has(month)
        return {
          month,
          bought: seats?.bought ?? (known ? 0 : null),
          assigned: seats?.assigned ?? (known ? 0 : null),
          active: activeBy.get(key(product, month)) ?? 0,
          refused: refusedBy.get(key(product, month)) ?? 0,
        }
      }),
    }))
  return { months, products }
}
