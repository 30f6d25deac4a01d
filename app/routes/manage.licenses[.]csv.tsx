/**
 * `/manage/licenses.csv?company=ID`: a company's licenses as a CSV download (Product, Order, Key, Assigned to, Expiry,
 * Subscription), in the license table's order. The same columns import back (Import Seat Assignments).
 */
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { exportHeader, seatRows } from '#app/rules/seats-csv'
import { csvResponse, toCsv } from '#app/utils/csv.server'
import { callLicensing } from '#app/utils/licensing.server'
import { requireUser } from '#app/utils/session.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const companyId = new URL(request.url).searchParams.get('company')
  const answer = await callLicensing('retrieveDetails', {}, { credential: user.credential, context })
  // A session the service no longer accepts: /manage shows why.
  if (!answer.ok) throw redirect('/manage')
  const company = answer.result.body.companies.find((c) => c.id === companyId)
  if (!company) throw json({ message: 'Not found' }, { status: 404 })
  return csvResponse(toCsv(exportHeader, seatRows(company.licenses)), `licenses-${company.name}.csv`)
}
