// The portal's own license rules (spec §3, §4, §5); the ones the service enforces too are in `protocol/licenses/licenses.ts`.
import type { Company, License, OfflineLicense } from '#protocol/entities'
import { compareIds, isOpenSource } from '#protocol/licenses/licenses'
import { displayName } from '#protocol/catalog/products'

/** "Wallaby.js, order 4711, key 3": for a row's controls, heard rather than seen in the row. */
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

function compareInGroup(a: License, b: License): number {
  return compareIds(a.order, b.order) || a.key - b.key || b.expiration - a.expiration
}

/** §4 sort order, as a sorted copy; each license's group is worked out once, not at every comparison. */
export function sortLicenses<L extends License>(licenses: readonly L[]): L[] {
  return licenses
    .map((license) => ({ license, rank: groupRank(license) }))
    .sort((a, b) => a.rank - b.rank || compareInGroup(a.license, b.license))
    .map(({ license }) => license)
}

/** §2: the order number links to the receipt (always for personal licenses). */
export function showReceipt(license: License, company: Pick<Company, 'canViewReceipt'> | undefined): boolean {
  return license.order !== '' && (company ? company.canViewReceipt : true)
}

export type OfflineKeyGroup = {
  order: string
  keys: { license: License; licenseKey: string }[]
}

/** §2 Offline keys dialog: by order, then key; records without a matching license are dropped. */
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

/** Spec §1, §6: may change their email address. */
export function holdsPersonalLicenses(licenses: readonly Pick<License, 'licenseType'>[]): boolean {
  return licenses.some((l) => l.licenseType === 'personal')
}
