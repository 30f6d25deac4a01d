import { mayManageDomains } from '#protocol/permissions/roles'
import type { CompanyActionProps } from '../shared/row-actions'
import { SectionLink } from '../shared/section-link'

/** A company's Single Sign-On: for its administrators and platform administrators (as its Domains). */
export function CompanySignInLink({ company, admin }: CompanyActionProps) {
  if (!mayManageDomains(company, admin)) return null
  return (
    <SectionLink
      target={{ dialog: 'company-sign-in', company: company.id }}
      label="Single Sign-On"
      companyName={company.name}
    />
  )
}
