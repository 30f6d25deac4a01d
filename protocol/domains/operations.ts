// The verified domains' calls, their payloads and answers.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { ProductGroup } from '../entities.js'
import { DomainName } from './domains.js'

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
