// The windowed read's queries use the indexes made for them, as each store's query plan shows:
// - a company table's page is read by walking the index in §4's order (migration 0011), not by sorting the company's
//   licenses: the index's expressions must be exactly those of `licenseOrder` (with a narrow filter or search the
//   store may rightly prefer another index and sort the few rows that match);
// - a subscription's seats are counted, and its deciding licenses picked, from the indexes beside the subscription
//   (migration 0012), not by reading its licenses;
// - the usage page's seats of this month are counted from an index alone (migration 0051), not row by row.
import { sql, type CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedBenchCompany } from '../../demo/seed.js'
import { isPostgres } from '../db/migrations/dialect.js'
import { allOf, licenseOrder, scopePredicate } from './license-queries.js'
import { decidingPicksQuery, seatCountQuery } from './seat-counts.js'
import { liveSeatsQuery } from '../usage/figures.js'
import { makeSubscription } from '../../tests/support/subscriptions.js'
import { createTestService } from '../../tests/support/service.js'

let service: Awaited<ReturnType<typeof createTestService>>
let companyId = ''
const subscriptionIds: string[] = []

beforeAll(async () => {
  service = await createTestService()
  companyId = (await seedBenchCompany(service.db, 300)).companyId
  const now = Date.now()
  for (const quantity of [40, 400]) {
    const seats = Array.from({ length: quantity }, (_, i) => ({
      assignedTo: i % 2 ? `user${i}@acme.test` : '',
      lapsing: i % 5 === 0,
      expiresIn: 30 + i,
    }))
    subscriptionIds.push((await makeSubscription(service.db, { now, seats })).id)
  }
  // PostgreSQL plans by its statistics: gathered now, as they would be on a store in use.
  if (isPostgres(service.db)) await sql`vacuum analyze licenses`.execute(service.db)
})
afterAll(() => service.close())

/** The page query of a company's table, as the windowed read builds it. */
function pageQuery() {
  const where = allOf([scopePredicate({ kind: 'company', id: companyId })])
  let query = service.db.selectFrom('licenses').selectAll().where(where)
  for (const order of licenseOrder(service.db)) query = query.orderBy(order)
  return query.limit(50).offset(100).compile()
}

/** The store's plan for a query, one line per step. */
async function plan(query: CompiledQuery): Promise<string> {
  const db = service.db
  const explain = (prefix: string) =>
    ({ ...query, sql: `${prefix} ${query.sql}` }) as CompiledQuery<Record<string, string>>
  if (!isPostgres(db)) {
    const rows = await db.executeQuery(explain('explain query plan'))
    return rows.rows.map((r) => r.detail).join('\n')
  }
  // PostgreSQL prefers a plain scan and a sort (or a bitmap of the heap) on tables this small: with those made
  // costly, it walks an index in the page's order if one matches, sorts only if none does, and reads the heap only if
  // no index holds every column asked for.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx)
    await sql`set local enable_seqscan = off`.execute(trx)
    await sql`set local enable_bitmapscan = off`.execute(trx)
    const rows = await trx.executeQuery(explain('explain'))
    return rows.rows.map((r) => Object.values(r)[0]).join('\n')
  })
}

describe('a company table page in §4 order', () => {
  it('walks the order index instead of sorting the company', async () => {
    const steps = await plan(pageQuery())
    expect(steps).toContain('licenses_company_order')
    expect(steps).not.toMatch(/TEMP B-TREE|Sort/)
  })
})

describe("a subscription's seats", () => {
  it('are counted from an index beside the subscription, not by scanning the licenses', async () => {
    const steps = await plan(seatCountQuery(service.db, subscriptionIds, Date.now()).compile())
    // SQLite answers from the seats index alone; PostgreSQL, on tables this small, may walk either index and read
    // the rows it finds from the heap.
    if (isPostgres(service.db)) expect(steps).toMatch(/Index (Only )?Scan using licenses_subscription_(seats|keys)/)
    else expect(steps).toContain('COVERING INDEX licenses_subscription_seats')
  })

  it('has its deciding licenses picked by walking the key and seats indexes', async () => {
    const steps = await plan(decidingPicksQuery(service.db, subscriptionIds).compile())
    expect(steps).toContain('licenses_subscription_keys')
    expect(steps).toContain('licenses_subscription_seats')
  })
})

describe("the usage page's seats of this month", () => {
  it("are counted from the usage index alone, in product order, without reading the company's licenses", async () => {
    const steps = await plan(liveSeatsQuery(service.db, companyId, Date.now()).compile())
    if (isPostgres(service.db)) expect(steps).toContain('Index Only Scan using licenses_usage_seats')
    else expect(steps).toContain('COVERING INDEX licenses_usage_seats')
    expect(steps).not.toMatch(/TEMP B-TREE|Sort/)
  })
})
