// A company table's page is read by walking the index in §4's order (migration 0011), not by sorting the company's
// licenses: the index's expressions must be exactly those of `licenseOrder`, which each store's query plan shows.
// (With a narrow filter or search the store may rightly prefer another index and sort the few rows that match.)
import { sql, type CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedBenchCompany } from './db/seed.js'
import { isPostgres } from './db/migrations/dialect.js'
import { allOf, licenseOrder, scopePredicate } from './license-queries.js'
import { createTestService } from './testing.js'

let service: Awaited<ReturnType<typeof createTestService>>
let companyId = ''

beforeAll(async () => {
  service = await createTestService()
  companyId = (await seedBenchCompany(service.db, 300)).companyId
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
  // PostgreSQL prefers a plain scan and a sort on a table this small: with both made costly, it walks an index in
  // the page's order if one matches, and sorts only if none does.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx)
    await sql`set local enable_seqscan = off`.execute(trx)
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
