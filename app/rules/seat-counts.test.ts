import { describe, expect, it } from 'vitest'
import { companyCounts, companyCountsText, seatCounts, seatsLookup, subscriptionSeatsText } from './seat-counts'
import { DAY, NOW, license, subscription } from '../../tests/support/entities'

const seat = (assignedTo = '', lapsing = false, expiresIn = 100) =>
  license({
    assignedTo,
    lapsing,
    expiration: NOW + expiresIn * DAY,
    subscription: { subscriptionId: 's', state: 'active' },
  })

describe('seatCounts', () => {
  it('counts held, assigned, unused (unassigned and unexpired) and lapsing licenses', () => {
    const licenses = [seat('a@x.test'), seat('b@x.test'), seat(''), seat('c@x.test', true), seat('', false, -1)]
    expect(seatCounts(licenses, NOW)).toEqual({ licenses: 5, assigned: 3, unused: 1, lapsing: 1 })
  })
})

describe('subscriptionSeatsText', () => {
  it('a company subscription with a lapsing seat counts the licenses it holds, not the quantity it renews', () => {
    const s = subscription({
      quantity: 3,
      lapsingQuantity: 1,
      licenses: [seat('a@x.test'), seat('b@x.test'), seat(''), seat('c@x.test', true)],
    })
    // What the card says agrees with Change Quantity: 3 seats renew, the fourth license lapses at the term's end.
    expect(subscriptionSeatsText(seatCounts(s.licenses, NOW), false)).toBe(
      '4 licenses until the term ends, 3 renew and 1 lapses, 3 assigned, 1 unused',
    )
  })
  it('leaves the assignment counts out of a personal subscription', () => {
    expect(subscriptionSeatsText(seatCounts([seat('')], NOW), true)).toBe('1 license')
  })
  it('leaves zero unused and lapsing out', () => {
    expect(subscriptionSeatsText(seatCounts([seat('a@x.test')], NOW), false)).toBe('1 license, 1 assigned')
  })
  it('reads the counts the service answered, whatever licenses the subscription carries', () => {
    const seatsOf = seatsLookup([{ subscriptionId: 'big', licenses: 2000, assigned: 1500, unused: 480, lapsing: 3 }])
    expect(subscriptionSeatsText(seatsOf('big'), false)).toBe(
      '2,000 licenses until the term ends, 1,997 renew and 3 lapse, 1,500 assigned, 480 unused',
    )
    expect(subscriptionSeatsText(seatsOf('unknown'), false)).toBe('0 licenses, 0 assigned')
  })
})

describe('companyCounts', () => {
  it('adds up the unused counts of the subscriptions shown and counts the table unassigned and unexpired', () => {
    const shown = subscription({ subscriptionId: 'shown', licenses: [seat('a@x.test'), seat(''), seat('')] })
    const inactive = subscription({ subscriptionId: 'inactive', state: 'deleted', licenses: [seat('', false, -1)] })
    const seats = [shown, inactive].map((s) => ({ subscriptionId: s.subscriptionId, ...seatCounts(s.licenses, NOW) }))
    const counts = companyCounts([shown, inactive], seatsLookup(seats), { total: 3, unassigned: 1 }, NOW)
    expect(counts).toEqual({ subscriptions: 1, unusedSubscriptionLicenses: 2, licenses: 3, unassigned: 1 })
    expect(companyCountsText(counts)).toBe(
      '1 subscription with 2 unused licenses · 3 licenses with 1 unassigned and unexpired',
    )
  })
  it('never counts nothing: a part without licenses is left out, a zero is said in words', () => {
    const text = (subscriptions: number, unused: number, licenses: number, unassigned: number) =>
      companyCountsText({ subscriptions, unusedSubscriptionLicenses: unused, licenses, unassigned })
    expect(text(1, 5, 0, 0)).toBe('1 subscription with 5 unused licenses')
    expect(text(0, 0, 3, 0)).toBe('3 licenses, all assigned or expired')
    expect(text(2, 0, 1, 1)).toBe('2 subscriptions with no unused licenses · 1 license with 1 unassigned and unexpired')
    expect(text(0, 0, 0, 0)).toBe('No licenses or subscriptions yet.')
  })
})
