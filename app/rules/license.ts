/**
 * License rules of the portal's own (spec §3, §4, §5): sort order, receipts, offline-key groups. The rules the
 * licensing service enforces too (assignable, offline key, renewal) live in `protocol/licenses.ts`, the display name
 * in `protocol/products.ts`.
 */
import type { Company, License, OfflineLicense } from '#protocol/entities'
import { compareIds, isOpenSource } from '#protocol/licenses'
import { displayName } from '#protocol/products'

/** Which license, in words: "Wallaby.js, order 4711, key 3" — for a row's controls, heard rather than seen in the row. */
export function licenseWords(license: Pick<License, 'productName' | 'trial' | 'order' | 'key'>): string {
  return `${displayName(license)}, order ${license.order}, key ${license.key}`
}

/** §4: Open Source first, then bundle, then wallaby, then the others. */
function groupRank(license: License): number {
  if (isOpenSource(license)) return 0
  if (license.productGroup === 'bundle') return 1
  if (license.productGroup === 'wallaby') return 2
  return 3
}

/** §4 within a group: order, key, later expiry first. */
function compareInGroup(a: License, b: License): number {
  return compareIds(a.order, b.order) || a.key - b.key || b.expiration - a.expiration
}

/** §4 license sort order (group rank, then order, key, later expiry first) as a sorted copy; the input is left alone. Each license's group is worked out once, not at every comparison. */
export function sortLicenses<L extends License>(licenses: readonly L[]): L[] {
  return licenses
    .map((license) => ({ license, rank: groupRank(license) }))
    .sort((a, b) => a.rank - b.rank || compareInGroup(a.license, b.license))
    .map(({ license }) => license)
}

/** §2: the order number links to the receipt when the user can view receipts (always for personal licenses). */
export function showReceipt(license: License, company: Pick<Company, 'canViewReceipt'> | undefined): boolean {
  return license.order !== '' && (company ? company.canViewReceipt : true)
}

export type OfflineKeyGroup = {
  order: string
  keys: { license: License; licenseKey: string }[]
}

/**
 * §2 Offline keys dialog: the keys the service returned, grouped by order, sorted by order then key number.
 * Records without a matching license (same id and owner) are dropped.
 */
export function groupOfflineKeys(licenses: readonly License[], records: readonly OfflineLicense[]): OfflineKeyGroup[] {
  const byRef = new Map(licenses.map((l) => [`${l.owner}\u0000${l.id}`, l]))
  const entries = records
    .map((r) => ({ license: byRef.get(`${r.owner}\u0000${r.id}`), licenseKey: r.licenseKey }))
    .filter((e): e is { license: License; licenseKey: string } => e.license !== undefined)
    .sort((a, b) => compareIds(a.license.order, b.license.order) || a.license.key - b.license.key)
  const groups: OfflineKeyGroup[] = []
  for (const entry of entries) {
    const last = groups[groups.length - 1]
    if (last && last.order === entry.license.order) last.keys.push(entry)
    else groups.push({ order: entry.license.order, keys: [entry] })
  }
  return groups
}

/** A personal license holder (spec §1, §6): may change their email address. */
export function holdsPersonalLicenses(licenses: readonly Pick<License, 'licenseType'>[]): boolean {
  return licenses.some((l) => l.licenseType === 'personal')
}
