// The reclaim of idle seats: warned a week ahead once per idle spell, reclaimed through the assignment change,
// recorded, undone within 14 days; never with the policy off or for the directory's seats; once across runners.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RECLAIM_ACTOR } from '../../protocol/reclaim/reclaim.js'
import { createTestService, signInAs } from '../../tests/support/service.js'
import { makeSubscription } from '../../tests/support/subscriptions.js'
import { createServiceJobRunner } from '../jobs/index.js'
import { createJobRunner } from '../jobs/runner.js'
import { reclaimJob } from '../jobs/reclaim.js'

const DAY = 24 * 60 * 60 * 1000
const T0 = Date.UTC(2026, 5, 1, 12)
const COMPANY = 'reclaim-co'
const ADMIN = 'ada@reclaim.test'
const MANAGER = 'mo@reclaim.test'
const [A, B, C, E, D] = ['a', 'b', 'c', 'e', 'd'].map((n) => `${n}@reclaim.test`) as [
  string,
  string,
  string,
  string,
  string,
]

let clock = T0
let service: Awaited<ReturnType<typeof createTestService>>
let wallaby: Awaited<ReturnType<typeof makeSubscription>>
let quokka: Awaited<ReturnType<typeof makeSubscription>>
const quiet = { info() {}, error() {} }
const runJobs = (asOf: number) => {
  clock = asOf
  return createServiceJobRunner(service, { intervalMs: 60_000, log: quiet, clock: () => asOf }).runDue({
    asOf,
    force: true,
  })
}
const holderOf = async (id: string) =>
  (await service.db.selectFrom('licenses').select('assigned_to').where('id', '=', id).executeTakeFirstOrThrow())
    .assigned_to
const mailsTo = async (to: string) =>
  (
    await service.db.selectFrom('mail_outbox').select(['subject', 'text']).where('to', '=', to).orderBy('id').execute()
  ).filter((m) => /seat|license/.test(m.subject))
async function check(licenseId: string, at: number) {
  clock = at
  const row = await service.db
    .selectFrom('licenses')
    .select('license_key')
    .where('id', '=', licenseId)
    .executeTakeFirstOrThrow()
  expect((await service.call({ licenseCheck: { licenseKey: row.license_key, hostname: 'box' } })).status).toBe(200)
}
async function call(request: Record<string, unknown>, credential?: string) {
  clock = clock + 1
  // Signed in afresh: the clock jumps further than a session lasts.
  return service.call(request as never, credential ?? (await signInAs(service, ADMIN)))
}
const reclaimsOf = async () =>
  (
    (await call({ retrieveReclaims: { companyId: COMPANY } })).body as {
      retrieveReclaims: {
        idleDays: number | null
        reclaims: Array<{ id: string; holder: string; undoUntil: number | null }>
      }
    }
  ).retrieveReclaims

beforeAll(async () => {
  service = await createTestService({ now: () => clock })
  await service.db.insertInto('companies').values({ id: COMPANY, name: 'Reclaim "Co"\nInc', created_at: 0 }).execute()
  await service.db
    .insertInto('company_permissions')
    .values([
      { company_id: COMPANY, email: ADMIN, permissions: 'ADMIN', created_at: 0 },
      { company_id: COMPANY, email: MANAGER, permissions: 'ASSIGN', created_at: 0 },
    ])
    .execute()
  wallaby = await makeSubscription(service.db, {
    now: T0 - DAY,
    companyId: COMPANY,
    group: 'wallaby',
    expiresIn: 800,
    seats: [{ assignedTo: A }, { assignedTo: B }, { assignedTo: C }, { assignedTo: E }, { assignedTo: D }],
  })
  // The directory holds the fifth wallaby seat, and owns quokka.
  quokka = await makeSubscription(service.db, {
    now: T0 - DAY,
    companyId: COMPANY,
    group: 'quokka',
    expiresIn: 800,
    seats: [{ assignedTo: 'q@reclaim.test' }],
  })
  const directory = service.db
  await directory
    .insertInto('directory_seats')
    .values({
      license_id: wallaby.licenseIds[4]!,
      company_id: COMPANY,
      product_group: 'wallaby',
      email: D,
      assigned_at: 0,
    })
    .execute()
  await directory
    .insertInto('directory_products')
    .values({ company_id: COMPANY, product_group: 'quokka', owned: 1, updated_at: 0 })
    .execute()
  await service.db
    .insertInto('activations')
    .values(
      [...wallaby.licenseIds, ...quokka.licenseIds].map((license_id, i) => ({
        id: `act_reclaim_${i}`,
        license_id,
        hostname: 'box',
        status: 'active' as const,
        requested_at: T0 - DAY,
        activation_time: T0 - DAY,
      })),
    )
    .execute()
}, 60_000)
afterAll(() => service.close())

describe('the reclaim of idle seats', () => {
  it('warns once, waits, reclaims, records, and undoes; a check in the warning week cancels', async () => {
    const [a, b, c, e, d] = wallaby.licenseIds as [string, string, string, string, string]
    await runJobs(T0) // the usage job notes since when each seat has its holder
    for (const id of [a, b, c, e]) await check(id, T0)

    // Off by default: a long idle spell reclaims nothing.
    expect((await reclaimsOf()).idleDays).toBeNull()
    await runJobs(T0 + 100 * DAY)
    expect(await service.db.selectFrom('reclaim_warnings').selectAll().execute()).toEqual([])
    expect(await holderOf(a)).toBe(A)

    // A manager may not turn it on; an administrator may, and the log says so.
    clock = T0 + 100 * DAY
    const manager = await signInAs(service, MANAGER)
    const refused = await call({ setReclaimPolicy: { companyId: COMPANY, idleDays: 30 } }, manager)
    expect(refused.body).toMatchObject({ error: 'FORBIDDEN' })
    const on = await call({ setReclaimPolicy: { companyId: COMPANY, idleDays: 30 } })
    expect(on.body).toEqual({ setReclaimPolicy: { idleDays: 30, changed: true } })
    expect((await reclaimsOf()).idleDays).toBe(30)

    // Idle for 100 days already: warned now, reclaimed a full week later, never at once.
    const start = T0 + 100 * DAY
    await runJobs(start + 1000)
    const warnings = await service.db.selectFrom('reclaim_warnings').selectAll().orderBy('holder').execute()
    expect(warnings.map((w) => w.holder)).toEqual([A, B, C, E])
    expect(warnings.every((w) => Number(w.reclaim_at) === start + 1000 + 7 * DAY)).toBe(true)
    const warning = await mailsTo(A)
    expect(warning).toHaveLength(1)
    expect(warning[0]!.subject).toBe(
      `Your license of the company "Reclaim 'Co' Inc" will be unassigned on September 16, 2026 unless you use it`,
    )
    const adminMails = await mailsTo(ADMIN)
    expect(adminMails.at(-1)!.subject).toBe(`4 seats of the company "Reclaim 'Co' Inc" will be reclaimed unless used`)
    expect(adminMails.at(-1)!.text).toContain(`held by ${B}: September 16, 2026`)
    expect(adminMails.at(-1)!.text).not.toContain(D)
    expect(adminMails.at(-1)!.text).not.toContain('q@reclaim.test')

    // Runs in the warning week warn nobody again; C's editor checks, which cancels C's warning.
    await runJobs(start + 3 * DAY)
    await check(c, start + 4 * DAY)
    await runJobs(start + 5 * DAY)
    expect(await mailsTo(A)).toHaveLength(1)
    expect(await holderOf(a)).toBe(A)

    // The week is over: two runners at once reclaim each seat once.
    const at = start + 7 * DAY + 2000
    clock = at
    const runners = ['one', 'two'].map((instance) =>
      createJobRunner({
        db: service.db,
        jobs: [reclaimJob(service)],
        intervalMs: 60_000,
        log: quiet,
        clock: () => at,
        instance,
      }),
    )
    const outcomes = (await Promise.all(runners.map((r) => r.runDue({ asOf: at })))).flat()
    expect(outcomes.filter((o) => o.outcome === 'done')).toHaveLength(1)
    expect(outcomes.find((o) => o.outcome === 'done')).toMatchObject({ summary: { reclaimed: 3, warned: 0 } })
    await runJobs(at + 1000)
    expect([await holderOf(a), await holderOf(b), await holderOf(c), await holderOf(e), await holderOf(d)]).toEqual([
      '',
      '',
      C,
      '',
      D,
    ])
    const quokkaSeat = quokka.licenseIds[0]!
    expect(await holderOf(quokkaSeat)).toBe('q@reclaim.test')
    const rows = await service.db.selectFrom('seat_reclaims').selectAll().orderBy('holder').execute()
    expect(rows.map((r) => [r.holder, Number(r.idle_days)])).toEqual([
      [A, 30],
      [B, 30],
      [E, 30],
    ])
    // The log names the policy as the actor; the former holder is told.
    const logged = await service.db
      .selectFrom('activity_entries')
      .select(['actor', 'summary'])
      .where('company_id', '=', COMPANY)
      .where('actor', '=', RECLAIM_ACTOR)
      .execute()
    expect(logged.map((l) => l.summary).sort()).toEqual(
      [A, B, E].map((who) => expect.stringMatching(new RegExp(`^unassigned .* from ${who}$`))),
    )
    const told = await mailsTo(A)
    expect(told.at(-1)!.subject).toBe(`The company "Reclaim 'Co' Inc" has unassigned your license`)
    expect(told.at(-1)!.text).toContain(`The reclaim policy of the company "Reclaim 'Co' Inc" has unassigned a license`)
    expect((await mailsTo(ADMIN)).at(-1)!.subject).toBe(`3 idle seats of the company "Reclaim 'Co' Inc" reclaimed`)

    // Undo: A gets the seat back (told again); a repeat does nothing twice.
    const listed = await reclaimsOf()
    expect(listed.reclaims.map((r) => r.holder).sort()).toEqual([A, B, E])
    expect(listed.reclaims.every((r) => r.undoUntil === at + 14 * DAY)).toBe(true)
    const ofA = listed.reclaims.find((r) => r.holder === A)!
    clock = at + DAY
    const undone = await call({ undoReclaim: { companyId: COMPANY, reclaimId: ofA.id } })
    expect(undone.status).toBe(200)
    expect(undone.body).toEqual({ undoReclaim: { holder: A, licenseId: a, undone: true } })
    expect(await holderOf(a)).toBe(A)
    expect((await mailsTo(A)).at(-1)!.subject).toContain('has assigned you a license')
    expect((await call({ undoReclaim: { companyId: COMPANY, reclaimId: ofA.id } })).body).toEqual({
      undoReclaim: { holder: A, licenseId: a, undone: false },
    })
    // The undone seat is not reclaimed again at once: its holder starts afresh.
    await runJobs(at + 2 * DAY)
    expect(await holderOf(a)).toBe(A)

    // E's seat was given to someone else meanwhile: a clear refusal saying what to do.
    await service.db.updateTable('licenses').set({ assigned_to: 'new@reclaim.test' }).where('id', '=', e).execute()
    const ofE = listed.reclaims.find((r) => r.holder === E)!
    const taken = await call({ undoReclaim: { companyId: COMPANY, reclaimId: ofE.id } })
    expect(taken.body).toMatchObject({ error: 'ASSIGNMENT_CHANGED' })
    expect(JSON.stringify(taken.body)).toContain(
      `The seat has been assigned to new@reclaim.test since it was reclaimed; to give ${E} a seat again, assign another free license to ${E} in the license table.`,
    )

    // After 14 days B's reclaim can no longer be undone; the list no longer shows it.
    clock = at + 15 * DAY
    const late = await call({
      undoReclaim: { companyId: COMPANY, reclaimId: listed.reclaims.find((r) => r.holder === B)!.id },
    })
    expect(JSON.stringify(late.body)).toContain('This reclaim is more than 14 days old and can no longer be undone')
    expect(await holderOf(b)).toBe('')
    expect((await reclaimsOf()).reclaims).toEqual([])

    // Off again: nothing more is warned or reclaimed.
    expect((await call({ setReclaimPolicy: { companyId: COMPANY, idleDays: null } })).body).toEqual({
      setReclaimPolicy: { idleDays: null, changed: true },
    })
    const before = (await service.db.selectFrom('mail_outbox').select('id').execute()).length
    await runJobs(at + 200 * DAY)
    expect((await service.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(before)
    expect(await holderOf(a)).toBe(A)
  }, 120_000)

  it('is refused to those who are not the company administrators', async () => {
    clock = T0
    const stranger = await signInAs(service, 'q@reclaim.test')
    expect((await call({ retrieveReclaims: { companyId: COMPANY } }, stranger)).body).toMatchObject({
      error: 'FORBIDDEN',
    })
    expect((await call({ undoReclaim: { companyId: COMPANY, reclaimId: 'x' } }, stranger)).body).toMatchObject({
      error: 'FORBIDDEN',
    })
    expect((await call({ undoReclaim: { companyId: COMPANY, reclaimId: 'nope' } })).body).toMatchObject({
      error: 'NOT_FOUND',
    })
    expect((await call({ setReclaimPolicy: { companyId: COMPANY, idleDays: 45 } })).body).toMatchObject({
      error: 'INVALID_PAYLOAD',
    })
  })
})
