// A company's licenses as CSV in the table's order, with its search and filter (`q-ID`, `filter-ID`); they import back.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { MAX_LICENSES_READ } from '#protocol/shared/limits'
import { idleDaysOf, matchesFilter, matchesSearch, tableView } from '#app/rules/license-windows'
import { exportHeader, seatRows } from '#app/rules/seats-csv'
import { csvResponse, toCsv } from '#app/utils/csv.server'
import { requireUser } from '#app/utils/session.server'
import { notFound } from './__manage/shared/details.server'
import { tryReadLicenses } from './__manage/shared/license-reads.server'
import { requireKnownReferences } from './__manage/shared/references.server'

/** Refused with the number, never cut. */
export const tooManyForOneFile = `This company has more than ${MAX_LICENSES_READ.toLocaleString('en-US')} licenses, more than one seat list file holds, so no file was made. Assign seats with the license table's search, filter and row actions instead.`

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  requireKnownReferences(url)
  // The company's table alone, never the whole account; not the user's: a 404.
  const companyId = url.searchParams.get('company')
  // The idle filter needs the checks the service holds: it narrows the read there.
  const idleDays = companyId ? idleDaysOf(tableView(url.searchParams, companyId).filter) : undefined
  const read = await tryReadLicenses({ user, context }, companyId, idleDays ? { idleDays } : {})
  if (read === 'not-found') notFound()
  // A plain GET a browser shows as it is, without script too.
  if (read === 'too-many')
    return new Response(`${tooManyForOneFile}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  const { company, licenses: every } = read
  const { search, filter } = tableView(url.searchParams, company.id)
  const now = Date.now()
  const licenses = every.filter(
    (l) => matchesSearch(l, search) && (idleDays !== undefined || matchesFilter(l, filter, now)),
  )
  return csvResponse(toCsv(exportHeader, seatRows(licenses)), `licenses-${company.name}.csv`)
}
