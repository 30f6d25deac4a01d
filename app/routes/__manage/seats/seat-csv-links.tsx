import { Button } from '@radix-ui/themes'
import { Link } from '@remix-run/react'
import type { CompanyActionProps } from '../company-actions'
import { exportSeatsUrl, importSeatsUrl } from './urls'

/** The seat list as a spreadsheet: Export CSV for anyone who sees the licenses, Import CSV for those who may assign. */
export function SeatCsvLinks({ company }: CompanyActionProps) {
  if (company.licenses.length === 0) return null
  return (
    <>
      <Button asChild variant="soft" size="2">
        <a href={exportSeatsUrl(company.id)} download aria-label={`Export CSV of the licenses of ${company.name}`}>
          Export CSV
        </a>
      </Button>
      {company.canAssign ? (
        <Button asChild variant="soft" size="2">
          <Link
            to={importSeatsUrl(company.id)}
            preventScrollReset
            aria-label={`Import seat assignments for ${company.name}`}
          >
            Import CSV
          </Link>
        </Button>
      ) : null}
    </>
  )
}
