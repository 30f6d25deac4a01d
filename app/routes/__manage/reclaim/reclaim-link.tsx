import { mayManageDomains } from '#protocol/permissions/roles'
import type { CompanyActionProps } from '../shared/row-actions'
import { SectionLink } from '../shared/section-link'

/** "Reclaim idle seats": for the company's administrators (who change its seats and people) and platform administrators. */
export function ReclaimLink({ company, admin }: CompanyActionProps) {
  if (!mayManageDomains(company, admin)) return null
  return (
    <SectionLink
      target={{ dialog: 'reclaim', company: company.id }}
      label="Reclaim idle seats"
      companyName={company.name}
    />
  )
}
