// The bench company: a large company seeded beside the demo data for measuring speed.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { isEmpty, seedBenchCompany } from './seed.js'
import { closeStoresAfterEach, freshDb, NOW, seededDb } from '../tests/support/seed-stores.js'

closeStoresAfterEach()

describe('seedBenchCompany', () => {
  it('creates "Bench 100" with its administrator and 100 licenses spread over products and orders', async () => {
    const db = await freshDb()
    const result = await seedBenchCompany(db, 100, { now: NOW })
    expect(result).toEqual({ email: 'bench-100@bench.test', companyId: 'bench-100' })
    expect(await db.selectFrom('companies').selectAll().where('id', '=', 'bench-100').executeTakeFirst()).toMatchObject(
      {
        name: 'Bench 100',
      },
    )
    expect(
      await db.selectFrom('company_permissions').selectAll().where('company_id', '=', 'bench-100').execute(),
    ).toMatchObject([{ email: 'bench-100@bench.test', permissions: 'ADMIN' }])
    expect(
      await db.selectFrom('accounts').select('email').where('email', '=', 'bench-100@bench.test').executeTakeFirst(),
    ).toBeDefined()
    const licenses = await db.selectFrom('licenses').selectAll().where('owner', '=', 'bench-100').execute()
    expect(licenses).toHaveLength(100)
    expect(new Set(licenses.map((l) => l.product_group))).toEqual(new Set(['bundle', 'wallaby', 'quokka']))
    expect(new Set(licenses.map((l) => l.order_id)).size).toBe(5)
    expect(licenses.some((l) => l.assigned_to !== '')).toBe(true)
    expect(licenses.some((l) => l.assigned_to === '')).toBe(true)
    expect(licenses.every((l) => l.company_id === 'bench-100' && l.license_type === 'company')).toBe(true)
  })

  it('lives beside the demo data and other bench companies, and a repeat inserts nothing', async () => {
    const db = await seededDb()
    await seedBenchCompany(db, 100, { now: NOW })
    await seedBenchCompany(db, 1000, { now: NOW })
    await seedBenchCompany(db, 100, { now: NOW })
    const count = async (owner: string) =>
      (
        await db
          .selectFrom('licenses')
          .select(db.fn.countAll<number>().as('n'))
          .where('owner', '=', owner)
          .executeTakeFirstOrThrow()
      ).n
    expect(await count('bench-100')).toBe(100)
    expect(await count('bench-1000')).toBe(1000)
    expect(await count('acme')).toBeGreaterThanOrEqual(25)
    const { rows } = await sql`pragma foreign_key_check`.execute(db)
    expect(rows).toEqual([])
  })

  it('refuses a count that is not a positive whole number', async () => {
    const db = await freshDb()
    await expect(seedBenchCompany(db, 0)).rejects.toThrow()
    await expect(seedBenchCompany(db, 2.5)).rejects.toThrow()
    expect(await isEmpty(db)).toBe(true)
  })
})
