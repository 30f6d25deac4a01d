/**
 * The checkout passthrough of a purchase for an existing company (spec §5/§7 New Subscription). The passthrough travels
 * through the buyer's browser (the inline frame's URL, the hosted checkout's form) and comes back in the provider's
 * webhooks, so the buyer could edit it. A company purchase therefore carries a signature, made by the service when it
 * checked that the signed-in account may purchase for the company (canRenew), over the company id and that account's
 * email: a passthrough whose company or email was changed no longer verifies, and the webhook makes a new company as it
 * does for any other organization purchase.
 */
import crypto from 'node:crypto'
import { normalizeEmail } from '../../protocol/email.js'

/** Keeps this MAC apart from every other use of the service secret (link tokens, sessions). */
const PURPOSE = 'checkout-company-passthrough:v1'

export type CompanyPurchase = { companyId: string; email: string }

function mac(secret: Buffer, p: CompanyPurchase): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${PURPOSE}\u0000${p.companyId}\u0000${normalizeEmail(p.email)}`)
    .digest('base64url')
}

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
  const expected = Buffer.from(mac(secret, { companyId: p.companyId, email }))
  const given = Buffer.from(p.sig)
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
  return { companyId: p.companyId, email }
}
