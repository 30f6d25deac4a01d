// The usage page's figures as CSV: one row per product and month, empty where no figure was recorded.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { usageCsvHeader, usageCsvRows } from '#app/rules/usage'
import { csvResponse, toCsv } from '#app/utils/csv.server'
import { requireUser } from '#app/utils/session.server'
import { readUsage } from './__manage/usage/usage.server'
import { requireKnownReferences } from './__manage/shared/references.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  requireKnownReferences(url)
  const usage = await readUsage({ user, context }, url.searchParams.get('company'))
  return csvResponse(toCsv(usageCsvHeader, usageCsvRows(usage.products)), `usage-${usage.company.name}.csv`)
}
