// The usage figures: recorded by the editors' checks and the usage job, counted per product and month.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { monthsUpTo } from '../../protocol/usage/usage.js'
import { createTestService, signInAs } from '../../tests/support/service.js'
import { makeSubscription } from '../../tests/support/subscriptions.js'
import { createServiceJobRunner } from '../jobs/index.js'
import { recordActivationRefusal } from './recording.js'

const DAY = 24 * 60 * 60 * 1000
/** The present: November 2026; the year shown runs from December 2025. */
const NOW = Date.UTC(2026, 10, 20, 12)
const MONTHS = monthsUpTo(NOW)
/** Noon of the `day`th of the `index`th month shown (0: December 2025). */
const inMonth = (index: number, day = 10) => {
  const [year, month] = MONTHS[index]!.split('-').map(Number) as [number, number]
  return Date.UTC(year, month - 1, day, 12)
}
const COMPANY = 'usage-co'
const ADMIN = 'una@usage.test'
const MANAGER = 'mo@usage.test'

let clock = NOW
let service: Awaited<ReturnType<typeof createTestService>>
let wallaby: Awaited<ReturnType<typeof makeSubscription>>
let quokka: Awaited<ReturnType<typeof makeSubscription>>
const quiet = { info() {}, error() {} }
const runJobs = (asOf: number) =>
  createServiceJobRunner(service, { intervalMs: 60_000, log: quiet, clock: () => asOf }).runDue({
    asOf,
    force: true,
  })

const keyOf = async (id: string) =>
  (await service.db.selectFrom('licenses').select('license_key').where('id', '=', id).executeTakeFirstOrThrow())
    .license_key
async function check(licenseId: string, at: number) {
  clock = at
  const answer = await service.call({ licenseCheck: { licenseKey: await keyOf(licenseId), hostname: 'box' } })
  expect(answer.status).toBe(200)
}

beforeAll(async () => {
  service = await createTestService({ now: () => clock })
  await service.db.insertInto('companies').values({ id: COMPANY, name: 'Usage Co', created_at: 0 }).execute()
  await service.db
    .insertInto('company_permissions')
    .values([
      { company_id: COMPANY, email: ADMIN, permissions: 'ADMIN', created_at: 0 },
      { company_id: COMPANY, email: MANAGER, permissions: 'ASSIGN', created_at: 0 },
    ])
    .execute()
  wallaby = await makeSubscription(service.db, {
    now: inMonth(0, 1),
    companyId: COMPANY,
    group: 'wallaby',
    expiresIn: 800,
    seats: [{ assignedTo: 'a@usage.test' }, { assignedTo: 'b@usage.test' }, { assignedTo: 'c@usage.test' }, {}],
  })
  quokka = await makeSubscription(service.db, {
    now: inMonth(0, 1),
    companyId: COMPANY,
    group: 'quokka',
    expiresIn: 800,
    seats: [{ assignedTo: 'd@usage.test' }, { assignedTo: 'e@usage.test' }],
  })
  await service.db
    .insertInto('activations')
    .values(
      [...wallaby.licenseIds, ...quokka.licenseIds].map((license_id, i) => ({
        id: `act_usage_${i}`,
        license_id,
        hostname: 'box',
        status: 'active' as const,
        requested_at: inMonth(0, 1),
        activation_time: inMonth(0, 1),
      })),
    )
    .execute()
})
afterAll(() => service.close())

describe('usage figures of a seeded year', () => {
  it('count each month by hand: seats active, refused, bought and assigned', async () => {
    const [w1, w2, w3, w4] = wallaby.licenseIds as [string, string, string, string]
    const [q1, q2] = quokka.licenseIds as [string, string]
    // The editors' checks, month by month (indexes of MONTHS): several a month count once.
    for (let m = 0; m < 12; m++) {
      await check(w1, inMonth(m, 3))
      await check(w1, inMonth(m, 20))
    }
    for (let m = 0; m <= 4; m++) await check(w2, inMonth(m))
    for (const m of [6, 7, 8]) await check(w3, inMonth(m))
    await check(w3, inMonth(7, 25))
    await check(q1, inMonth(11))
    await check(q2, inMonth(0))
    await check(q2, inMonth(11, 2))
    // A machine the license is not active on, and an unknown key, are no use of the seat.
    clock = inMonth(9)
    await service.call({ licenseCheck: { licenseKey: await keyOf(w4), hostname: 'elsewhere' } })
    await service.call({ licenseCheck: { licenseKey: 'nope', hostname: 'box' } })

    // Refusals at the activation limit: one request refused twice in a month counts once.
    const w1Row = await service.db.selectFrom('licenses').selectAll().where('id', '=', w1).executeTakeFirstOrThrow()
    await recordActivationRefusal(service.db, w1Row, 'act_r1', inMonth(2))
    await recordActivationRefusal(service.db, w1Row, 'act_r1', inMonth(2, 15))
    await recordActivationRefusal(service.db, w1Row, 'act_r2', inMonth(2, 16))
    await recordActivationRefusal(service.db, w1Row, 'act_r3', inMonth(10))

    // The usage job's records: from month 3 on (none before), the fourth seat assigned in month 6, a quokka seat
    // unassigned in month 9; month 8 has no run at all.
    for (const m of [3, 4, 5]) await runJobs(inMonth(m, 28))
    await service.db.updateTable('licenses').set({ assigned_to: 'f@usage.test' }).where('id', '=', w4).execute()
    for (const m of [6, 7]) await runJobs(inMonth(m, 28))
    await service.db.updateTable('licenses').set({ assigned_to: '' }).where('id', '=', q2).execute()
    for (const m of [9, 10]) await runJobs(inMonth(m, 28))

    clock = NOW
    const credential = await signInAs(service, ADMIN)
    const answer = await service.call({ retrieveUsage: { companyId: COMPANY } }, credential)
    expect(answer.status).toBe(200)
    const usage = (
      answer.body as {
        retrieveUsage: {
          months: string[]
          products: Array<{ product: string; months: Array<Record<string, unknown>> }>
        }
      }
    ).retrieveUsage
    expect(usage.months).toEqual(MONTHS)
    expect(usage.months[0]).toBe('2025-12')
    const column = (product: string, field: string) =>
      usage.products.find((p) => p.product === product)!.months.map((m) => m[field])
    expect(usage.products.map((p) => p.product)).toEqual(['wallaby', 'quokka'])
    //                                     Dec Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov
    expect(column('wallaby', 'active')).toEqual([2, 2, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1])
    expect(column('quokka', 'active')).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2])
    expect(column('wallaby', 'refused')).toEqual([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0])
    expect(column('quokka', 'refused')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    const _ = null
    expect(column('wallaby', 'bought')).toEqual([_, _, _, 4, 4, 4, 4, 4, _, 4, 4, 4])
    expect(column('wallaby', 'assigned')).toEqual([_, _, _, 3, 3, 3, 4, 4, _, 4, 4, 4])
    expect(column('quokka', 'bought')).toEqual([_, _, _, 2, 2, 2, 2, 2, _, 2, 2, 2])
    expect(column('quokka', 'assigned')).toEqual([_, _, _, 2, 2, 2, 2, 2, _, 1, 1, 1])

    // Bounded: one row per license and month checked, one per refused request and month.
    const rows = await service.db
      .selectFrom('license_checks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', COMPANY)
      .executeTakeFirstOrThrow()
    expect(Number(rows.n)).toBe(12 + 5 + 3 + 1 + 2)
  })

  it('a seat ending mid-month counts none at the next run of the month', async () => {
    await service.db
      .updateTable('licenses')
      .set({ expiration: inMonth(10, 29) })
      .where('id', 'in', quokka.licenseIds)
      .execute()
    await runJobs(inMonth(10, 29) + DAY / 2)
    const row = await service.db
      .selectFrom('usage_months')
      .selectAll()
      .where('company_id', '=', COMPANY)
      .where('month', '=', MONTHS[10]!)
      .where('product_group', '=', 'quokka')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ seats_bought: 0, seats_assigned: 0 })
  })

  it('is refused to those who may not read the activity log, and for a company not theirs', async () => {
    const error = async (credential?: string, companyId = COMPANY) =>
      ((await service.call({ retrieveUsage: { companyId } }, credential)).body as { error?: string }).error
    expect(await error(await signInAs(service, MANAGER))).toBe('FORBIDDEN')
    expect(await error(await signInAs(service, ADMIN), 'acme')).toBe('FORBIDDEN')
    expect(await error(undefined)).toBe('NOT_AUTHENTICATED')
  })
})
