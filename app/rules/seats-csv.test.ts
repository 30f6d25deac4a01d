import { describe, expect, it } from 'vitest'
import { planSeatImport, seatRows, type SeatRecord } from './seats-csv'
import { license, NOW } from '../../tests/support/entities'
import { displayName } from '#protocol/catalog/products'

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

/** Records as the reader gives them, one a line from line 1. */
const lines = (...rows: string[][]): SeatRecord[] => rows.map((cells, i) => ({ line: i + 1, cells }))

describe('planSeatImport', () => {
  it('reads rows without a header as order,key,email; an empty email unassigns', () => {
    const plan = planSeatImport(lines(['2000', '1', ''], ['2000', '2', 'B@Acme.test']), licenses, NOW)
    expect(plan.errors).toEqual([])
    expect(plan.summary).toBe('1 license will be unassigned and 1 license will be assigned.')
    expect(plan.changes.map((c) => c.words)).toEqual([
      'unassign license 1 of order 2000 from a@acme.test',
      'assign license 2 of order 2000 to b@acme.test',
    ])
  })

  it('names a license given twice, one that cannot be assigned, and a subscription seat', () => {
    const plan = planSeatImport(
      lines(
        ['2000', '2', 'x@acme.test'],
        ['2000', '2', 'y@acme.test'],
        ['2001', '1', 'z@acme.test'],
        ['2002', '1', 'w@acme.test'],
      ),
      licenses,
      NOW,
    )
    expect(plan.errors).toEqual([
      'Line 2: license 2 of order 2000 is also on line 1.',
      'Line 3: license 1 of order 2001: Cannot assign this license type',
      "Line 4: license 1 of order 2002 belongs to subscription sub-1; assign it with the subscription's Assign.",
    ])
  })

  it('reads the export back as no change', () => {
    const rows = seatRows(licenses)
    const plan = planSeatImport(
      lines(['Product', 'Order', 'Key', 'Assigned to', 'Expiry', 'Subscription'], ...rows),
      licenses,
      NOW,
    )
    expect(plan).toMatchObject({ errors: [], changes: [], summary: 'No changes will be made.' })
  })

  it('reads a protected formula cell back as its text', () => {
    const plan = planSeatImport(lines(["'=2000", '2', 'c@acme.test']), licenses, NOW)
    expect(plan.errors).toEqual(['Line 1: this company has no license with order "=2000" and key "2".'])
  })

  it('names the line of the file each record starts on, and the value at fault, never the whole line', () => {
    const plan = planSeatImport(
      [
        { line: 1, cells: ['order', 'key', 'email'] },
        { line: 4, cells: ['2000', '2', 'not an email'] },
        { line: 7, cells: ['2000', '', 'c@acme.test'] },
        { line: 9, cells: ['', '2', 'c@acme.test'] },
        { line: 12, cells: ['2000', '2', 'line\nbreak@acme.test'] },
      ],
      licenses,
      NOW,
    )
    expect(plan.errors).toEqual([
      'Line 4: "not an email" in the "email" column is not a valid email address.',
      'Line 7: order "2000" has no key: give the number of the license in the order.',
      'Line 9: key "2" has no order: give the order the license belongs to.',
      'Line 12: "line break@acme.test" in the "email" column is not a valid email address.',
    ])
  })

  it('the first row decides the format; a row of the other shape is named in its terms, never as a bad address', () => {
    const productFirst = planSeatImport(
      lines(['Wallaby.js', 'x@acme.test'], ['2000', '8', 'y@acme.test'], ['', 'z@acme.test']),
      licenses,
      NOW,
    )
    expect(productFirst.errors).toEqual([
      'Line 2: it has 3 cells, but the first row made this file product,email. Write the row as product,email, or import order,key,email rows in a file of their own.',
      'Line 3: the first cell (product) is empty: name the product as the license table does.',
    ])
    const orderFirst = planSeatImport(
      lines(['2000', '2', 'b@acme.test'], ['Wallaby.js', 'x@acme.test'], ['2000', '1'], ['2000', 'two', 'c@acme.test']),
      licenses,
      NOW,
    )
    expect(orderFirst.errors).toEqual([
      'Line 2: it has 2 cells, but the first row made this file order,key,email. Write the row as order,key,email, or import product,email rows in a file of their own.',
      'Line 4: "two" in the second cell (key) is not a key: give the license\'s number in its order.',
    ])
    expect(planSeatImport(lines(['2000', '1', 'bad']), licenses, NOW).errors).toEqual([
      'Line 1: "bad" in the third cell (email) is not a valid email address.',
    ])
    expect(planSeatImport(lines(['a@acme.test'], ['b@acme.test']), licenses, NOW).errors).toEqual([
      'Line 1: it has 1 cell, so it sets no format. The first row decides how every row is read: a header row naming its columns (as Export CSV writes), or, without a header, three cells (order,key,email) or two (product,email).',
    ])
  })

  it('an unknown product names the products the company has, as the table names them', () => {
    const plan = planSeatImport(lines(['product', 'email'], ['quokka', 'q@acme.test']), licenses, NOW)
    expect(plan.errors).toEqual([
      `Line 2: this company has no licenses of the product "quokka". Name one of: ${[
        ...new Set(licenses.map((l) => displayName(l))),
      ]
        .sort()
        .join(', ')}.`,
    ])
  })

  it('too few free licenses: the numbers asked for and free', () => {
    const plan = planSeatImport(
      lines(
        ['product', 'email'],
        ['Wallaby.js', 'x@acme.test'],
        ['Wallaby.js', 'y@acme.test'],
        ['Wallaby.js', 'z@acme.test'],
      ),
      licenses,
      NOW,
    )
    // b is the one free Wallaby.js license (a is held, the enterprise one cannot be assigned, the seat is a subscription's).
    expect(plan.errors).toEqual([
      'Line 3: Error: not enough unexpired licenses available. The file asks for 3 free licenses of Wallaby.js; 1 is free.',
      'Line 4: Error: not enough unexpired licenses available. The file asks for 3 free licenses of Wallaby.js; 1 is free.',
    ])
  })
})
