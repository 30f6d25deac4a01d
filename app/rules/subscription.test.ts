import { describe, expect, it } from 'vitest'
import type { License } from '#protocol/entities'
import {
  autoRenews,
  hasInactive,
  isInactive,
  needsAnnualOrLongTerm,
  planQuantityChange,
  planSubscriptionAssignment,
  sortSubscriptions,
  subscriptionAssignees,
  subscriptionExpiry,
  visibleSubscriptions,
} from './subscription'
import { lapseRequirement, lapseRequirementFor, quantityLapseMessage } from '#protocol/subscriptions/subscriptions'
import { clampQuantity } from '#protocol/subscriptions/quantity'
import { DAY, NOW, license, subscription } from '../../tests/support/entities'

const ref = { subscriptionId: 'sub-x', state: 'active' }
const seat = (assignedTo: string, lapsing = false, overrides: Partial<License> = {}) =>
  license({ assignedTo, lapsing, subscription: ref, billingPeriod: 'year', ...overrides })
const expiring = (expiration: number) => [license({ expiration })]

describe('subscriptionExpiry', () => {
  it('is the first license’s expiration', () => {
    expect(
      subscriptionExpiry(subscription({ licenses: [license({ expiration: 5 }), license({ expiration: 9 })] })),
    ).toBe(5)
    expect(subscriptionExpiry(subscription({ licenses: [] }))).toBeUndefined()
  })
})

describe('sortSubscriptions (§4)', () => {
  it('paused and pastDue first, deleted last, then later expiry first, then subscription id', () => {
    const active = subscription({ subscriptionId: 'a', state: 'active', licenses: expiring(NOW + 10 * DAY) })
    const deleted = subscription({ subscriptionId: 'b', state: 'deleted', licenses: expiring(NOW + 99 * DAY) })
    const paused = subscription({ subscriptionId: 'c', state: 'paused', licenses: expiring(NOW + DAY) })
    const pastDue = subscription({ subscriptionId: 'd', state: 'pastDue', licenses: expiring(NOW + 2 * DAY) })
    const activeLater = subscription({ subscriptionId: 'e', state: 'active', licenses: expiring(NOW + 20 * DAY) })
    const activeSameExpiry = subscription({ subscriptionId: '0', state: 'active', licenses: expiring(NOW + 20 * DAY) })
    expect(sortSubscriptions([active, deleted, paused, pastDue, activeLater, activeSameExpiry])).toEqual([
      pastDue,
      paused,
      activeSameExpiry,
      activeLater,
      active,
      deleted,
    ])
  })
  it('puts a subscription without licenses after those with an expiry', () => {
    const none = subscription({ subscriptionId: 'a', licenses: [] })
    const some = subscription({ subscriptionId: 'b', licenses: expiring(NOW) })
    expect(sortSubscriptions([none, some])).toEqual([some, none])
  })
})

describe('inactive subscriptions (§4)', () => {
  const expiredDeleted = subscription({ state: 'deleted', licenses: expiring(NOW - DAY) })
  const runningDeleted = subscription({ state: 'deleted', licenses: expiring(NOW + DAY) })
  const expiredActive = subscription({ state: 'active', licenses: expiring(NOW - DAY) })
  it('a deleted subscription is inactive once its expiry has passed', () => {
    expect(isInactive(expiredDeleted, NOW)).toBe(true)
    expect(isInactive(runningDeleted, NOW)).toBe(false)
    expect(isInactive(expiredActive, NOW)).toBe(false)
    expect(isInactive(subscription({ state: 'deleted', licenses: [] }), NOW)).toBe(true)
  })
  it('inactive ones are hidden unless asked for; the result is in display order', () => {
    expect(visibleSubscriptions([expiredDeleted, runningDeleted, expiredActive], false, NOW)).toEqual([
      expiredActive,
      runningDeleted,
    ])
    expect(visibleSubscriptions([expiredDeleted, runningDeleted, expiredActive], true, NOW)).toEqual([
      expiredActive,
      runningDeleted,
      expiredDeleted,
    ])
  })
  it('hasInactive tells whether the notice applies', () => {
    expect(hasInactive([runningDeleted, expiredDeleted], NOW)).toBe(true)
    expect(hasInactive([runningDeleted, expiredActive], NOW)).toBe(false)
  })
})

describe('autoRenews (§4)', () => {
  const nextPayment = { date: NOW + DAY, currency: 'USD', amount: 116 }
  it('only an active subscription with a next payment renews', () => {
    expect(autoRenews(subscription({ state: 'active', nextPayment }))).toBe(true)
    expect(autoRenews(subscription({ state: 'active' }))).toBe(false)
    expect(autoRenews(subscription({ state: 'paused', nextPayment }))).toBe(false)
    expect(autoRenews(subscription({ state: 'pastDue', nextPayment }))).toBe(false)
  })
})

describe('needsAnnualOrLongTerm (§5)', () => {
  it('holds for an annual period or more than 90 days to expiry', () => {
    expect(needsAnnualOrLongTerm(subscription({ billingPeriod: 'year', licenses: expiring(NOW + DAY) }), NOW)).toBe(
      true,
    )
    expect(
      needsAnnualOrLongTerm(subscription({ billingPeriod: 'month', licenses: expiring(NOW + 30 * DAY) }), NOW),
    ).toBe(false)
    expect(
      needsAnnualOrLongTerm(subscription({ billingPeriod: 'month', licenses: expiring(NOW + 91 * DAY) }), NOW),
    ).toBe(true)
    expect(needsAnnualOrLongTerm(subscription({ billingPeriod: 'month', licenses: [] }), NOW)).toBe(false)
  })
})

describe('clampQuantity (§5: integer clamped to 1..100)', () => {
  it.each([
    [0, 1],
    [-5, 1],
    [1, 1],
    [50, 50],
    [100, 100],
    [101, 100],
    [2.7, 2],
    [NaN, 1],
    [Infinity, 100],
    ['7', 7],
    [' 12 ', 12],
    ['abc', 1],
    ['', 1],
    [null, 1],
    [undefined, 1],
  ] as const)('%j → %i', (input, expected) => {
    expect(clampQuantity(input)).toBe(expected)
  })
})

describe('quantity and lapsing (§5)', () => {
  it('lapseRequirement is the number of assignees beyond the new quantity', () => {
    expect(lapseRequirement({ assignedCount: 5, newQuantity: 3 })).toBe(2)
    expect(lapseRequirement({ assignedCount: 3, newQuantity: 3 })).toBe(0)
    expect(lapseRequirement({ assignedCount: 2, newQuantity: 5 })).toBe(0)
  })
  it('lapseRequirementFor counts assigned licenses that are not lapsing yet', () => {
    const s = subscription({ licenses: [seat('a@x.test'), seat('b@x.test'), seat(''), seat('c@x.test', true)] })
    expect(lapseRequirementFor(s, 1)).toBe(1)
    expect(lapseRequirementFor(s, 2)).toBe(0)
  })
  it('the message names the number', () => {
    expect(quantityLapseMessage(2)).toBe('2 distinct email addresses must be specified to Continue.')
  })

  describe('planQuantityChange', () => {
    const a = seat('a@x.test')
    const b = seat('b@x.test')
    const c = seat('c@x.test')
    const s = subscription({ licenses: [a, b, c, seat('')] })
    it('turns exactly the required distinct assignees into licensesToLapse', () => {
      expect(planQuantityChange(s, 1, ['A@x.test', 'c@x.test'])).toEqual({
        quantity: 1,
        licensesToLapse: [
          { owner: a.owner, id: a.id },
          { owner: c.owner, id: c.id },
        ],
      })
    })
    it('too few, too many or repeated addresses give the message', () => {
      const error = { error: '2 distinct email addresses must be specified to Continue.' }
      expect(planQuantityChange(s, 1, ['a@x.test'])).toEqual(error)
      expect(planQuantityChange(s, 1, ['a@x.test', 'b@x.test', 'c@x.test'])).toEqual(error)
      expect(planQuantityChange(s, 1, ['a@x.test', 'A@X.TEST'])).toEqual(error)
    })
    it('addresses that hold no license of the subscription do not count', () => {
      expect(planQuantityChange(s, 1, ['a@x.test', 'zed@x.test'])).toEqual({
        error: '2 distinct email addresses must be specified to Continue.',
      })
    })
    it('nothing to choose when the new quantity covers the assignees; the quantity is clamped', () => {
      expect(planQuantityChange(s, 500, ['a@x.test'])).toEqual({ quantity: 100, licensesToLapse: [] })
    })
  })
})

describe('planSubscriptionAssignment (§5)', () => {
  // Three non-lapsing licenses (a, b, free) and two lapsing ones (l, free).
  const a = seat('a@x.test')
  const b = seat('b@x.test')
  const free = seat('')
  const l = seat('l@x.test', true)
  const freeLapsing = seat('', true)
  const licenses = [a, b, free, l, freeLapsing]
  const plan = (text: string, lapsingText?: string) =>
    planSubscriptionAssignment({ licenses, text, lapsingText, now: NOW })

  describe('errors', () => {
    it('invalid address', () => {
      // The spec's words, then the lines and entries at fault, so that a list of 200 says which to fix.
      expect(plan('a@x.test\nnot-an-email')).toEqual({
        error: 'Error: one or more email addresses are invalid. Line 2: "not-an-email".',
      })
      expect(plan('a@x.test', 'l@x')).toEqual({
        error: 'Error: one or more email addresses are invalid. Lapsing line 1: "l@x".',
      })
    })
    it('an address both lapsing and non-lapsing', () => {
      expect(plan('a@x.test, l@x.test', 'L@X.TEST')).toEqual({
        error:
          'Error: email address must not exist as both lapsing and non-lapsing assignment. In both lists: l@x.test.',
      })
    })
    it('more addresses than licenses', () => {
      expect(plan('c@x.test;d@x.test;e@x.test;f@x.test;g@x.test;h@x.test')).toEqual({
        error: 'Error: not enough licenses available. Asked for 6, 5 available.',
      })
    })
    it('more new non-lapsing assignees than free non-lapsing licenses', () => {
      // a and b keep theirs, l is released (2 lapsing free), but c and d need non-lapsing licenses (1 free).
      expect(plan('a@x.test\nb@x.test\nc@x.test\nd@x.test')).toEqual({
        error: 'Error: not enough non-lapsing licenses available. Asked for 2, 1 available.',
      })
    })
    it('more lapsing assignees than lapsing licenses', () => {
      expect(plan('a@x.test', 'l@x.test\nm@x.test\nn@x.test')).toEqual({
        error: 'Error: not enough lapsing licenses available. Asked for 2, 1 available.',
      })
    })
  })

  describe('summaries', () => {
    it('no changes when the list names the current holders (any case, any separator, repeated)', () => {
      expect(plan('A@x.test, b@x.test;\nl@x.test\n\nb@X.test')).toEqual({
        summary: 'No changes will be made.',
        toAssign: [],
        toUnassign: [],
        changes: [],
        readOnly: false,
      })
    })
    it('only assigned: a newcomer gets the free non-lapsing license', () => {
      expect(plan('a@x.test,b@x.test,l@x.test,c@x.test')).toEqual({
        summary: '1 license will be assigned.',
        toAssign: [{ licenseId: free.id, email: 'c@x.test' }],
        toUnassign: [],
        changes: [{ id: free.id, owner: free.owner, assignedTo: 'c@x.test' }],
        readOnly: false,
      })
    })
    it('only unassigned: holders missing from the list lose their license', () => {
      const result = plan('a@x.test')
      expect(result).toMatchObject({
        summary: '2 licenses will be unassigned.',
        toAssign: [],
        toUnassign: [b.id, l.id],
      })
    })
    it('both: newcomers take the free license first, then released ones', () => {
      const result = plan('a@x.test\nl@x.test\nc@x.test\nd@x.test')
      expect(result).toEqual({
        summary: '1 license will be unassigned and 2 licenses will be assigned.',
        toAssign: [
          { licenseId: free.id, email: 'c@x.test' },
          { licenseId: b.id, email: 'd@x.test' },
        ],
        toUnassign: [b.id],
        changes: [
          { id: b.id, owner: b.owner, assignedTo: 'd@x.test' },
          { id: free.id, owner: free.owner, assignedTo: 'c@x.test' },
        ],
        readOnly: false,
      })
    })
    it('with a lapsing list, moving an address to a lapsing license unassigns and assigns', () => {
      expect(plan('b@x.test', 'a@x.test\nl@x.test')).toMatchObject({
        summary: '1 license will be unassigned and 1 license will be assigned.',
        toAssign: [{ licenseId: freeLapsing.id, email: 'a@x.test' }],
        toUnassign: [a.id],
      })
    })
    it('with one list, a new address is never given a lapsing license', () => {
      // l released: a lapsing license is free, but only the non-lapsing pool serves newcomers.
      expect(plan('a@x.test\nb@x.test\nc@x.test')).toMatchObject({
        toAssign: [{ licenseId: free.id, email: 'c@x.test' }],
        toUnassign: [l.id],
      })
    })
  })

  describe('read-only', () => {
    it('when every license has expired', () => {
      const expired = licenses.map((x) => ({ ...x, expiration: NOW - DAY }))
      expect(planSubscriptionAssignment({ licenses: expired, text: 'a@x.test', now: NOW })).toMatchObject({
        readOnly: true,
      })
    })
    it('when the caller says so', () => {
      expect(planSubscriptionAssignment({ licenses, text: 'a@x.test', now: NOW, readOnly: true })).toMatchObject({
        readOnly: true,
      })
    })
  })

  it('subscriptionAssignees gives the current holders as starting text', () => {
    expect(subscriptionAssignees(licenses)).toEqual({ text: 'a@x.test\nb@x.test', lapsingText: 'l@x.test' })
  })
})
