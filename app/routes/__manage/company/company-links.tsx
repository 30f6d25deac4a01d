import { Button } from '@radix-ui/themes'
import { Link, useLocation } from '@remix-run/react'
import { showBulkAssign, showOfflineKeys, showPermissions } from '#app/rules/company'
import { labels } from '#app/rules/messages'
import { dialogUrl, type CompanyDialog } from '#app/routes/__manage/shared/urls'
import type { CompanyActionProps } from '../company-actions'

function SectionLink({ target, label, companyName }: { target: CompanyDialog; label: string; companyName: string }) {
  const location = useLocation()
  return (
    <Button asChild variant="soft" size="2">
      <Link to={dialogUrl(target, location.search)} preventScrollReset aria-label={`${label} for ${companyName}`}>
        {label}
      </Link>
    </Button>
  )
}

/** §5 Permissions link: canAddResellers or canAddUsers. */
export function PermissionsLink({ company }: CompanyActionProps) {
  if (!showPermissions(company)) return null
  return (
    <SectionLink
      target={{ dialog: 'permissions', company: company.id }}
      label={labels.permissions}
      companyName={company.name}
    />
  )
}

/** §5 Bulk Assign: an assignable license, canAssign, and a license without a subscription. */
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

/** §5 Offline Keys: a license without a subscription. */
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
