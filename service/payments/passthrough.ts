/**
 * Checkout passthroughs the service signs. A passthrough travels through the buyer's browser (the inline frame's URL,
 * the hosted checkout's form, a provider script the buyer can call with any passthrough) and comes back in the
 * provider's webhooks, so the buyer could write their own. The service signs what it decided for the signed-in caller:
 *
 * - A purchase for an existing company (spec §5/§7 New Subscription): signed when the service checked that the
 *   account may purchase for the company (canRenew), over the company id and that account's email. A passthrough whose
 *   company or email was changed no longer verifies, and the webhook makes a new company as it does for any other
 *   organization purchase.
 * - A renewal (spec §7 renewal): signed over the licenses the caller may renew and the co-term choice, when the
 *   service priced them. A renewal naming other licenses (someone else's, or a thousand for the price of one) does not
 *   verify, and the webhook renews nothing.
 */
import crypto from 'node:crypto'
import { normalizeEmail } from '../../protocol/email.js'
import type { LicenseRef } from '../../protocol/entities.js'

/** Keep these MACs apart from each other and from every other use of the service secret (link tokens, sessions). */
const COMPANY_PURPOSE = 'checkout-company-passthrough:v1'
const RENEWAL_PURPOSE = 'checkout-renewal-passthrough:v1'

function hmac(secret: Buffer, purpose: string, parts: string[]): string {
  return crypto
    .createHmac('sha256', secret)
    .update([purpose, ...parts].join('\u0000'))
    .digest('base64url')
}

function sameMac(expected: string, given: string | undefined): boolean {
  if (!given) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

export type CompanyPurchase = { companyId: string; email: string }

const mac = (secret: Buffer, p: CompanyPurchase) =>
  hmac(secret, COMPANY_PURPOSE, [p.companyId, normalizeEmail(p.email)])

/**
 * The passthrough JSON of a purchase for `companyId` by the signed-in account `email` (which the caller has checked may
 * purchase for it): `{name, referrer?, companyId, email, sig}`.
 */
export function companyPurchasePassthrough(
  secret: Buffer,
  p: CompanyPurchase & { name: string; referrer?: string },
): string {
  const email = normalizeEmail(p.email)
  return JSON.stringify({
    name: p.name,
    ...(p.referrer ? { referrer: p.referrer } : {}),
    companyId: p.companyId,
    email,
    sig: mac(secret, { companyId: p.companyId, email }),
  })
}

/** The company and buyer a passthrough names, when its signature is the service's own; null otherwise. */
export function verifiedCompanyPurchase(
  secret: Buffer,
  p: { companyId?: string; email?: string; sig?: string },
): CompanyPurchase | null {
  if (!p.companyId || !p.email || !p.sig) return null
  const email = normalizeEmail(p.email)
  if (!sameMac(mac(secret, { companyId: p.companyId, email }), p.sig)) return null
  return { companyId: p.companyId, email }
}

export type Renewal = { renewal: LicenseRef[]; coterm: boolean }

const renewalMac = (secret: Buffer, r: Renewal) =>
  hmac(secret, RENEWAL_PURPOSE, [JSON.stringify({ coterm: r.coterm, renewal: r.renewal.map((l) => [l.id, l.owner]) })])

/** The passthrough JSON of a renewal the service priced for the caller: `{renewal: [{id, owner}], coterm, sig}`. */
export function renewalPassthrough(secret: Buffer, r: Renewal): string {
  const renewal = r.renewal.map(({ id, owner }) => ({ id, owner }))
  return JSON.stringify({ renewal, coterm: r.coterm, sig: renewalMac(secret, { renewal, coterm: r.coterm }) })
}

/** Whether a renewal passthrough is one the service signed, unchanged. */
export function verifiedRenewal(secret: Buffer, p: Renewal & { sig?: string }): boolean {
  return sameMac(renewalMac(secret, p), p.sig)
}
