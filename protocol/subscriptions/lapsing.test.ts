import { describe, expect, it } from 'vitest'
import { lapseChoiceProblem, lapsingAfterDecrease, type Seat } from './lapsing.js'

const seat = (id: string, assignedTo = '', key = Number(id.replace(/\D/g, '')), lapsing = false): Seat => ({
  id,
  assignedTo,
  key,
  lapsing,
})

describe('lapseChoiceProblem (spec §5 Quantity)', () => {
  const seats = [
    seat('s1', 'a@x.test'),
    seat('s2', 'b@x.test'),
    seat('s3'),
    seat('s4', 'c@x.test'),
    seat('s5', 'd@x.test', 5, true),
  ]
  it('needs exactly as many as there are assigned, non-lapsing licenses beyond the quantity', () => {
    expect(lapseChoiceProblem(seats, 1, ['s1'])).toEqual({ kind: 'count', required: 2 })
    expect(lapseChoiceProblem(seats, 1, ['s1', 's2'])).toBeUndefined()
    expect(lapseChoiceProblem(seats, 3, [])).toBeUndefined()
    expect(lapseChoiceProblem(seats, 3, ['s1'])).toEqual({ kind: 'count', required: 0 })
  })
  it('refuses an unassigned or already lapsing license, and a license twice', () => {
    expect(lapseChoiceProblem(seats, 1, ['s1', 's3'])).toEqual({ kind: 'ineligible', id: 's3' })
    expect(lapseChoiceProblem(seats, 1, ['s1', 's5'])).toEqual({ kind: 'ineligible', id: 's5' })
    expect(lapseChoiceProblem(seats, 1, ['s1', 's1'])).toEqual({ kind: 'duplicate' })
  })
})

describe('lapsingAfterDecrease (spec §4: licenses beyond the quantity lapse)', () => {
  const renewing = [seat('s1', 'a@x.test'), seat('s2', 'b@x.test'), seat('s3'), seat('s4', 'c@x.test'), seat('s5')]
  it('lapses the chosen licenses, then unassigned ones, highest key first, to reach the quantity', () => {
    expect(lapsingAfterDecrease(renewing, 2, ['s2'])).toEqual(new Set(['s2', 's5', 's3']))
    expect(lapsingAfterDecrease(renewing, 4, [])).toEqual(new Set(['s5']))
    expect(lapsingAfterDecrease(renewing, 3, [])).toEqual(new Set(['s5', 's3']))
  })
  it('after the unassigned ones, assigned licenses with the highest keys', () => {
    expect(lapsingAfterDecrease(renewing, 1, [])).toEqual(new Set(['s5', 's3', 's4', 's2']))
  })
  it('ignores a chosen id that was not renewing, and lapses nothing when the quantity is not below the count', () => {
    expect(lapsingAfterDecrease(renewing, 5, ['zz'])).toEqual(new Set())
    expect(lapsingAfterDecrease(renewing, 6, [])).toEqual(new Set())
  })
})
