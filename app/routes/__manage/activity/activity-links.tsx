import { Button } from '#app/components/themes'
import { Link } from '@remix-run/react'
import { mayReadCompanyActivity } from '#protocol/permissions/roles'
import type { CompanyActionProps } from '../shared/row-actions'
import { activityUrl } from './urls'

/** For its administrators and platform administrators, not for managers. */
export function CompanyActivityLink({ company, admin }: CompanyActionProps) {
  if (!mayReadCompanyActivity(company, admin)) return null
  return (
    <Button asChild variant="soft" size="2">
      <Link to={activityUrl({ company: company.id })} preventScrollReset aria-label={`Activity for ${company.name}`}>
        Activity
      </Link>
    </Button>
  )
}

/** Email changes, sign-in method changes, activations. */
export function AccountActivityLink() {
  return (
    <Button asChild variant="soft" size="2" mb="3">
      <Link to={activityUrl({})} preventScrollReset>
        Account Activity
      </Link>
    </Button>
  )
}
