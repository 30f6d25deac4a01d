import { Button } from '#app/components/themes'
import type { CompanyActionProps } from '../shared/row-actions'
import { SectionLink } from '../shared/section-link'
import { showBulkRenew, showNewSubscription } from '#app/rules/company'
import { labels } from '#app/rules/messages/labels'
import { companyStoreLink } from './renewal-rules'

/** §2/§5 "Bulk Renew/Co-term": opens the company's Renew/Co-term Multiple Licenses Request dialog. */
export function BulkRenewLink({ company }: CompanyActionProps) {
  if (!showBulkRenew(company)) return null
  return (
    <SectionLink
      target={{ dialog: 'bulk-renew', company: company.id }}
      label={labels.bulkRenew}
      companyName={company.name}
    />
  )
}

/** §5/§7 "New Subscription": the company store link with the user's email, in a new tab. */
export function NewSubscriptionLink({ company, email }: CompanyActionProps) {
  if (!showNewSubscription(company)) return null
  // Styled as the section's other actions (a soft button), and named by its label first.
  return (
    <Button asChild variant="soft" size="2">
      <a href={companyStoreLink(company, email)} target="_blank" rel="noopener noreferrer">
        {labels.newSubscription}
        <span className="visually-hidden"> for {company.name} (opens in a new tab)</span>
      </a>
    </Button>
  )
}
