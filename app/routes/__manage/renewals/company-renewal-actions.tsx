import { Link } from '@radix-ui/themes'
import { Link as RemixLink, useLocation } from '@remix-run/react'
import type { CompanyActionProps } from '#app/routes/__manage/company-actions'
import { showBulkRenew, showNewSubscription } from '#app/rules/company'
import { labels } from '#app/rules/messages'
import { companyStoreLink } from '#app/routes/__manage/renewals/renewal-rules'

/** §2/§5 "Bulk Renew/Co-term": opens the company's Renew/Co-term Multiple Licenses Request dialog. */
export function BulkRenewLink({ company }: CompanyActionProps) {
  const location = useLocation()
  if (!showBulkRenew(company)) return null
  const params = new URLSearchParams({ dialog: 'bulk-renew', company: company.id })
  if (new URLSearchParams(location.search).get('inactive') === 'show') params.set('inactive', 'show')
  return (
    <Link asChild size="2">
      <RemixLink to={`/manage?${params}`} preventScrollReset>
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
