// Renewals, receipts and new subscriptions on /manage (spec §2, §5, §7). Pure: no I/O, no React.
import type { Company, License, LicenseRef, ProductGroup } from '#protocol/entities'
import { sortLicenses } from '#app/rules/license'
import { displayName } from '#protocol/catalog/products'
import { renewsThroughSales, showRenew } from '#protocol/licenses/licenses'
import { salesMailto } from '../shared/sales'
import { shopPath } from '#protocol/catalog/paths'

/** Licenses without a subscription that the renewal call can renew (§5 showRenew). */
export function bulkRenewableLicenses(company: Company): License[] {
  return sortLicenses(
    company.licenses.filter((l) => !l.subscription && showRenew(l, company) && !renewsThroughSales(l)),
  )
}

export function salesOnlyLicenses(company: Company): License[] {
  return sortLicenses(company.licenses.filter((l) => !l.subscription && showRenew(l, company) && renewsThroughSales(l)))
}

export function salesRenewalMailto(
  salesEmail: string,
  licenses: readonly Pick<License, 'productName' | 'trial' | 'order' | 'key'>[],
): string {
  const lines = licenses.map((l) => `${displayName(l)}: order ${l.order}, key ${l.key}`)
  const subject =
    licenses.length === 1 ? `Renewal of ${displayName(licenses[0])} (order ${licenses[0].order})` : 'License renewal'
  const body = `Please send me a renewal quote for:\n${lines.join('\n')}\n`
  return salesMailto(salesEmail, subject, body)
}

/** License ids and owners are opaque strings. */
export function encodeLicenseRef(license: LicenseRef): string {
  return JSON.stringify({ id: license.id, owner: license.owner })
}

export function decodeLicenseRef(value: unknown): LicenseRef | null {
  if (typeof value !== 'string' || value.length > 1000) return null
  try {
    const parsed: unknown = JSON.parse(value)
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as LicenseRef).id === 'string' &&
      (parsed as LicenseRef).id !== '' &&
      typeof (parsed as LicenseRef).owner === 'string'
    ) {
      return { id: (parsed as LicenseRef).id, owner: (parsed as LicenseRef).owner }
    }
  } catch {
    // not a license reference
  }
  return null
}

/** The bundle is no longer sold; Wallaby is its successor. */
const STORE_PRODUCT: Record<ProductGroup, string> = {
  bundle: 'wallaby',
  wallaby: 'wallaby',
  quokka: 'quokka',
  other: 'console-ninja',
}

/** §7 New Subscription: the product the company holds most of, as an organization purchase, for the company. */
export function companyStoreLink(company: Pick<Company, 'id' | 'licenses' | 'subscriptions'>, email: string): string {
  const counts = new Map<ProductGroup, number>()
  const add = (group: ProductGroup, n: number) => counts.set(group, (counts.get(group) ?? 0) + n)
  for (const l of company.licenses) add(l.productGroup, 1)
  // A subscription counts as the licenses it holds: /manage's answer carries only the few that decide its state.
  for (const s of company.subscriptions)
    if (s.licenses[0]) add(s.licenses[0].productGroup, Math.max(s.licenses.length, s.quantity + s.lapsingQuantity))
  let group: ProductGroup = 'wallaby'
  let most = 0
  for (const [g, n] of counts) {
    if (n > most) {
      group = g
      most = n
    }
  }
  const search = new URLSearchParams({ type: 'company', email, company: company.id })
  return shopPath(STORE_PRODUCT[group], 'buy', search)
}

export function receiptCacheKey(license: LicenseRef): string {
  return `${license.owner}\u0000${license.id}`
}
