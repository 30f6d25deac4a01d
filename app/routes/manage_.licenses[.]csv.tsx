/**
 * `/manage/licenses.csv?company=ID`: a company's licenses as a CSV download (Product, Order, Key, Assigned to, Expiry,
 * Subscription), in the license table's order; with the table's search and filter (`q-ID`, `filter-ID`, as on the
 * page), only the licenses they match. The same columns import back (Import Seat Assignments).
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { matchesFilter, matchesSearch, tableView } from '#app/rules/license-windows'
import { exportHeader, seatRows } from '#app/rules/seats-csv'
import { csvResponse, toCsv } from '#app/utils/csv.server'
import { requireUser } from '#app/utils/session.server'
import { readCompanyLicenses } from './__manage/shared/license-reads.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  // The company's table alone (bounded by the read's limit), never the whole account; not the user's: a 404.
  const { company, licenses: every } = await readCompanyLicenses({ user, context }, url.searchParams.get('company'))
  const { search, filter } = tableView(url.searchParams, company.id)
  const now = Date.now()
  const licenses = every.filter((l) => matchesSearch(l, search) && matchesFilter(l, filter, now))
  return csvResponse(toCsv(exportHeader, seatRows(licenses)), `licenses-${company.name}.csv`)
}
