// The seat list as a spreadsheet and back (spec §5). A row is `order,key,email` (an empty email unassigns) or
// `product,email` (any free seat); an exported file re-imported plans no changes; none applies while a row is wrong.
import type { License } from '#protocol/entities'
import type { AssignmentChange } from '#protocol/licenses/assignment'
import { normalizeEmail } from '#protocol/shared/email'
import { canAssignLicense, cannotAssign, compareIds, isExpired } from '#protocol/licenses/licenses'
import { formatDate } from '#protocol/shared/dates'
import { isValidEmail } from './email'
import { sortLicenses } from './license'
import { displayName } from '#protocol/catalog/products'
import { countOf } from '#protocol/shared/words'
import { quoted } from '#protocol/shared/text'
import { assignmentSummary, bulkNotEnoughUnexpired } from './messages/manage'

/** Besides its header; blank lines are no rows. */
export const IMPORT_MAX_ROWS = 5000
export const IMPORT_MAX_BYTES = 1024 * 1024
export const importLimitsText = `at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and 1 MB`
export const tooManyRows = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows (blank lines not counted). Import at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time.`
export const fileTooLarge = 'The file is larger than 1 MB. Import at most 1 MB at a time.'

export const exportHeader = ['Product', 'Order', 'Key', 'Assigned to', 'Expiry', 'Subscription'] as const

/** In the license table's order (spec §4); dates in UTC as the table shows them. */
export function seatRows(licenses: readonly License[]): string[][] {
  return sortLicenses(licenses).map((l) => [
    displayName(l),
    l.order,
    String(l.key),
    l.assignedTo,
    formatDate(l.expiration, { utc: true }),
    l.subscription?.subscriptionId ?? '',
  ])
}

export type SeatChange = AssignmentChange & {
  assignedToBefore: string
  /** "assign license 3 of order 935369 to dev7@acme.test". */
  words: string
}

export type SeatPlan = {
  summary: string
  changes: SeatChange[]
  /** "Line 4: …", naming the value at fault. */
  errors: string[]
  rows: number
}

export type SeatRecord = { line: number; cells: readonly string[] }

type Column = 'order' | 'key' | 'email' | 'product'
type Columns = Partial<Record<Column, number>>

/** How the first row says the rows are read; every error names a cell in these terms. */
type Format = {
  columns: Columns
  /** The header's own names of its columns; absent without a header. */
  header?: readonly string[]
  /** Without a header: `order,key,email` or `product,email`. */
  shape?: 'order,key,email' | 'product,email'
}

const ordinals = ['first', 'second', 'third']

/** "the "Assigned to" column" with a header; "the third cell (email)" without. */
function cellName(format: Format, column: Column): string {
  const index = format.columns[column] ?? 0
  if (format.header) return `the ${quoted(format.header[index]?.trim() ?? column)} column`
  return `the ${ordinals[index] ?? `cell ${index + 1}`} cell (${column})`
}

/** A header names its columns (any order, any case); without one, 3 cells are order,key,email and 2 product,email. */
function formatOf(first: readonly string[]): Format {
  const names = first.map((cell) => cell.trim().toLowerCase())
  const at = (...candidates: string[]) => {
    const i = names.findIndex((n) => candidates.includes(n))
    return i === -1 ? undefined : i
  }
  const email = at('email', 'e-mail', 'email address', 'assigned to', 'assignedto', 'assignee')
  if (email !== undefined) {
    return {
      header: first,
      columns: { order: at('order', 'order #'), key: at('key', 'key #'), product: at('product'), email },
    }
  }
  return first.length >= 3
    ? { shape: 'order,key,email', columns: { order: 0, key: 1, email: 2 } }
    : { shape: 'product,email', columns: { product: 0, email: 1 } }
}

/** Cells up to the last one that is not empty: a spreadsheet's trailing separators are no cells. */
const widthOf = (cells: readonly string[]) => {
  let width = cells.length
  while (width > 0 && (cells[width - 1] ?? '').trim() === '') width -= 1
  return width
}

export const formatRule =
  'The first row decides how every row is read: a header row naming its columns (as Export CSV writes), or, without a header, three cells (order,key,email) or two (product,email).'

/** A row of the other header-less shape, named in the terms of the one the first row set. */
function shapeProblem(format: Format, cells: readonly string[], key: string): string | undefined {
  const width = widthOf(cells)
  const other = format.shape === 'product,email' ? 'order,key,email' : 'product,email'
  const mismatch =
    (format.shape === 'product,email' && width > 2) ||
    (format.shape === 'order,key,email' && width === 2 && !/^\d+$/.test(key))
  if (!mismatch) return undefined
  return `it has ${countOf(width, 'cell')}, but the first row made this file ${format.shape}. Write the row as ${format.shape}, or import ${other} rows in a file of their own.`
}

/** A cell the export protected against formula injection ("'=…") reads back as it was. */
const cellText = (row: readonly string[], index: number | undefined) => {
  const cell = index === undefined ? '' : (row[index] ?? '').trim()
  return /^'[=+\-@]/.test(cell) ? cell.slice(1) : cell
}

const licenseOf = (l: Pick<License, 'order' | 'key'>) => `license ${l.key} of order ${l.order}`

function productNames(licenses: readonly License[]): string[] {
  return [...new Set(licenses.map((l) => displayName(l)))].sort((a, b) => a.localeCompare(b, 'en'))
}

/** Row errors name their line and the value at fault, never the whole line. */
export function planSeatImport(records: readonly SeatRecord[], licenses: readonly License[], now: number): SeatPlan {
  const problems: Array<{ line: number; message: string }> = []
  const problem = (line: number, message: string) => void problems.push({ line, message: `Line ${line}: ${message}` })
  if (records.length === 0)
    return { summary: assignmentSummary(0, 0), changes: [], errors: ['The file has no rows.'], rows: 0 }
  if (records[0].cells.length === 1 && formatOf(records[0].cells).header === undefined) {
    return {
      summary: assignmentSummary(0, 0),
      changes: [],
      errors: [`Line ${records[0].line}: it has 1 cell, so it sets no format. ${formatRule}`],
      rows: records.length,
    }
  }
  const format = formatOf(records[0].cells)
  const { columns } = format
  const body = format.header ? records.slice(1) : records
  if (body.length > IMPORT_MAX_ROWS)
    return { summary: assignmentSummary(0, 0), changes: [], errors: [tooManyRows], rows: body.length }
  const byOrderKey = new Map(licenses.map((l) => [`${l.order}\u0000${l.key}`, l]))
  const target = new Map<string, { license: License; email: string; line: number }>()
  const wanted: Array<{ product: string; email: string; line: number }> = []

  for (const { line, cells } of body) {
    const order = cellText(cells, columns.order)
    const key = cellText(cells, columns.key)
    const product = cellText(cells, columns.product)
    const email = normalizeEmail(cellText(cells, columns.email))
    const shape = shapeProblem(format, cells, key)
    if (shape) {
      problem(line, shape)
      continue
    }
    if (email !== '' && !isValidEmail(email)) {
      problem(line, `${quoted(email)} in ${cellName(format, 'email')} is not a valid email address.`)
      continue
    }
    if (key !== '' && !/^\d+$/.test(key)) {
      problem(
        line,
        `${quoted(key)} in ${cellName(format, 'key')} is not a key: give the license's number in its order.`,
      )
      continue
    }
    if (order !== '' || key !== '') {
      if (key === '') {
        problem(line, `order ${quoted(order)} has no key: give the number of the license in the order.`)
        continue
      }
      if (order === '') {
        problem(line, `key ${quoted(key)} has no order: give the order the license belongs to.`)
        continue
      }
      const license = byOrderKey.get(`${order}\u0000${key}`)
      if (!license) {
        problem(line, `this company has no license with order ${quoted(order)} and key ${quoted(key)}.`)
        continue
      }
      const earlier = target.get(license.id)
      if (earlier && earlier.email !== email) {
        problem(line, `${licenseOf(license)} is also on line ${earlier.line}.`)
        continue
      }
      if (normalizeEmail(license.assignedTo) !== email) {
        if (!canAssignLicense(license)) {
          problem(line, `${licenseOf(license)}: ${cannotAssign}`)
          continue
        }
        if (license.subscription) {
          problem(
            line,
            `${licenseOf(license)} belongs to subscription ${license.subscription.subscriptionId}; assign it with the subscription's Assign.`,
          )
          continue
        }
      }
      target.set(license.id, { license, email, line })
      continue
    }
    if (product === '') {
      problem(
        line,
        format.shape === 'product,email'
          ? `${cellName(format, 'product')} is empty: name the product as the license table does.`
          : 'give an order and key, or a product.',
      )
      continue
    }
    if (email === '') {
      problem(
        line,
        `${cellName(format, 'email')} is empty: give the address that should get a license of ${quoted(product)}.`,
      )
      continue
    }
    wanted.push({ product, email, line })
  }

  // Product rows: an address that holds the product (after the named rows) keeps it; others get a free license.
  const names = productNames(licenses)
  const short = new Map<string, { product: string; asked: number; free: number; lines: number[] }>()
  for (const row of wanted) {
    const name = row.product.toLowerCase()
    const ofProduct = licenses.filter(
      (l) => displayName(l).toLowerCase() === name || l.productName.toLowerCase() === name,
    )
    if (ofProduct.length === 0) {
      problem(
        row.line,
        names.length === 0
          ? `this company has no licenses of the product ${quoted(row.product)}, nor of any other.`
          : `this company has no licenses of the product ${quoted(row.product)}. Name one of: ${names.join(', ')}.`,
      )
      continue
    }
    const holderOf = (l: License) => target.get(l.id)?.email ?? normalizeEmail(l.assignedTo)
    if (ofProduct.some((l) => !isExpired(l, now) && holderOf(l) === row.email)) continue
    const isFree = (l: License) => canAssignLicense(l) && !l.subscription && !isExpired(l, now)
    const free = ofProduct
      .filter((l) => isFree(l) && holderOf(l) === '')
      .sort((a, b) => b.expiration - a.expiration || compareIds(a.order, b.order) || a.key - b.key)[0]
    const productName = displayName(ofProduct[0])
    const tally = short.get(productName) ?? {
      product: productName,
      asked: 0,
      free: ofProduct.filter((l) => isFree(l) && holderOf(l) === '').length,
      lines: [],
    }
    tally.asked += 1
    short.set(productName, tally)
    if (!free) {
      tally.lines.push(row.line)
      continue
    }
    target.set(free.id, { license: free, email: row.email, line: row.line })
  }
  for (const tally of short.values()) {
    for (const line of tally.lines) {
      problem(
        line,
        `${bulkNotEnoughUnexpired} The file asks for ${countOf(tally.asked, 'free license')} of ${tally.product}; ${tally.free} ${tally.free === 1 ? 'is' : 'are'} free.`,
      )
    }
  }

  const changes: SeatChange[] = []
  for (const { license, email } of target.values()) {
    const before = normalizeEmail(license.assignedTo)
    if (before === email) continue
    changes.push({
      id: license.id,
      owner: license.owner,
      assignedTo: email,
      assignedToBefore: license.assignedTo,
      words:
        email === ''
          ? `unassign ${licenseOf(license)} from ${before}`
          : before === ''
            ? `assign ${licenseOf(license)} to ${email}`
            : `reassign ${licenseOf(license)} from ${before} to ${email}`,
    })
  }
  const unassigned = changes.filter((c) => c.assignedToBefore !== '').length
  const assigned = changes.filter((c) => c.assignedTo !== '').length
  const errors = problems.sort((a, b) => a.line - b.line).map((p) => p.message)
  return { summary: assignmentSummary(unassigned, assigned), changes, errors, rows: body.length }
}
