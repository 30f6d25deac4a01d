/**
 * The seat list as a spreadsheet and back: the rows a company's license export holds (Product, Order, Key, Assigned
 * to, Expiry, Subscription), and the plan an imported file makes, in bulk assign's words (spec §5). Pure: the reading
 * of the file's bytes and the call that applies the plan are the server's.
 *
 * An imported row names one license by `order,key,email` (an empty email unassigns it), or asks for any free seat of a
 * product by `product,email`. The export's own columns are read too, so an exported file imported unchanged plans no
 * changes. Every row with a problem is reported and nothing is applied until the file has none.
 */
import type { License } from '#protocol/entities'
import type { AssignmentChange } from '#protocol/assignment'
import { normalizeEmail } from '#protocol/email'
import { canAssignLicense, cannotAssign, compareIds, isExpired } from '#protocol/licenses'
import { formatDate } from './dates'
import { isValidEmail } from './email'
import { sortLicenses } from './license'
import { displayName } from '#protocol/products'
import { assignmentSummary, bulkNotEnoughUnexpired, emailInvalid } from './messages'

/** The most rows an import may have (besides its header), and the largest file. */
export const IMPORT_MAX_ROWS = 5000
export const IMPORT_MAX_BYTES = 1024 * 1024
export const importLimitsText = `at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and 1 MB`
export const tooManyRows = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Import at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time.`
export const fileTooLarge = 'The file is larger than 1 MB. Import at most 1 MB at a time.'

export const exportHeader = ['Product', 'Order', 'Key', 'Assigned to', 'Expiry', 'Subscription'] as const

/** The export's rows, in the license table's order (spec §4); dates as the table shows them (UTC). */
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
  /** "assign license 3 of order 935369 to dev7@acme.test", for the plan's list. */
  words: string
}

export type SeatPlan = {
  /** Bulk assign's summary (spec §5): "N license(s) will be unassigned and M license(s) will be assigned." */
  summary: string
  changes: SeatChange[]
  /** One message per row that cannot be applied: "Row 4: …". */
  errors: string[]
  rows: number
}

type Columns = { order?: number; key?: number; email?: number; product?: number }

/** A header row names its columns (any order, any case); without one, 3 cells are order,key,email and 2 product,email. */
function columnsOf(first: readonly string[]): { columns: Columns; header: boolean } {
  const names = first.map((cell) => cell.trim().toLowerCase())
  const at = (...candidates: string[]) => {
    const i = names.findIndex((n) => candidates.includes(n))
    return i === -1 ? undefined : i
  }
  const email = at('email', 'assigned to', 'assignedto', 'assignee')
  if (email !== undefined) {
    return {
      header: true,
      columns: { order: at('order', 'order #'), key: at('key', 'key #'), product: at('product'), email },
    }
  }
  return { header: false, columns: first.length >= 3 ? { order: 0, key: 1, email: 2 } : { product: 0, email: 1 } }
}

/** A cell the export protected against formula injection ("'=…") reads back as it was. */
const cellText = (row: readonly string[], index: number | undefined) => {
  const cell = index === undefined ? '' : (row[index] ?? '').trim()
  return /^'[=+\-@]/.test(cell) ? cell.slice(1) : cell
}

const licenseOf = (l: Pick<License, 'order' | 'key'>) => `license ${l.key} of order ${l.order}`

/**
 * The plan for a parsed file against the company's licenses now. A license named by order and key gets the row's
 * holder; a product row gives a free unexpired license of the product to an address that holds none of it yet (the
 * licenses bulk assign would use, later expiry first). A license named twice, an unknown order/key or product, an
 * invalid email, a license that cannot be assigned here and a product without enough free licenses are row errors.
 */
export function planSeatImport(
  records: readonly (readonly string[])[],
  licenses: readonly License[],
  now: number,
): SeatPlan {
  const problems: Array<{ line: number; message: string }> = []
  const problem = (line: number, message: string) => void problems.push({ line, message: `Row ${line}: ${message}` })
  if (records.length === 0)
    return { summary: assignmentSummary(0, 0), changes: [], errors: ['The file has no rows.'], rows: 0 }
  const { columns, header } = columnsOf(records[0])
  const body = header ? records.slice(1) : records
  if (body.length > IMPORT_MAX_ROWS)
    return { summary: assignmentSummary(0, 0), changes: [], errors: [tooManyRows], rows: body.length }
  const firstLine = header ? 2 : 1
  const byOrderKey = new Map(licenses.map((l) => [`${l.order}\u0000${l.key}`, l]))
  const target = new Map<string, { license: License; email: string; line: number }>()
  const wanted: Array<{ product: string; email: string; line: number }> = []

  body.forEach((record, i) => {
    const line = firstLine + i
    const order = cellText(record, columns.order)
    const key = cellText(record, columns.key)
    const product = cellText(record, columns.product)
    const email = normalizeEmail(cellText(record, columns.email))
    if (email !== '' && !isValidEmail(email)) return problem(line, emailInvalid)
    if (order !== '' || key !== '') {
      const license = byOrderKey.get(`${order}\u0000${key}`)
      if (!license) return problem(line, `unknown order/key ${order}/${key}.`)
      const earlier = target.get(license.id)
      if (earlier && earlier.email !== email) {
        return problem(line, `${licenseOf(license)} is also in row ${earlier.line}.`)
      }
      if (normalizeEmail(license.assignedTo) !== email) {
        if (!canAssignLicense(license)) return problem(line, `${licenseOf(license)}: ${cannotAssign}`)
        if (license.subscription) {
          return problem(
            line,
            `${licenseOf(license)} belongs to subscription ${license.subscription.subscriptionId}; assign it with the subscription's Assign.`,
          )
        }
      }
      target.set(license.id, { license, email, line })
      return
    }
    if (product === '') return problem(line, 'give an order and key, or a product.')
    if (email === '') return problem(line, `give the email address that should get a license of ${product}.`)
    wanted.push({ product, email, line })
  })

  // Product rows: an address that holds the product (after the named rows) keeps it; others get a free license.
  for (const row of wanted) {
    const name = row.product.toLowerCase()
    const ofProduct = licenses.filter(
      (l) => displayName(l).toLowerCase() === name || l.productName.toLowerCase() === name,
    )
    if (ofProduct.length === 0) {
      problem(row.line, `unknown product ${row.product}.`)
      continue
    }
    const holderOf = (l: License) => target.get(l.id)?.email ?? normalizeEmail(l.assignedTo)
    if (ofProduct.some((l) => !isExpired(l, now) && holderOf(l) === row.email)) continue
    const free = ofProduct
      .filter((l) => canAssignLicense(l) && !l.subscription && !isExpired(l, now) && holderOf(l) === '')
      .sort((a, b) => b.expiration - a.expiration || compareIds(a.order, b.order) || a.key - b.key)[0]
    if (!free) {
      problem(row.line, bulkNotEnoughUnexpired)
      continue
    }
    target.set(free.id, { license: free, email: row.email, line: row.line })
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
