import { describe, expect, it } from 'vitest'
import { invalidEntriesText, parseAddressList } from './address-list.js'

describe('parseAddressList: one reading of a pasted list of addresses, everywhere', () => {
  it('splits on newline, comma and semicolon, ignores blanks, de-duplicates case-insensitively', () => {
    const list = parseAddressList('a@x.test, B@x.test;\n\n  b@X.TEST \r\nc@x.test;;')
    expect(list).toEqual({ emails: ['a@x.test', 'b@x.test', 'c@x.test'], invalid: [] })
  })
  it('names each invalid entry as typed, with its line', () => {
    expect(parseAddressList('a@x.test\nnot an email\n\nbob@, c@x.test;ann at acme.test').invalid).toEqual([
      { line: 2, entry: 'not an email' },
      { line: 4, entry: 'bob@' },
      { line: 4, entry: 'ann at acme.test' },
    ])
  })
  it('an empty text is an empty list', () => {
    expect(parseAddressList('  \n ')).toEqual({ emails: [], invalid: [] })
  })
})

describe('invalidEntriesText', () => {
  it('names the lines and entries at fault, five at most, each quoted on one line', () => {
    const list = parseAddressList(['ok@x.test', 'one', 'two\u202e', 'three', 'four', 'five', 'six', 'seven'].join('\n'))
    expect(invalidEntriesText(list.invalid)).toBe(
      'line 2: "one"; line 3: "two"; line 4: "three"; line 5: "four"; line 6: "five"; and 2 more',
    )
    expect(invalidEntriesText([{ line: 2, entry: 'x"y' }], 'lapsing line')).toBe(`lapsing line 2: "x'y"`)
  })
})
