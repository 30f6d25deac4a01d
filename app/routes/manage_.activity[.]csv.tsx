// The Activity dialog's log as CSV, streamed by the last entry's position; a later refusal breaks the download off.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { ACTIVITY_MAX_PAGE_SIZE, activityKindLabels } from '#protocol/activity/activity'
import type { ActivityEntry } from '#protocol/activity/operations'
import { formatDateTime } from '#protocol/shared/dates'
import { csvResponse, csvRows } from '#app/utils/csv.server'
import { requireUser } from '#app/utils/session.server'
import { activityFilter, activityPage } from './__manage/activity/activity.server'
import { requireKnownReferences } from './__manage/shared/references.server'

const HEADER = ['When', 'Who', 'Kind', 'What', 'Details']

const row = (entry: ActivityEntry) => [
  `${formatDateTime(entry.at, { utc: true })} UTC`,
  entry.actor,
  activityKindLabels[entry.kind],
  entry.summary,
  entry.details.join('\n'),
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  requireKnownReferences(url)
  const filter = { ...activityFilter(url.searchParams), page: 1 }
  const read = (after?: { at: number; id: number }) =>
    activityPage({ user, context }, filter, ACTIVITY_MAX_PAGE_SIZE, after)
  const first = await read()
  if (!first.ok) throw json({ message: 'Not found' }, { status: 404 })

  const encoder = new TextEncoder()
  let last = first.result.entries.at(-1)
  let more = first.result.entries.length === ACTIVITY_MAX_PAGE_SIZE
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRows([HEADER, ...first.result.entries.map(row)], { bom: true })))
    },
    async pull(controller) {
      if (!more || !last) return controller.close()
      const page = await read({ at: last.at, id: last.id })
      if (!page.ok) return controller.error(new Error(page.message))
      const entries = page.result.entries
      if (entries.length > 0) controller.enqueue(encoder.encode(csvRows(entries.map(row))))
      last = entries.at(-1)
      more = entries.length === ACTIVITY_MAX_PAGE_SIZE
    },
  })
  const name = filter.company ? `activity-${filter.company}.csv` : 'account-activity.csv'
  return csvResponse(body, name)
}
