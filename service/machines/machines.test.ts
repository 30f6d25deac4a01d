import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { newId } from '../db/ids.js'
import { createTestService, latestLink, signInAs } from '../../tests/support/service.js'
import { DEACTIVATION_BUDGET, DEACTIVATION_WINDOW_MS, LAST_SEEN_STEP_MS } from '../../protocol/machines/machines.js'
import type { DeactivationBudget, Machine } from '../../protocol/machines/operations.js'

let clock = Date.now()
let service: Awaited<ReturnType<typeof createTestService>>
const credentials = new Map<string, string>()
beforeAll(async () => {
  service = await createTestService({ now: () => clock })
  for (const email of ['pat@personal.test', 'olivia@acme.test', 'max@acme.test', 'ray@reseller.test']) {
    credentials.set(email, await signInAs(service, email))
  }
}, 60_000)
beforeEach(() => {
  clock = Date.now()
})
afterAll(async () => {
  await service.close()
})

type Answer = { status: number; body: Record<string, unknown> }
const call = async (request: unknown, who?: string) =>
  (await service.call(request, who ? credentials.get(who) : undefined)) as Answer
const ACTIVATE = 'http://portal.test/activate/'

const licenseRow = (id: string) =>
  service.db
    .selectFrom('licenses')
    .select(['id', 'owner', 'license_key', 'assigned_to', 'key_number', 'order_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const refOf = async (id: string) => {
  const { owner } = await licenseRow(id)
  return { id, owner }
}

async function machinesOf(licenseId: string, who: string) {
  const answer = await call({ retrieveMachines: { license: await refOf(licenseId) } }, who)
  expect(answer.status).toBe(200)
  return answer.body.retrieveMachines as { machines: Machine[]; budget: DeactivationBudget; mayDeactivate: boolean }
}
const deactivate = async (licenseId: string, machine: string, who: string) =>
  call({ deactivateMachine: { license: await refOf(licenseId), machine } }, who)

/** A license made active on these machines directly in the store (past the limit, to spend a whole budget). */
async function activeOn(licenseId: string, hostnames: string[]): Promise<string[]> {
  await service.db
    .updateTable('activations')
    .set({ status: 'deactivated' })
    .where('license_id', '=', licenseId)
    .execute()
  const ids = hostnames.map(() => newId('act'))
  await service.db
    .insertInto('activations')
    .values(
      hostnames.map((hostname, i) => ({
        id: ids[i]!,
        license_id: licenseId,
        hostname,
        status: 'active' as const,
        requested_at: clock - 1000,
        activation_time: clock - 1000 + i,
      })),
    )
    .execute()
  return ids
}

describe('My machines: what a holder sees', () => {
  it('lists the active machines, first seen at activation and last seen at the latest license check', async () => {
    const license = demoRefs.licenses.patActivated
    const before = await machinesOf(license, 'pat@personal.test')
    expect(before.machines.map((m) => m.hostname)).toEqual(['pat-laptop', 'pat-desktop', 'build-server'])
    expect(before.mayDeactivate).toBe(true)
    expect(before.budget).toEqual({ limit: DEACTIVATION_BUDGET, used: 0, nextAt: null })

    const { license_key: licenseKey } = await licenseRow(license)
    const check = () => call({ licenseCheck: { licenseKey, hostname: 'PAT-DESKTOP' } })
    expect((await check()).body).toMatchObject({ licenseCheck: { valid: true } })
    const seenAt = clock
    const desktop = (await machinesOf(license, 'pat@personal.test')).machines.find((m) => m.hostname === 'pat-desktop')
    expect(desktop?.lastSeen).toBe(seenAt)
    expect(desktop?.firstSeen).toBeLessThan(seenAt)

    // Within the step a check writes nothing; past it, the mark moves.
    clock = seenAt + 60_000
    await check()
    expect(
      (await machinesOf(license, 'pat@personal.test')).machines.find((m) => m.hostname === 'pat-desktop')?.lastSeen,
    ).toBe(seenAt)
    clock = seenAt + LAST_SEEN_STEP_MS + 1
    await check()
    expect(
      (await machinesOf(license, 'pat@personal.test')).machines.find((m) => m.hostname === 'pat-desktop')?.lastSeen,
    ).toBe(clock)
  })

  it("refuses, as not found, the machines of another's license and a reference with another owner", async () => {
    const ref = await refOf(demoRefs.licenses.patActivated)
    const [machine] = (await machinesOf(ref.id, 'pat@personal.test')).machines
    for (const request of [
      { retrieveMachines: { license: ref } },
      { deactivateMachine: { license: ref, machine: machine!.key } },
      { retrieveMachines: { license: { ...ref, owner: 'olivia@acme.test' } } },
    ]) {
      expect((await call(request, 'olivia@acme.test')).body).toMatchObject({ error: 'NOT_FOUND' })
    }
    expect((await call({ retrieveMachines: { license: ref } })).body).toMatchObject({ error: 'NOT_AUTHENTICATED' })
    expect((await machinesOf(ref.id, 'pat@personal.test')).machines).toHaveLength(3)
  })

  it('company seats: the holder and those who may assign deactivate; a Reseller Manager only sees', async () => {
    const seat = demoRefs.licenses.acmeBundleAssigned
    const [first, second] = await activeOn(seat, ['seat-laptop', 'seat-desktop'])
    expect((await machinesOf(seat, 'olivia@acme.test')).mayDeactivate).toBe(true)
    expect((await deactivate(seat, first!, 'max@acme.test')).body).toMatchObject({
      deactivateMachine: { deactivated: true, hostname: 'seat-laptop' },
    })
    const { assigned_to: holder } = await licenseRow(seat)
    credentials.set(holder!, await signInAs(service, holder!))
    expect((await deactivate(seat, second!, holder!)).body).toMatchObject({ deactivateMachine: { deactivated: true } })

    const globexSeat = (
      await service.db
        .selectFrom('licenses')
        .select('id')
        .where('company_id', '=', 'globex')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id
    const [globexMachine] = await activeOn(globexSeat, ['globex-box'])
    const seen = await machinesOf(globexSeat, 'ray@reseller.test')
    expect(seen).toMatchObject({ mayDeactivate: false, machines: [{ hostname: 'globex-box' }] })
    expect((await deactivate(globexSeat, globexMachine!, 'ray@reseller.test')).body).toMatchObject({
      error: 'FORBIDDEN',
    })
    expect((await deactivate(globexSeat, globexMachine!, 'olivia@acme.test')).body).toMatchObject({
      error: 'NOT_FOUND',
    })
  })
})

describe('deactivation', () => {
  it('frees the slot, so that a fourth machine activates without replacing one; the log says so', async () => {
    const license = demoRefs.licenses.rootQuokka
    const [, middle] = await activeOn(license, ['q-one', 'q-two', 'q-three'])
    const { license_key: licenseKey, owner, key_number, order_id } = await licenseRow(license)
    credentials.set(owner, await signInAs(service, owner))
    const answer = await deactivate(license, middle!, owner)
    expect(answer.body).toEqual({
      deactivateMachine: {
        deactivated: true,
        hostname: 'q-two',
        budget: { limit: DEACTIVATION_BUDGET, used: 1, nextAt: null },
      },
    })

    expect((await call({ activation: { licenseKey, hostname: 'q-four' } })).body).toMatchObject({
      activation: { pending: true },
    })
    const link = await latestLink(service, owner, ACTIVATE)
    const confirmed = await call({ confirmActivation: { passthrough: link.slice(ACTIVATE.length), deactivate: [] } })
    expect(confirmed.body).toEqual({ confirmActivation: { completed: true } })
    expect((await machinesOf(license, owner)).machines.map((m) => m.hostname)).toEqual(['q-one', 'q-three', 'q-four'])

    const entry = await service.db
      .selectFrom('activity_entries')
      .select(['kind', 'actor', 'summary'])
      .where('summary', 'like', 'deactivated%')
      .where('summary', 'like', '%q-two%')
      .executeTakeFirstOrThrow()
    expect(entry).toEqual({
      kind: 'activation',
      actor: owner,
      summary: `deactivated license ${key_number} of order ${order_id} on the machine "q-two"`,
    })
  })

  it('a repeat does nothing twice; the budget refuses past its number, saying when, and frees up 30 days on', async () => {
    const license = demoRefs.licenses.patActivated
    const machines = await activeOn(license, ['b1', 'b2', 'b3', 'b4'])
    const start = clock
    for (const machine of machines.slice(0, DEACTIVATION_BUDGET)) {
      expect((await deactivate(license, machine, 'pat@personal.test')).body).toMatchObject({
        deactivateMachine: { deactivated: true },
      })
      clock += 1000
    }
    const repeat = await deactivate(license, machines[0]!, 'pat@personal.test')
    expect(repeat.body).toMatchObject({
      deactivateMachine: { deactivated: false, hostname: 'b1', budget: { used: DEACTIVATION_BUDGET } },
    })
    const nextAt = start + DEACTIVATION_WINDOW_MS
    expect((await machinesOf(license, 'pat@personal.test')).budget).toEqual({
      limit: DEACTIVATION_BUDGET,
      used: DEACTIVATION_BUDGET,
      nextAt,
    })
    const refused = await deactivate(license, machines[3]!, 'pat@personal.test')
    const day = new Date(nextAt).toISOString().slice(0, 10)
    const [year, month, date] = day.split('-').map(Number)
    const monthName = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString('en-US', {
      month: 'long',
      timeZone: 'UTC',
    })
    expect(refused.body).toEqual({
      error: 'RATE_LIMITED',
      message: `This license's machines were deactivated 3 times in the last 30 days, the most allowed. The next deactivation is possible on ${monthName} ${date}, ${year}.`,
    })
    expect((await machinesOf(license, 'pat@personal.test')).machines.map((m) => m.hostname)).toEqual(['b4'])

    clock = nextAt + 1
    credentials.set('pat@personal.test', await signInAs(service, 'pat@personal.test'))
    expect((await deactivate(license, machines[3]!, 'pat@personal.test')).body).toMatchObject({
      deactivateMachine: { deactivated: true, budget: { used: DEACTIVATION_BUDGET } },
    })
  })

  it('the Too Many Activations flow deactivates the machine chosen without spending the budget', async () => {
    const license = demoRefs.licenses.acmeBundleUnassigned
    const [oldest] = await activeOn(license, ['t1', 't2', 't3'])
    const { license_key: licenseKey } = await licenseRow(license)
    await call({ activation: { licenseKey, hostname: 't4' } })
    const passthrough = (await latestLink(service, 'olivia@acme.test', ACTIVATE)).slice(ACTIVATE.length)
    expect((await call({ confirmActivation: { passthrough, deactivate: [oldest] } })).body).toEqual({
      confirmActivation: { completed: true },
    })
    const seen = await machinesOf(license, 'olivia@acme.test')
    expect(seen.machines.map((m) => m.hostname)).toEqual(['t2', 't3', 't4'])
    expect(seen.machines[2]!.lastSeen).toBe(clock)
    expect(seen.budget.used).toBe(0)
    const row = await service.db
      .selectFrom('activations')
      .select(['status', 'deactivated_by', 'counted'])
      .where('id', '=', oldest!)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'deactivated', deactivated_by: 'olivia@acme.test', counted: 0 })
  })

  it(`holds the budget under concurrent callers: of 6 machines deactivated at once, ${DEACTIVATION_BUDGET} go`, async () => {
    const license = demoRefs.licenses.patActivated
    await service.db.updateTable('activations').set({ counted: 0 }).where('license_id', '=', license).execute()
    const machines = await activeOn(license, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'])
    const answers = await Promise.all(machines.map((machine) => deactivate(license, machine, 'pat@personal.test')))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(DEACTIVATION_BUDGET)
    expect(answers.filter((a) => a.body.error === 'RATE_LIMITED')).toHaveLength(machines.length - DEACTIVATION_BUDGET)
    expect((await machinesOf(license, 'pat@personal.test')).machines).toHaveLength(
      machines.length - DEACTIVATION_BUDGET,
    )
  })
})
