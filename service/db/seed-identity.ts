/**
 * The demo data's company identity settings: Acme Corp's verified domain (acme.test), so that a newcomer sees a
 * verified domain in the Domains dialog. The token is fixed: the demo is the same every time.
 */
import type { Insertable } from 'kysely'
import type { CompanyDomainTable } from './schema.js'

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
