// The demo data set is seeded once, into an empty store only, and reproducibly.
import { describe, expect, it } from 'vitest'
import type { DB } from '../service/db/database.js'
import { demoRefs, isEmpty, seedDemoData, seedDemoDataIfEmpty } from './seed.js'
import { closeStoresAfterEach, DAY, freshDb, NOW, seededDb } from '../tests/support/seed-stores.js'

closeStoresAfterEach()

async function dump(db: DB) {
  return {
    accounts: await db.selectFrom('accounts').selectAll().orderBy('email').execute(),
    companies: await db.selectFrom('companies').selectAll().orderBy('id').execute(),
    company_permissions: await db
      .selectFrom('company_permissions')
      .selectAll()
      .orderBy('company_id')
      .orderBy('email')
      .execute(),
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    subscriptions: await db.selectFrom('subscriptions').selectAll().orderBy('id').execute(),
    licenses: await db.selectFrom('licenses').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
    activations: await db.selectFrom('activations').selectAll().orderBy('id').execute(),
    coupons: await db.selectFrom('coupons').selectAll().orderBy('code').execute(),
  }
}

describe('demo data set', () => {
  it('is seeded only into an empty store', async () => {
    const db = await freshDb()
    expect(await isEmpty(db)).toBe(true)
    expect(await seedDemoDataIfEmpty(db, { now: NOW })).toBe(true)
    expect(await isEmpty(db)).toBe(false)
    const accounts = async () => (await db.selectFrom('accounts').select('email').execute()).length
    const before = await accounts()
    // A second start finds the store seeded: nothing is inserted and nothing fails.
    expect(await seedDemoDataIfEmpty(db, { now: NOW + DAY })).toBe(false)
    expect(await accounts()).toBe(before)
  })

  it('is reproducible: the same now gives identical rows, and ids and keys never depend on now', async () => {
    const first = await dump(await seededDb(NOW))
    const second = await dump(await seededDb(NOW))
    expect(second).toEqual(first)
    expect(first.licenses.length).toBeGreaterThan(60)

    const later = await dump(await seededDb(NOW + 123 * DAY))
    expect(later.licenses.map((l) => [l.id, l.license_key, l.order_id])).toEqual(
      first.licenses.map((l) => [l.id, l.license_key, l.order_id]),
    )
    expect(later.subscriptions.map((s) => s.id)).toEqual(first.subscriptions.map((s) => s.id))
    expect(later.licenses.find((l) => l.id === demoRefs.licenses.patExpiringSoon)?.expiration).toBe(NOW + 143 * DAY)
  })

  it('changes nothing when seeded a second time into the same store', async () => {
    const db = await seededDb()
    const before = await dump(db)
    await expect(seedDemoData(db, { now: NOW + DAY })).rejects.toThrow()
    expect(await dump(db)).toEqual(before)
  })
})
