import { mayManageDomains } from '#protocol/permissions/roles'
import type { CompanyActionProps } from '../shared/row-actions'
import { SectionLink } from '../shared/section-link'

/** A company's Domains: for its administrators and platform administrators. */
export function DomainsLink({ company, admin }: CompanyActionProps) {
  if (!mayManageDomains(company, admin)) return null
  return <SectionLink target={{ dialog: 'domains', company: company.id }} label="Domains" companyName={company.name} />
}
