import { Button } from '#app/components/themes'
import { Link, useLocation } from '@remix-run/react'
import { mayManageDirectory } from '#protocol/permissions/roles'
import type { CompanyActionProps } from '../shared/row-actions'
import { dialogUrl } from '../shared/urls'

export function DirectoryLink({ company, admin }: CompanyActionProps) {
  const location = useLocation()
  if (!mayManageDirectory(company, admin)) return null
  return (
    <Button asChild variant="soft" size="2">
      <Link
        to={dialogUrl({ dialog: 'directory', company: company.id }, location.search)}
        preventScrollReset
        aria-label={`Directory for ${company.name}`}
      >
        Directory
      </Link>
    </Button>
  )
}
