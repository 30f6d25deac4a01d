import { mayManagePermissions } from '#protocol/permissions/roles'
import { labels } from '#app/rules/messages/labels'
import type { CompanyActionProps } from '../shared/row-actions'
import { SectionLink } from '../shared/section-link'

/** §5: canAddResellers or canAddUsers. */
export function PermissionsLink({ company }: CompanyActionProps) {
  if (!mayManagePermissions(company)) return null
  return (
    <SectionLink
      target={{ dialog: 'permissions', company: company.id }}
      label={labels.permissions}
      companyName={company.name}
    />
  )
}
