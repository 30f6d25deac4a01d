import { describe, expect, it } from 'vitest'
import { bareRecord, isOwnKey, ownValue } from './own'

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'toString', 'isPrototypeOf']

describe('own-property lookups', () => {
  const table: Record<string, number> = { one: 1, two: 2 }

  it('finds the own entries', () => {
    expect(ownValue(table, 'one')).toBe(1)
    expect(isOwnKey(table, 'two')).toBe(true)
  })

  it.each(PROTOTYPE_NAMES)('never reaches Object.prototype for %s', (name) => {
    expect(ownValue(table, name)).toBeUndefined()
    expect(isOwnKey(table, name)).toBe(false)
  })

  it('a bare record takes __proto__ as a plain key and has no inherited members', () => {
    const record = bareRecord<string>()
    record['__proto__'] = 'x'
    expect(Object.getPrototypeOf(record)).toBeNull()
    expect(record['__proto__']).toBe('x')
    expect(ownValue(record, 'constructor')).toBeUndefined()
  })
})
