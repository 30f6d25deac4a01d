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
    expect(subscriptionSeatsText(seatCounts(s.licenses, NOW), false)).toBe(
      '4 license(s), 3 assigned, 1 unused, 1 lapsing',
    )
  })
  it('leaves the assignment counts out of a personal subscription', () => {
    expect(subscriptionSeatsText(seatCounts([seat('')], NOW), true)).toBe('1 license(s)')
  })
  it('leaves zero unused and lapsing out', () => {
    expect(subscriptionSeatsText(seatCounts([seat('a@x.test')], NOW), false)).toBe('1 license(s), 1 assigned')
  })
  it('reads the counts the service answered, whatever licenses the subscription carries', () => {
    const seatsOf = seatsLookup([{ subscriptionId: 'big', licenses: 2000, assigned: 1500, unused: 480, lapsing: 3 }])
    expect(subscriptionSeatsText(seatsOf('big'), false)).toBe('2000 license(s), 1500 assigned, 480 unused, 3 lapsing')
    expect(subscriptionSeatsText(seatsOf('unknown'), false)).toBe('0 license(s), 0 assigned')
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
      '1 subscription(s) with 2 unused license(s) · 3 license(s) with 1 unassigned and unexpired',
    )
  })
})
