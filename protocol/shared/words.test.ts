import { describe, expect, it } from 'vitest'
import { countOf, plural } from './words.js'

describe('counts in words', () => {
  it('takes the singular for one and the plural for every other count', () => {
    expect(plural(1, 'license')).toBe('license')
    expect(plural(0, 'license')).toBe('licenses')
    expect(plural(2, 'month')).toBe('months')
    expect(plural(3, 'company', 'companies')).toBe('companies')
  })

  it('writes the count with thousands separators', () => {
    expect(countOf(1, 'license')).toBe('1 license')
    expect(countOf(1200, 'license')).toBe('1,200 licenses')
    expect(countOf(2, 'address', 'addresses')).toBe('2 addresses')
  })
})
