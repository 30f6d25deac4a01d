// Verified domains: proved by a DNS TXT record; a verified domain belongs to one company only.
import { DAY_MS } from '../shared/dates.js'
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { ProductGroup } from '../entities.js'

export const VERIFICATION_PREFIX = 'license-portal-verification='

export const verificationRecord = (token: string) => `${VERIFICATION_PREFIX}${token}`

/** Who the activity log names for what the re-check of verified domains changes. */
export const DNS_CHECK = 'DNS check'

export const MAX_DOMAINS = 50

export const DOMAIN_RECHECK_MS = 6 * 60 * 60 * 1000
/** How long a verified domain whose record has gone stays verified. */
export const DOMAIN_GRACE_MS = 3 * DAY_MS

export const domainRequired = 'Domain must be provided.'
export const domainInvalid = 'Domain is not valid: enter a name such as acme.com.'

const LABEL = '(?!-)[a-z0-9-]{1,63}(?<!-)'
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`)

/** A domain as stored and compared: lower-case, no trailing dot, punycode; null when it is not a domain name. */
export function normalizeDomain(input: string): string | null {
  const value = input.trim().toLowerCase().replace(/\.$/, '')
  if (!value || value.length > 253 || /[\s/:@?#\\[\]%]/.test(value)) return null
  let ascii: string
  try {
    ascii = new URL(`http://${value}`).hostname
  } catch {
    return null
  }
  return ascii.length <= 253 && DOMAIN_PATTERN.test(ascii) ? ascii : null
}

export function domainOfEmail(email: string): string | null {
  const at = email.lastIndexOf('@')
  return at < 0 ? null : normalizeDomain(email.slice(at + 1))
}

export const DomainName = z.pipe(
  z.string({ message: domainRequired }).check(
    z.trim(),
    z.minLength(1, { message: domainRequired }),
    z.maxLength(253, { message: domainInvalid }),
    z.refine((value) => normalizeDomain(value) !== null, { message: domainInvalid }),
  ),
  z.transform((value) => normalizeDomain(value) ?? value),
)

export const DomainStatus = z.enum(['pending', 'verified'])
export type DomainStatus = z.infer<typeof DomainStatus>

/** found: the record is there; missing: DNS answered without it; failed: DNS did not answer. */
export const CheckOutcome = z.enum(['found', 'missing', 'failed'])
export type CheckOutcome = z.infer<typeof CheckOutcome>

export const DomainEntry = z.object({
  domain: z.string(),
  status: DomainStatus,
  /** The TXT record to add at the domain, exactly. */
  record: z.string(),
  claimedAt: z.number(),
  verifiedAt: z.nullable(z.number()),
  lastCheck: z.nullable(z.object({ at: z.number(), outcome: CheckOutcome, message: z.string() })),
  /** Set while a verified domain's record is missing: it stops being verified at this time plus the grace period. */
  failingSince: z.nullable(z.number()),
  /** The products anyone who signs in with an address at the domain receives a seat of (while it is verified). */
  autoJoin: z.array(ProductGroup),
})
export type DomainEntry = z.infer<typeof DomainEntry>

const companyId = Id
const completed = z.object({ completed: z.literal(true) })

export const domainOperations = {
  /** The company's domains, newest claim first (its administrators and platform administrators). */
  retrieveDomains: {
    reads: true,
    payload: z.object({ companyId }),
    result: z.object({
      companyName: z.string(),
      domains: z.array(DomainEntry),
      /** The products auto-join can give: those the company has licenses of, with the catalog's names. */
      products: z.array(z.object({ productGroup: ProductGroup, name: z.string() })),
    }),
  },
  /** Claims a domain (a claim held already answers as it is); refused when another company verified it. */
  claimDomain: { payload: z.object({ companyId, domain: DomainName }), result: z.object({ domain: DomainEntry }) },
  /** Looks the record up now: `verified` when it is there; otherwise `message` says what DNS answered. */
  verifyDomain: {
    payload: z.object({ companyId, domain: DomainName }),
    result: z.object({ verified: z.boolean(), message: z.string(), domain: DomainEntry }),
  },
  removeDomain: { payload: z.object({ companyId, domain: DomainName }), result: completed },
  /** The products people at a verified domain get a seat of on sign-in (none: off); INVALID_STATE when unverified. */
  setAutoJoin: {
    payload: z.object({ companyId, domain: DomainName, productGroups: z.array(ProductGroup).check(z.maxLength(4)) }),
    result: z.object({ domain: DomainEntry }),
  },
}

export function autoJoinSavedMessage(domain: string, names: readonly string[]): string {
  return names.length === 0
    ? `Auto-join is off for ${domain}.`
    : `Saved: people who sign in with an address at ${domain} receive a seat of ${names.join(' and ')} while seats are free, then wait in the queue.`
}

export const autoJoinNeedsVerification = (domain: string) =>
  `${domain} is not verified: verify it first, then turn auto-join on.`

/** "acme.com is verified by another company …": the refusal of a second claim. */
export function domainTakenMessage(domain: string): string {
  return `${domain} is verified by another company; a domain can belong to one company only. If ${domain} is yours, contact support.`
}
