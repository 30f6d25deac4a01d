import { Link } from '@radix-ui/themes'
import { Link as RemixLink, useLocation } from '@remix-run/react'
import type { CompanyActionProps } from '../shared/row-actions'
import { showBulkRenew, showNewSubscription } from '#app/rules/company'
import { labels } from '#app/rules/messages'
import { dialogUrl } from '../shared/urls'
import { companyStoreLink } from './renewal-rules'

/** §2/§5 "Bulk Renew/Co-term": opens the company's Renew/Co-term Multiple Licenses Request dialog. */
export function BulkRenewLink({ company }: CompanyActionProps) {
  const location = useLocation()
  if (!showBulkRenew(company)) return null
  return (
    <Link asChild size="2">
      <RemixLink to={dialogUrl({ dialog: 'bulk-renew', company: company.id }, location.search)} preventScrollReset>
        {labels.bulkRenew}
        <span className="visually-hidden"> for {company.name}</span>
      </RemixLink>
    </Link>
  )
}

/** §5/§7 "New Subscription": the company store link with the user's email, in a new tab. */
export function NewSubscriptionLink({ company, email }: CompanyActionProps) {
  if (!showNewSubscription(company)) return null
  return (
    <Link href={companyStoreLink(company, email)} size="2" target="_blank" rel="noopener">
      {labels.newSubscription}
      <span className="visually-hidden"> for {company.name} (opens in a new tab)</span>
    </Link>
  )
}
