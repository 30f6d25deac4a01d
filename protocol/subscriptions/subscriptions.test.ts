import { describe, expect, it } from 'vitest'
import type { License } from '../entities.js'
import {
  UPGRADE_IN_PROGRESS,
  paidUntil,
  planSeats,
  subscriptionPermitted,
  subscriptionRefusals,
  subscriptionTransition,
  termHasEnded,
  type SubscriptionFacts,
  subscriptionOperations,
  type SubscriptionOperation,
} from './subscriptions.js'

import { DAY, NOW, license as fixtureLicense } from '../../tests/support/entities.js'

/** A license of a subscription paid for 120 more days. */
const license = (overrides: Partial<License> = {}): License =>
  fixtureLicense({ owner: 'acme', expiration: NOW + 120 * DAY, ...overrides })

const payment = { date: NOW + 120 * DAY, currency: 'USD', amount: 24.2 }
const offer = { message: 'Extend', currency: 'USD', priceGross: 92.8, country: 'US' }

function facts(overrides: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return {
    state: 'active',
    nextPayment: payment,
    billingPeriod: 'month',
    licenses: [license()],
    specialOffer: offer,
    ...overrides,
  }
}

const running = [license()]
const ended = [license({ expiration: NOW - DAY })]

describe('subscriptionTransition (spec §4)', () => {
  const cases: Array<[string, SubscriptionFacts, Partial<Record<SubscriptionOperation, string>>]> = [
    [
      'active, renewing',
      facts(),
      {
        cancel: 'deleted',
        pause: 'paused',
        quantity: 'active',
        upgrade: 'active',
        specialOffer: 'active',
        assign: 'active',
      },
    ],
    [
      'active, not renewing',
      facts({ nextPayment: undefined }),
      { cancel: 'deleted', quantity: 'active', upgrade: 'active', specialOffer: 'active', assign: 'active' },
    ],
    [
      'paused, running',
      facts({ state: 'paused', nextPayment: undefined }),
      { cancel: 'deleted', resume: 'active', assign: 'paused' },
    ],
    [
      'paused, ended',
      facts({ state: 'paused', nextPayment: undefined, licenses: ended }),
      { cancel: 'deleted', restart: 'active' },
    ],
    ['pastDue', facts({ state: 'pastDue' }), { cancel: 'deleted', pause: 'paused', assign: 'pastDue' }],
    ['deleted, running', facts({ state: 'deleted', nextPayment: undefined, licenses: running }), { assign: 'deleted' }],
    ['deleted, expired', facts({ state: 'deleted', nextPayment: undefined, licenses: ended }), {}],
    ['upgrade pending', facts({ pendingChange: UPGRADE_IN_PROGRESS }), { cancel: 'deleted', assign: 'active' }],
  ]
  for (const [name, subscription, allowed] of cases) {
    it(`from "${name}"`, () => {
      for (const op of subscriptionOperations) {
        const t = subscriptionTransition(op, subscription, NOW)
        if (allowed[op]) expect(t, op).toEqual({ allowed: true, to: allowed[op] })
        else {
          expect(t.allowed, op).toBe(false)
          if (!t.allowed) expect(t.reason, op).toMatch(/\.$/)
        }
      }
    })
  }

  it('gives the reason that fits the refusal', () => {
    const reason = (op: SubscriptionOperation, f: SubscriptionFacts) => {
      const t = subscriptionTransition(op, f, NOW)
      return t.allowed ? undefined : t.reason
    }
    expect(reason('cancel', facts({ state: 'deleted' }))).toBe(subscriptionRefusals.alreadyCancelled)
    expect(reason('quantity', facts({ state: 'deleted' }))).toBe(subscriptionRefusals.cancelled)
    expect(reason('quantity', facts({ state: 'pastDue' }))).toBe(subscriptionRefusals.pastDue)
    expect(reason('upgrade', facts({ state: 'paused' }))).toBe(subscriptionRefusals.paused)
    expect(reason('pause', facts({ nextPayment: undefined }))).toBe(subscriptionRefusals.notRenewing)
    expect(reason('pause', facts({ state: 'paused' }))).toBe(subscriptionRefusals.alreadyPaused)
    expect(reason('resume', facts({ state: 'paused', licenses: ended }))).toBe(subscriptionRefusals.resumeAfterTerm)
    expect(reason('restart', facts({ state: 'paused' }))).toBe(subscriptionRefusals.restartBeforeTerm)
    expect(reason('resume', facts())).toBe(subscriptionRefusals.onlyPausedResume)
    expect(reason('restart', facts())).toBe(subscriptionRefusals.onlyPausedRestart)
    expect(reason('specialOffer', facts({ specialOffer: undefined }))).toBe(subscriptionRefusals.noOffer)
    expect(reason('assign', facts({ licenses: [] }))).toBe(subscriptionRefusals.allExpired)
    expect(reason('specialOffer', facts({ pendingChange: 'x' }))).toBe(subscriptionRefusals.pending)
  })

  it('upgrade: monthly with more than 90 days to expiry (spec §5); not annual, not 90 days or less', () => {
    const upgrade = (f: SubscriptionFacts) => subscriptionTransition('upgrade', f, NOW)
    expect(upgrade(facts({ licenses: [license({ expiration: NOW + 91 * DAY })] })).allowed).toBe(true)
    expect(upgrade(facts({ licenses: [license({ expiration: NOW + 90 * DAY })] }))).toEqual({
      allowed: false,
      reason: subscriptionRefusals.upgradeTooShort,
    })
    expect(upgrade(facts({ billingPeriod: 'year' }))).toEqual({
      allowed: false,
      reason: subscriptionRefusals.alreadyAnnual,
    })
  })
})

describe('paidUntil / termHasEnded', () => {
  it('is the latest expiry among the renewing licenses, whatever their order', () => {
    const a = license({ expiration: NOW + 10 * DAY })
    const b = license({ expiration: NOW + 30 * DAY })
    const lapsingLater = license({ expiration: NOW + 60 * DAY, lapsing: true })
    expect(paidUntil({ licenses: [a, b, lapsingLater] })).toBe(NOW + 30 * DAY)
    expect(paidUntil({ licenses: [b, a] })).toBe(NOW + 30 * DAY)
    expect(paidUntil({ licenses: [lapsingLater] })).toBe(NOW + 60 * DAY)
    expect(paidUntil({ licenses: [] })).toBeUndefined()
    expect(termHasEnded({ licenses: [] }, NOW)).toBe(true)
    expect(termHasEnded({ licenses: [license({ expiration: NOW })] }, NOW)).toBe(true)
    expect(termHasEnded({ licenses: [license({ expiration: NOW + 1 })] }, NOW)).toBe(false)
  })
})

describe('planSeats (the service’s subscription assignment)', () => {
  it('keeps holders, releases leavers, and hands free licenses to newcomers, unassigned ones first', () => {
    const kept = license({ assignedTo: 'keep@x.test' })
    const leaver = license({ assignedTo: 'leave@x.test' })
    const free = license()
    const plan = planSeats([kept, leaver, free], ['keep@x.test', 'one@x.test', 'two@x.test'])
    if ('error' in plan) throw new Error(plan.error)
    expect(plan.released.map((l) => l.id)).toEqual([leaver.id])
    expect(plan.assignments.map((a) => [a.license.id, a.email])).toEqual([
      [free.id, 'one@x.test'],
      [leaver.id, 'two@x.test'],
    ])
    expect(plan.changes).toEqual([
      { id: leaver.id, owner: 'acme', assignedTo: 'two@x.test' },
      { id: free.id, owner: 'acme', assignedTo: 'one@x.test' },
    ])
  })

  it('a new address never gets a lapsing license unless asked for in the lapsing list', () => {
    const lapsing = license({ lapsing: true })
    expect(planSeats([lapsing], ['new@x.test'])).toEqual({
      error: 'Error: not enough non-lapsing licenses available. Asked for 1, 0 available.',
    })
    const plan = planSeats([lapsing], [], ['new@x.test'])
    expect('error' in plan ? plan.error : plan.changes).toEqual([
      { id: lapsing.id, owner: 'acme', assignedTo: 'new@x.test' },
    ])
  })
})

describe('subscriptionPermitted (spec §6)', () => {
  const none = { canAssign: false, canAddUsers: false, canRenew: false, canViewReceipt: false, canAddResellers: false }
  it('asks the company flag of each need', () => {
    expect(subscriptionPermitted({ ...none, canRenew: true }, 'billing')).toBe(true)
    expect(subscriptionPermitted({ ...none, canRenew: true }, 'assign')).toBe(false)
    expect(subscriptionPermitted({ ...none, canAssign: true }, 'assign')).toBe(true)
    expect(subscriptionPermitted({ ...none, canViewReceipt: true }, 'receipts')).toBe(true)
    expect(subscriptionPermitted(none, 'receipts')).toBe(false)
  })
  it('lets the owner of a personal subscription do all but assign', () => {
    expect(subscriptionPermitted(undefined, 'billing')).toBe(true)
    expect(subscriptionPermitted(undefined, 'receipts')).toBe(true)
    expect(subscriptionPermitted(undefined, 'assign')).toBe(false)
  })
})
