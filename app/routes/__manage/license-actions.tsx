import type { Company, License } from '#protocol/entities'
import { AssignAction, OfflineKeyAction, RemoveLicenseAction } from './company/license-row-actions'
import { RenewAction } from './renewals/renew-action'
import { rt } from '#app/components/radix-classes'

export type LicenseActionProps = { license: License; company?: Company; admin: boolean; now: number }

/**
 * The per-license actions of a license row (spec §2): each capability contributes its own component here
 * (assignment, renew, offline key, receipt, administrator remove). Each renders nothing when it does not apply.
 */
const contributions: Array<(props: LicenseActionProps) => JSX.Element | null> = [
  AssignAction,
  RenewAction,
  OfflineKeyAction,
  RemoveLicenseAction,
]

export function LicenseActions(props: LicenseActionProps) {
  return (
    // A plain element with `<Flex gap="2" wrap="wrap" align="center">`'s classes: one per row (see radix-classes).
    <div className={rt.flexRowWrap}>
      {contributions.map((Action, i) => (
        <Action key={i} {...props} />
      ))}
    </div>
  )
}

export const hasLicenseActions = () => contributions.length > 0
