// CSV in and out: a byte order mark, formula-like cells defused with an apostrophe; reads what spreadsheets write.
import { parse, type CsvError, type Options } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'

export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
}

/** A file's first piece carries the byte order mark; formulas neutralised, Windows line endings. */
export function csvRows(rows: readonly (readonly string[])[], { bom = false }: { bom?: boolean } = {}): string {
  return stringify(
    rows.map((row) => row.map(neutralizeFormula)),
    { bom, record_delimiter: 'windows' },
  )
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return csvRows([header, ...rows], { bom: true })
}

/** `fileName` is made of safe characters only. */
export function csvResponse(body: string | ReadableStream<Uint8Array>, fileName: string): Response {
  const safe = fileName.replace(/[^A-Za-z0-9._-]+/g, '-')
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${safe}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** Cells trimmed; `line` is where the record starts (1 is the first). */
export type CsvRecord = { line: number; cells: string[] }

export type CsvSeparator = ',' | ';' | '\t'

export type CsvReading = { ok: true; records: CsvRecord[]; separator: CsvSeparator } | { ok: false; message: string }

export const notText =
  'The file is not a text file. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and upload it again.'

/** More than `maxRecords` records is `tooMany`, before the rest of the file is read. */
export function readCsv(
  bytes: Uint8Array,
  { maxRecords, tooMany }: { maxRecords: number; tooMany: string },
): CsvReading {
  const decoded = decode(bytes)
  if (decoded === null) return { ok: false, message: notText }
  // One line ending for the parser (a line break inside a quoted cell is a space to every reader of it anyway).
  let text = decoded.replace(/\r\n?/g, '\n')
  let firstLine = 1
  let separator = detectSeparator(text)
  // Excel's own line naming the separator: `sep=;`.
  const sepLine = /^sep=([,;\t])[ \t]*(?:\n|$)/i.exec(text)
  if (sepLine) {
    separator = sepLine[1] as CsvSeparator
    text = text.slice(sepLine[0].length)
    firstLine = 2
  }

  const records: CsvRecord[] = []
  let linesBefore = firstLine - 1
  let consumed = 0
  // With `raw`, each record comes with its text: the blank lines skipped before it, the record and its line ending.
  const onRecord = (value: unknown) => {
    const { record, raw } = value as { record: string[]; raw: string }
    const blank = /^(?:[ \t]*\n)*/.exec(raw)?.[0] ?? ''
    const line = linesBefore + 1 + count(blank, '\n')
    linesBefore += count(raw, '\n')
    consumed += raw.length
    if (record.every((cell) => cell === '')) return null
    records.push({ line, cells: record })
    if (records.length > maxRecords) throw new TooMany()
    return null
  }
  try {
    parse(text, {
      delimiter: separator,
      record_delimiter: '\n',
      raw: true,
      relax_column_count: true,
      // A quote inside a cell that is not quoted is the cell's text (hand-written files), not an error.
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      on_record: onRecord as unknown as Options['on_record'],
    })
  } catch (error) {
    if (error instanceof TooMany) return { ok: false, message: tooMany }
    // The record that failed starts after the blank lines that follow the last one read.
    const blank = /^(?:[ \t]*\n)*/.exec(text.slice(consumed))?.[0] ?? ''
    return { ok: false, message: unreadable(error as CsvError, linesBefore + 1 + count(blank, '\n'), firstLine) }
  }
  return { ok: true, records, separator }
}

class TooMany extends Error {}

const count = (text: string, char: string) => text.split(char).length - 1

/** By its byte order mark, else UTF-8 when valid, else Windows-1252 when no control bytes; a binary file is null. */
function decode(bytes: Uint8Array): string | null {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte)
  let text: string
  try {
    if (starts(0xff, 0xfe)) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes)
    else if (starts(0xfe, 0xff)) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes)
    else text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    // eslint-disable-next-line no-control-regex -- a text file has no controls but tab and line endings
    if (starts(0xef, 0xbb, 0xbf) || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(latin(bytes))) return null
    text = new TextDecoder('windows-1252').decode(bytes)
  }
  // eslint-disable-next-line no-control-regex -- as above
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return null
  return text.replace(/^\uFEFF/, '')
}

/** Only to look for control bytes. */
function latin(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192))
  return out
}

/** The separator the first line has most of outside quotes; a comma when it has none. */
function detectSeparator(text: string): CsvSeparator {
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? ''
  const outsideQuotes = firstLine.replace(/"[^"]*("|$)/g, '')
  const candidates: CsvSeparator[] = [',', ';', '\t']
  let best: CsvSeparator = ','
  let most = 0
  for (const candidate of candidates) {
    const n = count(outsideQuotes, candidate)
    if (n > most) {
      best = candidate
      most = n
    }
  }
  return best
}

function unreadable(error: CsvError, recordLine: number, firstLine: number): string {
  const line = typeof error.lines === 'number' && error.lines > 0 ? error.lines + firstLine - 1 : recordLine
  const what =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? `a quote opened on line ${recordLine} is never closed`
      : error.code === 'INVALID_OPENING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE'
        ? `line ${line} has a quote inside a cell; put the whole cell in quotes and double the quote inside ("")`
        : `line ${line} is not CSV`
  return `The file could not be read as CSV: ${what}.`
}
