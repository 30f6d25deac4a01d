import { describe, expect, it } from 'vitest'
import { hasLayoutCharacters, labelled, lineOfText, notOneLine, oneLine, quoted, typedLine } from './text.js'

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

describe('text from outside among the vendor’s words', () => {
  it('is quoted on one line, and its own quotes cannot close the quotes', () => {
    expect(quoted('Acme\n\nSecurity notice: "re-confirm"')).toBe(`"Acme Security notice: 're-confirm'"`)
  })

  it('carries no link: a scheme is defused', () => {
    expect(quoted('re-confirm at https://evil.example/login')).toBe('"re-confirm at https[:]//evil.example/login"')
  })

  it('is labelled with what it is', () => {
    expect(labelled('the machine', 'olivia-laptop')).toBe('the machine "olivia-laptop"')
  })

  it('is cut to its length with an ellipsis inside the quotes', () => {
    expect(quoted('x'.repeat(50), 10)).toBe(`"${'x'.repeat(9)}…"`)
  })
})

describe('text from outside at the protocol boundary', () => {
  it('a program’s line (a host name) with a line break is refused, not changed', () => {
    expect(lineOfText(255).safeParse('laptop').success).toBe(true)
    const refused = lineOfText(255).safeParse('laptop\nSecurity notice')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe(notOneLine)
    expect(lineOfText(5).safeParse('abcdef').success).toBe(false)
  })

  it('a typed line (a name) is stored as one line', () => {
    expect(typedLine(200).parse('  Acme\r\nCorp\t ')).toBe('Acme Corp')
    expect(typedLine(5).safeParse('abcdef').success).toBe(false)
  })
})
