import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { License, Subscription } from '../../protocol/entities.js'
import type { Details } from '../../protocol/operations.js'
import {
  paidUntil,
  subscriptionOperations,
  subscriptionTransition,
} from '../../protocol/subscriptions/subscriptions.js'
import { makeSubscription, type SeatSpec } from '../../tests/support/subscriptions.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

// A windowed retrieveDetails counts each subscription's seats in the store and sends only the licenses that decide its
// state and expiry: the counts, the expiry, the paid term and every state transition agree with a full read, on
// subscriptions of several sizes, states and mixes of seats.

type Service = Awaited<ReturnType<typeof createTestService>>

const OWNER = 'olivia@acme.test'

/** The counts of a subscription's card, from its every license. */
function countsOf(licenses: readonly License[], now: number) {
  const assigned = (l: License) => l.assignedTo.trim() !== ''
  return {
    licenses: licenses.length,
    assigned: licenses.filter(assigned).length,
    unused: licenses.filter((l) => !assigned(l) && l.expiration > now).length,
    lapsing: licenses.filter((l) => l.lapsing).length,
  }
}

function subscriptionsOf(details: Details): Subscription[] {
  return [...details.body.personal.subscriptions, ...details.body.companies.flatMap((c) => c.subscriptions)]
}

describe('the subscriptions of a windowed read', () => {
  let service: Service
  const made: string[] = []
  beforeAll(async () => {
    service = await createTestService()
    const now = Date.now()
    const mixed: SeatSpec[] = [
      { assignedTo: 'ann@acme.test' },
      { assignedTo: 'bob@acme.test', expiresIn: 200 },
      {},
      { expiresIn: -3 },
      { assignedTo: 'cy@acme.test', lapsing: true, expiresIn: 400 },
      { lapsing: true },
      { assignedTo: '  ' },
    ]
    const large: SeatSpec[] = Array.from({ length: 2_000 }, (_, i) =>
      i % 3 === 0 ? { assignedTo: `user${i}@acme.test` } : i % 7 === 0 ? { expiresIn: -1 } : {},
    )
    const specs = [
      { seats: [{}] },
      { seats: mixed, billingPeriod: 'month' as const },
      { seats: large },
      { state: 'deleted' as const, expiresIn: -5, quantity: 3 },
      { state: 'paused' as const, expiresIn: -1, quantity: 2, billingPeriod: 'month' as const },
      { state: 'paused' as const, seats: [{ expiresIn: 30 }, { lapsing: true, expiresIn: 90 }] },
      {
        seats: [
          { lapsing: true, expiresIn: 10 },
          { lapsing: true, expiresIn: 50 },
        ],
      },
      { companyId: null, owner: OWNER, seats: [{}, { expiresIn: 400 }] },
    ]
    for (const spec of specs) made.push((await makeSubscription(service.db, { now, ...spec })).id)
  }, 120_000)
  afterAll(async () => {
    await service.close()
  })

  async function read(credential: string, windowed: boolean): Promise<Details> {
    const answer = await service.call({ retrieveDetails: windowed ? { windows: [] } : {} }, credential)
    expect(answer.status).toBe(200)
    return (answer.body as { retrieveDetails: Details }).retrieveDetails
  }

  it('counts every subscription as its licenses do, and sends at most three of them', async () => {
    const credential = await signInAs(service, OWNER)
    const full = await read(credential, false)
    const windowed = await read(credential, true)
    const now = Date.now()
    const fullSubscriptions = subscriptionsOf(full)
    for (const id of made) expect(fullSubscriptions.map((s) => s.subscriptionId)).toContain(id)
    const answered = new Map(windowed.windowed!.subscriptions.map((s) => [s.subscriptionId, s]))
    const sent = new Map(subscriptionsOf(windowed).map((s) => [s.subscriptionId, s]))
    expect([...answered.keys()].sort()).toEqual(fullSubscriptions.map((s) => s.subscriptionId).sort())

    for (const whole of fullSubscriptions) {
      const id = whole.subscriptionId
      const { subscriptionId: _id, ...counts } = answered.get(id)!
      expect(counts, id).toEqual(countsOf(whole.licenses, now))
      const light = sent.get(id)!
      expect(light.licenses.length, id).toBeLessThanOrEqual(3)
      expect(light.licenses.length, id).toBe(Math.min(light.licenses.length, whole.licenses.length))
      for (const l of light.licenses) expect(whole.licenses, id).toContainEqual(l)
      // The spec's expiry (the first license), the paid term and the rest of the subscription are the full read's.
      expect(light.licenses[0]?.expiration, id).toBe(whole.licenses[0]?.expiration)
      expect(paidUntil(light), id).toBe(paidUntil(whole))
      expect({ ...light, licenses: [] }, id).toEqual({ ...whole, licenses: [] })
      for (const operation of subscriptionOperations)
        for (const at of [now, now + 100 * 86_400_000])
          expect(subscriptionTransition(operation, light, at), `${id} ${operation}`).toEqual(
            subscriptionTransition(operation, whole, at),
          )
    }
    const big = answered.get(made[2])!
    expect(big.licenses).toBe(2_000)
    expect(JSON.stringify(windowed).length).toBeLessThan(JSON.stringify(full).length / 10)
  })

  it('answers a reseller the seats of the subscriptions of the companies it serves', async () => {
    const credential = await signInAs(service, 'rita@reseller.test')
    const windowed = await read(credential, true)
    const full = await read(credential, false)
    const now = Date.now()
    expect(subscriptionsOf(full).length).toBeGreaterThan(0)
    for (const s of subscriptionsOf(full)) {
      const fact = windowed.windowed!.subscriptions.find((f) => f.subscriptionId === s.subscriptionId)
      expect(fact, s.subscriptionId).toEqual({ subscriptionId: s.subscriptionId, ...countsOf(s.licenses, now) })
    }
  })
})
