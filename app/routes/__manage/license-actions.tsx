import { rt } from '#app/components/radix-classes'
import { RemoveLicenseAction } from './admin/admin-links'
import { AssignAction, OfflineKeyAction } from './company/license-row-actions'
import { RenewAction } from './renewals/renew-action'
import type { LicenseActionProps } from './shared/row-actions'

/**
 * The per-license actions of a license row (spec §2): assignment, renew, offline key, and for platform
 * administrators remove license. Each renders nothing when it does not apply.
 */
export function LicenseActions(props: LicenseActionProps) {
  return (
    // A plain element with `<Flex gap="2" wrap="wrap" align="center">`'s classes: one per row (see radix-classes).
    <div className={rt.flexRowWrap}>
      <AssignAction {...props} />
      <RenewAction {...props} />
      <OfflineKeyAction {...props} />
      <RemoveLicenseAction {...props} />
    </div>
  )
}
