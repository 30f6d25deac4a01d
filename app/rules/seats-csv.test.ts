import { describe, expect, it } from 'vitest'
import { planSeatImport, seatRows } from './seats-csv'
import { license, NOW } from '../../tests/support/entities'

const a = license({ order: '2000', key: 1, assignedTo: 'a@acme.test' })
const b = license({ order: '2000', key: 2 })
const enterprise = license({ order: '2001', key: 1, productName: 'Wallaby.js enterprise company license' })
const seat = license({
  order: '2002',
  key: 1,
  subscription: { subscriptionId: 'sub-1', state: 'active' },
  billingPeriod: 'year',
})
const licenses = [a, b, enterprise, seat]

describe('planSeatImport', () => {
  it('reads rows without a header as order,key,email; an empty email unassigns', () => {
    const plan = planSeatImport(
      [
        ['2000', '1', ''],
        ['2000', '2', 'B@Acme.test'],
      ],
      licenses,
      NOW,
    )
    expect(plan.errors).toEqual([])
    expect(plan.summary).toBe('1 license(s) will be unassigned and 1 license(s) will be assigned.')
    expect(plan.changes.map((c) => c.words)).toEqual([
      'unassign license 1 of order 2000 from a@acme.test',
      'assign license 2 of order 2000 to b@acme.test',
    ])
  })

  it('names a license given twice, one that cannot be assigned, and a subscription seat', () => {
    const plan = planSeatImport(
      [
        ['2000', '2', 'x@acme.test'],
        ['2000', '2', 'y@acme.test'],
        ['2001', '1', 'z@acme.test'],
        ['2002', '1', 'w@acme.test'],
      ],
      licenses,
      NOW,
    )
    expect(plan.errors).toEqual([
      'Row 2: license 2 of order 2000 is also in row 1.',
      'Row 3: license 1 of order 2001: Cannot assign this license type',
      "Row 4: license 1 of order 2002 belongs to subscription sub-1; assign it with the subscription's Assign.",
    ])
  })

  it('reads the export back as no change', () => {
    const rows = seatRows(licenses)
    const plan = planSeatImport(
      [['Product', 'Order', 'Key', 'Assigned to', 'Expiry', 'Subscription'], ...rows],
      licenses,
      NOW,
    )
    expect(plan).toMatchObject({ errors: [], changes: [], summary: 'No changes will be made.' })
  })

  it('reads a protected formula cell back as its text', () => {
    const plan = planSeatImport([["'=2000", '2', 'c@acme.test']], licenses, NOW)
    expect(plan.errors).toEqual(['Row 1: unknown order/key =2000/2.'])
  })
})
