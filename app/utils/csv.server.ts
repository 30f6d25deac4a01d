/**
 * CSV files in and out (csv-stringify, csv-parse). Written files are UTF-8 with a byte order mark, so that spreadsheet
 * tools read accents right, and a cell that starts like a formula (= + - @, tab, carriage return) is prefixed with an
 * apostrophe, so that opening the file never runs what someone typed into a field. Read files must be UTF-8 text
 * within the caller's limits; anything else is a clear message, never an exception.
 */
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'

export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify(
    [header, ...rows].map((row) => row.map(neutralizeFormula)),
    {
      bom: true,
      record_delimiter: 'windows',
    },
  )
}

/** A download of CSV text; `fileName` is made of safe characters only. */
export function csvResponse(text: string, fileName: string): Response {
  const safe = fileName.replace(/[^A-Za-z0-9._-]+/g, '-')
  return new Response(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${safe}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

export type CsvReading = { ok: true; records: string[][] } | { ok: false; message: string }

export const notUtf8 = 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.'

/** Reads an uploaded file's bytes as CSV records, refusing more than `maxRows` rows (a header counts as one more). */
export function readCsv(
  bytes: Uint8Array,
  { maxRows, tooManyRows }: { maxRows: number; tooManyRows: string },
): CsvReading {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return { ok: false, message: notUtf8 }
  }
  // Other encodings that decode as UTF-8 by chance (UTF-16) and binary files carry NUL characters; text never does.
  if (text.includes('\u0000')) return { ok: false, message: notUtf8 }
  try {
    const records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      to_line: maxRows + 2,
    }) as string[][]
    if (records.length > maxRows + 1) return { ok: false, message: tooManyRows }
    return { ok: true, records }
  } catch (error) {
    const line = typeof error === 'object' && error !== null && 'lines' in error ? Number(error.lines) : undefined
    return {
      ok: false,
      message: `The file could not be read as CSV${line ? ` (near line ${line})` : ''}: check its quotes and separators.`,
    }
  }
}
