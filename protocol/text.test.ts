import { describe, expect, it } from 'vitest'
import { hasLayoutCharacters, oneLine } from './text.js'

describe('text from outside as one line', () => {
  it('turns line breaks, tabs and controls into single spaces', () => {
    expect(oneLine('laptop\r\n\r\nSecurity notice:\tre-confirm')).toBe('laptop Security notice: re-confirm')
    expect(oneLine('a\u2028b\u0000c\u202ed')).toBe('a b c d')
  })

  it('cuts a long value with an ellipsis', () => {
    expect(oneLine('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`)
    expect(oneLine('short', 10)).toBe('short')
  })

  it('tells a value with layout characters from a plain one', () => {
    expect(hasLayoutCharacters('Acme\nCorp')).toBe(true)
    expect(hasLayoutCharacters('Acme Corp')).toBe(false)
  })
})
