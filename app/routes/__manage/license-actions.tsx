import { Flex, plainProps } from '#app/components/themes'
import { RemoveLicenseAction } from './admin/admin-links'
import { AssignAction, OfflineKeyAction } from './company/license-row-actions'
import { RenewAction } from './renewals/renew-action'
import { MachinesAction } from './machines/machines-link'
import type { LicenseActionProps } from './shared/row-actions'

const actions = plainProps(<Flex gap="2" wrap="wrap" align="center" />)

/** Spec §2; each renders nothing when it does not apply. On every row: a plain element (plainProps). */
export function LicenseActions(props: LicenseActionProps) {
  return (
    <div {...actions()}>
      <AssignAction {...props} />
      <RenewAction {...props} />
      <OfflineKeyAction {...props} />
      <MachinesAction {...props} />
      <RemoveLicenseAction {...props} />
    </div>
  )
}
