import { Button } from '#app/components/themes'
import { Link, useLocation } from '@remix-run/react'
import { mayManageWebhooks } from '#protocol/permissions/roles'
import type { CompanyActionProps } from '../shared/row-actions'
import { dialogUrl } from '../shared/urls'

export function WebhooksLink({ company, admin }: CompanyActionProps) {
  const location = useLocation()
  if (!mayManageWebhooks(company, admin)) return null
  return (
    <Button asChild variant="soft" size="2">
      <Link
        to={dialogUrl({ dialog: 'webhooks', company: company.id }, location.search)}
        preventScrollReset
        aria-label={`Webhooks for ${company.name}`}
      >
        Webhooks
      </Link>
    </Button>
  )
}
