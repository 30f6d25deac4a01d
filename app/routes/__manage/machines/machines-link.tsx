import { useLocation } from '@remix-run/react'
import { licenseWords } from '#app/rules/license'
import type { LicenseActionProps } from '../shared/row-actions'
import { RowLink } from '../shared/row-link'
import { dialogUrl } from '../shared/urls'

/** Every row: its holder sees its machines, and so do the company's people (the service decides who may deactivate). */
export function MachinesAction({ license }: LicenseActionProps) {
  const location = useLocation()
  return (
    <RowLink
      to={dialogUrl({ dialog: 'machines', license: license.id, owner: license.owner }, location.search)}
      label={`Machines of ${licenseWords(license)}`}
    >
      Machines
    </RowLink>
  )
}
