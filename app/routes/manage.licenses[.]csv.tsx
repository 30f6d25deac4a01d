/**
 * `/manage/licenses.csv?company=ID`: a company's licenses as a CSV download (Product, Order, Key, Assigned to, Expiry,
 * Subscription), in the license table's order; with the table's search and filter (`q-ID`, `filter-ID`, as on the
 * page), only the licenses they match. The same columns import back (Import Seat Assignments).
 */
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { matchesFilter, matchesSearch, tableView } from '#app/rules/license-windows'
import { exportHeader, seatRows } from '#app/rules/seats-csv'
import { csvResponse, toCsv } from '#app/utils/csv.server'
import { callLicensing } from '#app/utils/licensing.server'
import { requireUser } from '#app/utils/session.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const companyId = url.searchParams.get('company')
  const answer = await callLicensing('retrieveDetails', {}, { credential: user.credential, context })
  // A session the service no longer accepts: /manage shows why.
  if (!answer.ok) throw redirect('/manage')
  const company = answer.result.body.companies.find((c) => c.id === companyId)
  if (!company) throw json({ message: 'Not found' }, { status: 404 })
  const { search, filter } = tableView(url.searchParams, company.id)
  const now = Date.now()
  const licenses = company.licenses.filter((l) => matchesSearch(l, search) && matchesFilter(l, filter, now))
  return csvResponse(toCsv(exportHeader, seatRows(licenses)), `licenses-${company.name}.csv`)
}
