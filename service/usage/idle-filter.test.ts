// The license table's "idle for N days" filter on the demo data: its rows equal a count by hand over the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Details } from '../../protocol/operations.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

const DAY = 24 * 60 * 60 * 1000
let service: Awaited<ReturnType<typeof createTestService>>

beforeAll(async () => {
  service = await createTestService()
}, 60_000)
afterAll(() => service.close())

describe('the idle filter', () => {
  it('finds at Acme exactly the seats counted by hand: held N days, no check in them', async () => {
    const credential = await signInAs(service, 'olivia@acme.test')
    const now = Date.now()
    // By hand: every Acme license outside its subscriptions, its holder's arrival and its last check.
    const licenses = await service.db
      .selectFrom('licenses')
      .select(['id', 'assigned_to', 'expiration'])
      .where('owner', '=', 'acme')
      .where('subscription_id', 'is', null)
      .execute()
    const holders = new Map(
      (await service.db.selectFrom('seat_holders').selectAll().execute()).map((h) => [h.license_id, h]),
    )
    const lastCheck = new Map<string, number>()
    for (const c of await service.db.selectFrom('license_checks').selectAll().execute())
      lastCheck.set(c.license_id, Math.max(Number(c.last_at), lastCheck.get(c.license_id) ?? 0))
    const counts: number[] = []
    for (const days of [30, 60, 90] as const) {
      const cutoff = now - days * DAY
      const expected = licenses
        .filter((l) => {
          const holder = holders.get(l.id)
          return (
            l.assigned_to !== '' &&
            Number(l.expiration) > now &&
            holder?.holder === l.assigned_to &&
            Number(holder.since) <= cutoff &&
            (lastCheck.get(l.id) ?? 0) <= cutoff
          )
        })
        .map((l) => l.id)
        .sort()
      const answer = await service.call(
        { retrieveDetails: { windows: [{ table: 'acme', filter: `idle-${days}`, pageSize: 200 }] } },
        credential,
      )
      const details = (answer.body as { retrieveDetails: Details }).retrieveDetails
      const window = details.windowed?.windows.find((w) => w.table === 'acme')
      const rows = details.body.companies.find((c) => c.id === 'acme')!.licenses
      expect(window?.matching, `idle-${days}`).toBe(expected.length)
      expect(rows.map((l) => l.id).sort(), `idle-${days}`).toEqual(expected)
      expect(rows.every((l) => l.assignedTo !== '')).toBe(true)
      // The CSV export of the filtered table reads the same seats (retrieveLicenses narrowed by idleDays).
      const read = await service.call(
        { retrieveLicenses: { table: 'acme', subscriptionId: null, idleDays: days } },
        credential,
      )
      const exported = (read.body as { retrieveLicenses: { licenses: Array<{ id: string }> } }).retrieveLicenses
      expect(exported.licenses.map((l) => l.id).sort(), `export idle-${days}`).toEqual(expected)
      counts.push(expected.length)
    }
    // The demo data has idle seats at Acme, and fewer of them the longer the spell.
    expect(counts[2]).toBeGreaterThan(0)
    expect(counts[0]).toBeGreaterThanOrEqual(counts[1]!)
    expect(counts[1]).toBeGreaterThanOrEqual(counts[2]!)
  })

  it("leaves out a seat whose holder downloaded its offline key (it works without checking in); an administrator's list of keys does not", async () => {
    const credential = await signInAs(service, 'olivia@acme.test')
    const idle = async () => {
      const read = await service.call(
        { retrieveLicenses: { table: 'acme', subscriptionId: null, idleDays: 90 } },
        credential,
      )
      const answer = (read.body as { retrieveLicenses: { licenses: Array<{ id: string }> } }).retrieveLicenses
      return answer.licenses.map((l) => l.id)
    }
    const before = await idle()
    const ids = before.map((id) => ({ id, owner: 'acme' }))
    // Olivia, a Company Administrator, sees every key of the company: no seat stops being idle by that.
    const keys = await service.call({ offlineLicense: { ids } }, credential)
    const withKeys = (keys.body as { offlineLicense: { licenses: Array<{ id: string }> } }).offlineLicense.licenses
    expect(withKeys.length).toBeGreaterThan(0)
    expect(await idle()).toEqual(before)

    const seat = await service.db
      .selectFrom('licenses')
      .select(['id', 'assigned_to'])
      .where('id', '=', withKeys[0]!.id)
      .executeTakeFirstOrThrow()
    const holder = await signInAs(service, seat.assigned_to)
    expect((await service.call({ offlineLicense: { ids: [{ id: seat.id, owner: 'acme' }] } }, holder)).status).toBe(200)
    expect(await idle()).toEqual(before.filter((id) => id !== seat.id))
    const held = await service.db
      .selectFrom('offline_key_holders')
      .select('holder')
      .where('license_id', '=', seat.id)
      .execute()
    expect(held).toEqual([{ holder: seat.assigned_to }])
  })
})
