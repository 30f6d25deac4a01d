// The demo data set's conventions: who owns a row, license keys and order ids, the rows demoRefs names, foreign keys.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { licenseKeyPattern } from '../service/db/ids.js'
import { demoRefs } from './seed.js'
import { closeStoresAfterEach, seededDb } from '../tests/support/seed-stores.js'

closeStoresAfterEach()

describe('demo data set', () => {
  it('keeps the ownership conventions: company rows owned by the company id, personal ones by the email', async () => {
    const db = await seededDb()
    const companies = new Set((await db.selectFrom('companies').select('id').execute()).map((c) => c.id))
    for (const table of ['licenses', 'subscriptions', 'orders'] as const) {
      const rows = await db.selectFrom(table).select(['owner', 'company_id']).execute()
      for (const row of rows) {
        if (row.company_id !== null) {
          expect(row.owner).toBe(row.company_id)
          expect(companies.has(row.company_id)).toBe(true)
        } else {
          expect(row.owner).toMatch(/^[^A-Z\s]+@[^A-Z\s]+\.test$/)
        }
      }
    }
    const licenses = await db.selectFrom('licenses').selectAll().execute()
    const byOrder = new Map<string, number[]>()
    for (const l of licenses) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l.key_number])
    for (const keys of byOrder.values()) expect(keys.sort((a, b) => a - b)).toEqual(keys.map((_, i) => i + 1))
    for (const l of licenses) {
      expect(l.license_key).toMatch(licenseKeyPattern)
      expect(l.license_type).toBe(l.company_id === null ? 'personal' : 'company')
    }
    const orders = await db.selectFrom('orders').selectAll().execute()
    for (const o of orders) {
      expect(o.id).toMatch(/^[1-9][0-9]{5}$/)
      if (o.amount > 0) expect(o.receipt_url).toMatch(/^\/sandbox\/receipts\/pay_/)
      else expect(o.receipt_url).toBeNull()
    }
  })

  it('names in demoRefs rows that exist', async () => {
    const db = await seededDb()
    const licenseIds = new Set((await db.selectFrom('licenses').select('id').execute()).map((l) => l.id))
    for (const id of Object.values(demoRefs.licenses)) expect(licenseIds.has(id), id).toBe(true)
    const subscriptionIds = new Set((await db.selectFrom('subscriptions').select('id').execute()).map((x) => x.id))
    for (const id of Object.values(demoRefs.subscriptions)) expect(subscriptionIds.has(id), id).toBe(true)
    expect(subscriptionIds.size).toBe(Object.keys(demoRefs.subscriptions).length)
    const orderIds = new Set((await db.selectFrom('orders').select('id').execute()).map((o) => o.id))
    for (const id of Object.values(demoRefs.orders)) expect(orderIds.has(id), id).toBe(true)
    const activationIds = (await db.selectFrom('activations').select('id').execute()).map((a) => a.id)
    expect(activationIds.sort()).toEqual([...demoRefs.activations].sort())
  })

  it('holds every foreign key', async () => {
    const db = await seededDb()
    const { rows } = await sql`pragma foreign_key_check`.execute(db)
    expect(rows).toEqual([])
    const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)
    expect(fk[0].foreign_keys).toBe(1)
  })
})
