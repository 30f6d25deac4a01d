/**
 * Cursor paging through 10,000 licenses while assignments change between the pages: every license comes exactly
 * once, in the portal's order (§4), on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LicensePage } from '../../protocol/api/api-v1.js'
import { licenseOrder } from '../../service/reads/license-queries.js'
import { apiClient, apiToken, companyWithLicenses, startApi } from '../support/api.js'

let server: Awaited<ReturnType<typeof startApi>>
const company = 'cmp_api_paging'
let ids: string[]

beforeAll(async () => {
  server = await startApi()
  ids = await companyWithLicenses(server.service, company, 10_000)
}, 120_000)
afterAll(() => server.close())

it('pages through 10,000 licenses by cursor with none skipped or repeated while assignments change', async () => {
  const api = apiClient(server.origin, (await apiToken(server.service, { companyId: company })).secret)
  const seen: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const answer = await api(
      'GET',
      `/companies/${company}/licenses?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(answer.status).toBe(200)
    const page = LicensePage.parse(answer.body)
    seen.push(...page.data.map((l) => l.id))
    cursor = page.nextCursor
    pages++
    // Between pages, licenses behind and ahead of the cursor change hands through the API itself.
    for (const id of [ids[(pages * 397) % ids.length], ids[(pages * 7919) % ids.length]]) {
      const license = (await api('GET', `/companies/${company}/licenses/${id}`)).body as { holder: string | null }
      const path = `/companies/${company}/licenses/${id}`
      const changed = license.holder
        ? await api('POST', `${path}/unassign`, { expectedHolder: license.holder })
        : await api('POST', `${path}/assign`, { email: `dev${pages}@example.test`, expectedHolder: '' })
      expect(changed.status).toBe(200)
    }
  } while (cursor)

  expect(pages).toBe(20)
  expect(new Set(seen).size).toBe(seen.length)
  expect(seen).toHaveLength(10_000)
  let inOrder = server.service.db.selectFrom('licenses').select('id').where('owner', '=', company)
  for (const order of licenseOrder(server.service.db)) inOrder = inOrder.orderBy(order)
  expect(seen).toEqual((await inOrder.execute()).map((r) => r.id))
}, 120_000)
