import { Button } from '#app/components/themes'
import { Link, useLocation } from '@remix-run/react'
import { mayManageApiTokens } from '#protocol/permissions/roles'
import type { CompanyActionProps } from '../shared/row-actions'
import { dialogUrl } from '../shared/urls'

export function ApiTokensLink({ company, admin }: CompanyActionProps) {
  const location = useLocation()
  if (!mayManageApiTokens(company, admin)) return null
  return (
    <Button asChild variant="soft" size="2">
      <Link
        to={dialogUrl({ dialog: 'api-tokens', company: company.id }, location.search)}
        preventScrollReset
        aria-label={`API tokens for ${company.name}`}
      >
        API tokens
      </Link>
    </Button>
  )
}

/** A token that reads the account's own licenses. */
export function PersonalApiTokensLink() {
  const location = useLocation()
  return (
    <Button asChild variant="soft" size="2" mb="3">
      <Link to={dialogUrl({ dialog: 'api-tokens' }, location.search)} preventScrollReset>
        Personal API tokens
      </Link>
    </Button>
  )
}
