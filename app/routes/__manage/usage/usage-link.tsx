import { Button } from '#app/components/themes'
import { Link } from '@remix-run/react'
import { mayReadCompanyActivity } from '#protocol/permissions/roles'
import type { CompanyActionProps } from '../shared/row-actions'
import { usageUrl } from './urls'

export function UsageLink({ company, admin }: CompanyActionProps) {
  if (!mayReadCompanyActivity(company, admin)) return null
  return (
    <Button asChild variant="soft" size="2">
      <Link to={usageUrl(company.id)} aria-label={`Usage for ${company.name}`}>
        Usage
      </Link>
    </Button>
  )
}
