// The demo's verified domain (Acme Corp, acme.test), with a fixed token so the demo is the same every time.
import type { Insertable } from 'kysely'
import type { CompanyDomainTable } from '../service/db/schema.js'

export function demoVerifiedDomain(
  companyId: string,
  domain: string,
  claimedBy: string,
  at: (days: number) => number,
): Insertable<CompanyDomainTable> {
  return {
    company_id: companyId,
    domain,
    token: 'demo0000verification0000token000',
    status: 'verified',
    claimed_by: claimedBy,
    claimed_at: at(-30),
    verified_at: at(-30),
    checked_at: at(0),
    check_outcome: 'found',
    check_message: `${domain} carries the record license-portal-verification=demo0000verification0000token000.`,
    failing_since: null,
  }
}
