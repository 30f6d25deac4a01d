/**
 * `/manage/activity.csv?company=ID&kind=K&person=EMAIL`: the Activity dialog's filtered log as a CSV download, every
 * page of it (When, Who, Kind, What, Details). The service decides who may read which log; a refusal is a 404 here.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { ACTIVITY_MAX_PAGE_SIZE, activityKindLabels, type ActivityEntry } from '#protocol/activity'
import { formatDateTime } from '#app/rules/dates'
import { csvResponse, toCsv } from '#app/utils/csv.server'
import { requireUser } from '#app/utils/session.server'
import { activityFilter, activityPage } from './__manage/activity/activity.server'

/** An export stops here: a log longer than this is exported filtered (by kind or person) instead. */
const MAX_PAGES = 100

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const filter = activityFilter(new URL(request.url).searchParams)
  const entries: ActivityEntry[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await activityPage({ user, context }, { ...filter, page }, ACTIVITY_MAX_PAGE_SIZE)
    if (!answer.ok) throw json({ message: 'Not found' }, { status: 404 })
    entries.push(...answer.result.entries)
    if (entries.length >= answer.result.total || answer.result.entries.length === 0) break
  }
  const rows = entries.map((entry) => [
    `${formatDateTime(entry.at, { utc: true })} UTC`,
    entry.actor,
    activityKindLabels[entry.kind],
    entry.summary,
    entry.details.join('\n'),
  ])
  const name = filter.company ? `activity-${filter.company}.csv` : 'account-activity.csv'
  return csvResponse(toCsv(['When', 'Who', 'Kind', 'What', 'Details'], rows), name)
}
