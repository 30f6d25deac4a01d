// Passthroughs travel through the buyer's browser, so what matters is signed; an edited one no longer verifies.
import crypto from 'node:crypto'
import { normalizeEmail } from '../../protocol/shared/email.js'
import type { LicenseRef } from '../../protocol/entities.js'

/** Keeps these MACs apart from each other and from every other use of the service secret. */
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

/** `{name, referrer?, companyId, email, sig}`; the caller has checked `email` may purchase for the company. */
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

/** Null unless the signature is the service's own. */
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

/** `{renewal: [{id, owner}], coterm, sig}`. */
export function renewalPassthrough(secret: Buffer, r: Renewal): string {
  const renewal = r.renewal.map(({ id, owner }) => ({ id, owner }))
  return JSON.stringify({ renewal, coterm: r.coterm, sig: renewalMac(secret, { renewal, coterm: r.coterm }) })
}

export function verifiedRenewal(secret: Buffer, p: Renewal & { sig?: string }): boolean {
  return sameMac(renewalMac(secret, p), p.sig)
}
