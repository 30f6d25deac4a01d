import { Button } from '#app/components/themes'
import { useLocation } from '@remix-run/react'
import type { CompanyActionProps } from '../shared/row-actions'
import { SectionLink } from '../shared/section-link'
import { exportSeatsUrl } from './urls'

/** Export CSV (the table's search and filter) for anyone who sees the seats; Import CSV for those who may assign. */
export function SeatCsvLinks({ company }: CompanyActionProps) {
  const location = useLocation()
  if (company.licenses.length === 0) return null
  return (
    <>
      <Button asChild variant="soft" size="2">
        <a
          href={exportSeatsUrl(company.id, location.search)}
          download
          aria-label={`Export CSV of the licenses of ${company.name}`}
        >
          Export CSV
        </a>
      </Button>
      {company.canAssign ? (
        <SectionLink
          target={{ dialog: 'import-seats', company: company.id }}
          label="Import CSV"
          companyName={company.name}
        />
      ) : null}
    </>
  )
}
