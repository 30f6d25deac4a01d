import { Flex } from '@radix-ui/themes'
import type { Company } from '#protocol/entities'
import { BulkAssignLink, OfflineKeysLink, PermissionsLink } from './company/company-links'
import { BulkRenewLink, NewSubscriptionLink } from './renewals/company-renewal-actions'
import { CompanyActivityLink } from './activity/activity-links'
import { SeatCsvLinks } from './seats/seat-csv-links'

export type CompanyActionProps = { company: Company; admin: boolean; now: number; email: string }

/**
 * The company-wide actions of a company section (spec §2): Permissions, Bulk Assign, Bulk Renew/Co-term, Offline Keys,
 * New Subscription. Each capability contributes its own component; each renders nothing when its flags say no.
 */
const contributions: Array<(props: CompanyActionProps) => JSX.Element | null> = [
  PermissionsLink,
  BulkAssignLink,
  BulkRenewLink,
  OfflineKeysLink,
  NewSubscriptionLink,
  SeatCsvLinks,
  CompanyActivityLink,
]

export function CompanyActions(props: CompanyActionProps) {
  return (
    <Flex gap="3" wrap="wrap" align="center" mb="3" asChild>
      <nav aria-label={`${props.company.name} actions`}>
        {contributions.map((Action, i) => (
          <Action key={i} {...props} />
        ))}
      </nav>
    </Flex>
  )
}
