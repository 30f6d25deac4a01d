import { Flex, Text } from '#app/components/themes'
import { CompanyActivityLink } from './activity/activity-links'
import { ApiTokensLink } from './api-tokens/api-tokens-links'
import { BulkAssignLink, OfflineKeysLink } from './company/company-links'
import { DomainsLink } from './domains/domains-link'
import { CompanySignInLink } from './company-sign-in/company-sign-in-link'
import { DirectoryLink } from './directory/directory-link'
import { PermissionsLink } from './permissions/permissions-link'
import { ReclaimLink } from './reclaim/reclaim-link'
import { BulkRenewLink, NewSubscriptionLink } from './renewals/company-renewal-actions'
import { SeatCsvLinks } from './seats-csv/seat-csv-links'
import type { CompanyActionProps } from './shared/row-actions'
import { UsageLink } from './usage/usage-link'
import { WebhooksLink } from './webhooks/webhooks-link'

/** The company section's actions (spec §2), each rendering nothing when its flags say no. */
export function CompanyActions(props: CompanyActionProps) {
  return (
    <Flex direction="column" gap="2" mb="3" asChild>
      <nav aria-label={`${props.company.name} actions`}>
        <Flex gap="3" wrap="wrap" align="center">
          <PermissionsLink {...props} />
          <BulkAssignLink {...props} />
          <BulkRenewLink {...props} />
          <OfflineKeysLink {...props} />
          <NewSubscriptionLink {...props} />
          <SeatCsvLinks {...props} />
        </Flex>
        <Flex
          gap="1"
          wrap="wrap"
          align="center"
          className="company-actions-more"
          role="group"
          aria-label="Administration"
        >
          <Text size="2" color="gray" mr="1" aria-hidden>
            Administration:
          </Text>
          <CompanyActivityLink {...props} />
          <UsageLink {...props} />
          <ReclaimLink {...props} />
          <DomainsLink {...props} />
          <CompanySignInLink {...props} />
          <DirectoryLink {...props} />
          <WebhooksLink {...props} />
          <ApiTokensLink {...props} />
        </Flex>
      </nav>
    </Flex>
  )
}
