import { showBulkAssign, showOfflineKeys } from '#app/rules/company'
import { labels } from '#app/rules/messages/labels'
import type { CompanyActionProps } from '../shared/row-actions'
import { SectionLink } from '../shared/section-link'

/** §5: an assignable license, canAssign, and a license without a subscription. */
export function BulkAssignLink({ company, now }: CompanyActionProps) {
  if (!showBulkAssign(company, now)) return null
  return (
    <SectionLink
      target={{ dialog: 'bulk-assign', company: company.id }}
      label={labels.bulkAssign}
      companyName={company.name}
    />
  )
}

/** §5: a license without a subscription. */
export function OfflineKeysLink({ company }: CompanyActionProps) {
  if (!showOfflineKeys(company)) return null
  return (
    <SectionLink
      target={{ dialog: 'offline-keys', company: company.id }}
      label={labels.offlineKeys}
      companyName={company.name}
    />
  )
}
