import { DAY_MS } from '#protocol/shared/dates'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { License, Subscription } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import { isExpired } from '#protocol/licenses/licenses'
import { LONG_EXPIRED_ORDERS_NAMED, PERSONAL_TABLE } from '#protocol/licenses/windows'
import type { LicenseWindow } from '#protocol/licenses/window-reads'
import { sortLicenses } from '#app/rules/license'
import {
  discountDeadlineMessage,
  expiryWarnings,
  expiryWarningsOf,
  longExpiredMessage,
  type ExpiryWarnings,
} from '#app/rules/expiry'
import { matchesFilter, matchesSearch, windowLocally } from '#app/rules/license-windows'
import { seedBenchCompany } from '../../demo/seed'
import { createTestService, signInAs } from '../support/service'

// The windowed retrieveDetails answers, from SQL, what a full read of the account and the portal's own rules (the
// spec's sort order, the counts, the portal's windowing of a whole answer) give: for every table, page, search and filter, on companies of several sizes.

type Service = Awaited<ReturnType<typeof createTestService>>

/** The tables of a full read, as /manage shows them: personal licenses, and each company's outside subscriptions. */
function fullTables(details: Details): Map<string, License[]> {
  const tables = new Map<string, License[]>([[PERSONAL_TABLE, details.body.personal.licenses]])
  for (const company of details.body.companies)
    tables.set(
      company.id,
      company.licenses.filter((l) => !l.subscription),
    )
  return tables
}

const ref = (l: License) => `${l.owner}:${l.id}`

describe('windowed retrieveDetails matches a full read', () => {
  let service: Service
  const admins: string[] = []
  beforeAll(async () => {
    service = await createTestService()
    for (const size of [7, 120, 1_300]) admins.push((await seedBenchCompany(service.db, size)).email)
    // Keys 1, 2 and 5 of each of Bench 120's six orders long expired: more orders than the warning names.
    await service.db
      .updateTable('licenses')
      .set({ expiration: Date.now() - 100 * DAY_MS })
      .where('owner', '=', 'bench-120')
      .where('key_number', 'in', [1, 2, 5])
      .execute()
  }, 120_000)
  afterAll(async () => {
    await service.close()
  })

  async function read(credential: string, windows?: LicenseWindow[]): Promise<Details> {
    const answer = await service.call({ retrieveDetails: windows ? { windows } : {} }, credential)
    expect(answer.status).toBe(200)
    return (answer.body as { retrieveDetails: Details }).retrieveDetails
  }

  it('counts, pages, searches and filters of every table agree with the full read', async () => {
    for (const email of [...admins, 'olivia@acme.test', 'rita@reseller.test', 'root@vendor.test']) {
      const credential = await signInAs(service, email)
      const full = await read(credential)
      expect(full.windowed).toBeUndefined()
      const now = Date.now()
      for (const [table, licenses] of fullTables(full)) {
        const sorted = sortLicenses(licenses)
        const searches = ['', 'user1', 'QUOKKA', sorted[3]?.order ?? '42', '7', 'no such thing %_']
        for (const search of searches)
          for (const filter of ['all', 'assigned', 'unassigned', 'expired', 'expiring'] as const) {
            const expected = sorted.filter((l) => matchesSearch(l, search) && matchesFilter(l, filter, now))
            const pageSize = 25
            const pages = Math.max(1, Math.ceil(expected.length / pageSize))
            for (const page of new Set([1, 2, pages, pages + 3])) {
              const answer = await read(credential, [{ table, page, pageSize, search, filter }])
              const window = answer.windowed?.windows.find((w) => w.table === table)
              const label = `${email} ${table} "${search}" ${filter} page ${page}`
              expect(window, label).toBeDefined()
              expect(window?.matching, label).toBe(expected.length)
              expect(window?.total, label).toBe(licenses.length)
              expect(window?.assigned, label).toBe(licenses.filter((l) => l.assignedTo !== '').length)
              expect(window?.unassigned, label).toBe(
                licenses.filter((l) => l.assignedTo === '' && !isExpired(l, now)).length,
              )
              expect(window?.pages, label).toBe(pages)
              const shown = Math.min(page, pages)
              expect(window?.page, label).toBe(shown)
              const rows =
                table === PERSONAL_TABLE
                  ? answer.body.personal.licenses
                  : answer.body.companies.find((c) => c.id === table)!.licenses
              expect(rows.map(ref), label).toEqual(expected.slice((shown - 1) * pageSize, shown * pageSize).map(ref))
              // The portal's own windowing of a whole answer (for a service without windows) agrees.
              const local = windowLocally(full, () => ({ page, pageSize, search, filter }), now)
              const localWindow = local.windowed?.windows.find((w) => w.table === table)
              expect({ ...localWindow, witnesses: [] }, label).toEqual({ ...window, witnesses: [] })
              // The rows are the very entities of the full read.
              const byRef = new Map(licenses.map((l) => [ref(l), l]))
              for (const row of rows) expect(row, label).toEqual(byRef.get(ref(row)))
            }
            if (search !== '' && search !== 'user1') break
          }
      }
    }
  }, 240_000)

  it('subscriptions come with their seats counted, tables not named get their first page, and the account facts match', async () => {
    const credential = await signInAs(service, 'olivia@acme.test')
    const full = await read(credential)
    const windowed = await read(credential, [])
    // A subscription is the full read's but for its licenses: only the few its state is decided by, and its seats'
    // counts beside it (the subscription seats test compares those).
    const light = (subscriptions: Subscription[]) => subscriptions.map((s) => ({ ...s, licenses: [] }))
    expect(windowed.body.companies.map((c) => light(c.subscriptions))).toEqual(
      full.body.companies.map((c) => light(c.subscriptions)),
    )
    expect(light(windowed.body.personal.subscriptions)).toEqual(light(full.body.personal.subscriptions))
    const subscriptions = [...full.body.personal.subscriptions, ...full.body.companies.flatMap((c) => c.subscriptions)]
    expect(windowed.windowed!.subscriptions.map((s) => s.subscriptionId).sort()).toEqual(
      subscriptions.map((s) => s.subscriptionId).sort(),
    )
    for (const window of windowed.windowed!.windows) {
      expect(window.page).toBe(1)
      expect(window.pageSize).toBe(50)
    }
    const now = Date.now()
    const every = [...full.body.personal.licenses, ...full.body.companies.flatMap((c) => c.licenses)]
    const expired = every.filter((l) => isExpired(l, now) && !/open source/i.test(l.productName))
    const unique = new Map(expired.map((l) => [ref(l), l]))
    const recent = [...unique.values()].filter((l) => l.expiration >= now - 60 * DAY_MS)
    expect(windowed.windowed!.expiredLongAgo).toBe(unique.size - recent.length)
    const grouped = windowed.windowed!.recentlyExpired
    expect(grouped.reduce((n, group) => n + group.count, 0)).toBe(recent.length)
    expect(windowed.windowed!.personalLicenses).toBe(
      full.body.personal.licenses.filter((l) => l.licenseType === 'personal' && l.owner === full.email).length,
    )
    expect(windowed.windowed!.ownLicenses).toBe(
      full.body.personal.licenses.filter((l) => l.owner === full.email).length,
    )
  })

  it("the expiry warning from the store's groups says what it says over every license of a full read", async () => {
    let lines = 0
    let partial = 0
    for (const email of ['olivia@acme.test', 'root@vendor.test', 'rita@reseller.test', ...admins]) {
      const credential = await signInAs(service, email)
      const full = await read(credential)
      const windowed = await read(credential, [])
      const every = [...full.body.personal.licenses, ...full.body.companies.flatMap((c) => c.licenses)]
      const fromFull = expiryWarningsOf(every, Date.now())
      const { recentlyExpired, expiredLongAgo, expiredLongAgoOrders } = windowed.windowed!
      const fromStore = expiryWarnings(recentlyExpired, expiredLongAgo, expiredLongAgoOrders)
      const text = (w: ExpiryWarnings) => [
        ...w.discountDeadlines.map((line) => discountDeadlineMessage(line)),
        longExpiredMessage(w.longExpiredCount, w.longExpiredOrders),
      ]
      expect(text(fromStore), email).toEqual(text(fromFull))
      // The answer has a group per run of keys of an order, never a row per license.
      const recent = recentlyExpired.reduce((n, group) => n + group.count, 0)
      expect(recentlyExpired.flatMap((g) => g.keys).length, email).toBeLessThanOrEqual(recent)
      if (recent > 20) expect(recentlyExpired.length, email).toBeLessThan(recent / 2)
      lines += fromStore.discountDeadlines.length
      // The long-expired licenses are named by a few orders, never one per license.
      expect(expiredLongAgoOrders.length, email).toBeLessThanOrEqual(LONG_EXPIRED_ORDERS_NAMED)
      if (expiredLongAgo) expect(expiredLongAgoOrders.length, email).toBeGreaterThan(0)
      if (expiredLongAgoOrders.reduce((n, o) => n + o.count, 0) < expiredLongAgo) partial += 1
    }
    expect(lines).toBeGreaterThan(0)
    // Somewhere the named orders count fewer than all: the "… more licenses" part is compared too.
    expect(partial).toBeGreaterThan(0)
  })

  it('a company the caller holds no role in is not read, and a window too large is refused', async () => {
    const credential = await signInAs(service, 'olivia@acme.test')
    const answer = await read(credential, [{ table: 'bench-1300', page: 1, pageSize: 10 }])
    expect(answer.body.companies.some((c) => c.id === 'bench-1300')).toBe(false)
    expect(answer.windowed!.windows.some((w) => w.table === 'bench-1300')).toBe(false)
    const refused = await service.call(
      { retrieveDetails: { windows: [{ table: 'personal', pageSize: 10_000 }] } },
      credential,
    )
    expect(refused.status).toBe(500)
    expect((refused.body as { error: string }).error).toBe('INVALID_PAYLOAD')
  })
})
