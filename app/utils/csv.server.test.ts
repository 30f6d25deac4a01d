import { describe, expect, it } from 'vitest'
import { notText, readCsv } from './csv.server'

const utf8 = (text: string) => new TextEncoder().encode(text)
const read = (bytes: Uint8Array, maxRecords = 10) => readCsv(bytes, { maxRecords, tooMany: 'too many' })

describe('readCsv reads what spreadsheets write', () => {
  it('a European-locale spreadsheet: semicolons, a byte order mark and CRLF', () => {
    const reading = read(utf8('\uFEFFProduct;Order;Key;Assigned to\r\nQuokka.js PRO;2000;1;a@acme.test\r\n'))
    expect(reading).toEqual({
      ok: true,
      separator: ';',
      records: [
        { line: 1, cells: ['Product', 'Order', 'Key', 'Assigned to'] },
        { line: 2, cells: ['Quokka.js PRO', '2000', '1', 'a@acme.test'] },
      ],
    })
  })

  it('tabs ("Unicode text", UTF-16 with its byte order mark)', () => {
    const text = 'order\tkey\temail\r\n2000\t1\ta@acme.test\r\n'
    const bytes = new Uint8Array(2 + text.length * 2)
    bytes.set([0xff, 0xfe])
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i)
    expect(read(bytes)).toMatchObject({ ok: true, separator: '\t', records: [{ line: 1 }, { line: 2 }] })
  })

  it("an older Excel's Windows code page", () => {
    const bytes = new Uint8Array([...utf8('Caf'), 0xe9, ...utf8(',2000,1\n')])
    expect(read(bytes)).toMatchObject({ ok: true, records: [{ line: 1, cells: ['Café', '2000', '1'] }] })
  })

  it("Excel's sep= line names the separator and is no record", () => {
    expect(read(utf8('sep=;\r\norder;key;email\r\n2000;1;a,b@acme.test\r\n'))).toMatchObject({
      ok: true,
      separator: ';',
      records: [
        { line: 2, cells: ['order', 'key', 'email'] },
        { line: 3, cells: ['2000', '1', 'a,b@acme.test'] },
      ],
    })
  })

  it('a comma file whose cells hold semicolons inside quotes stays a comma file', () => {
    expect(read(utf8('"a;b;c",x\n'))).toMatchObject({ ok: true, separator: ',', records: [{ cells: ['a;b;c', 'x'] }] })
  })
})

describe('readCsv counts records, not lines', () => {
  it('blank lines and lines of empty cells are no records; each record keeps the line it starts on', () => {
    const reading = read(utf8('order,key,email\n\n\n,,\n  \n2000,1,a@acme.test\r\n\r\n2000,2,b@acme.test'))
    expect(reading).toMatchObject({
      ok: true,
      records: [
        { line: 1, cells: ['order', 'key', 'email'] },
        { line: 6, cells: ['2000', '1', 'a@acme.test'] },
        { line: 8, cells: ['2000', '2', 'b@acme.test'] },
      ],
    })
  })

  it('a header, 5,001 blank lines and a row are two records', () => {
    const reading = read(utf8(`order,key,email${'\n'.repeat(5002)}2000,1,a@acme.test\n`), 3)
    expect(reading).toMatchObject({
      ok: true,
      records: [{ line: 1 }, { line: 5003, cells: ['2000', '1', 'a@acme.test'] }],
    })
  })

  it('a quoted cell over several lines is one record, and the next record knows its line', () => {
    const reading = read(utf8('order,key,email\n2000,1,"a@acme.test\r\nb@acme.test"\n2000,2,c@acme.test\n'))
    expect(reading).toMatchObject({
      ok: true,
      records: [
        { line: 1 },
        { line: 2, cells: ['2000', '1', 'a@acme.test\nb@acme.test'] },
        { line: 4, cells: ['2000', '2', 'c@acme.test'] },
      ],
    })
  })

  it('more records than allowed is refused, however few lines are blank', () => {
    expect(read(utf8('1,1,\n\n2,2,\n\n3,3,\n'), 2)).toEqual({ ok: false, message: 'too many' })
    expect(read(utf8('1,1,\n\n\n\n\n\n2,2,\n'), 2)).toMatchObject({ ok: true })
  })
})

describe('readCsv refuses with a message that says what to fix', () => {
  it('a quote never closed names the line it opens on', () => {
    expect(read(utf8('order,key,email\n\n"2000,1,a@acme.test\n2000,2,b\n'))).toEqual({
      ok: false,
      message: 'The file could not be read as CSV: a quote opened on line 3 is never closed.',
    })
  })

  it('a binary file is not text', () => {
    expect(read(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00]))).toEqual({ ok: false, message: notText })
  })
})
