import type { ActivityKind } from '#protocol/activity/activity'
import { dialogUrl } from '../shared/urls'

/** Shared by the dialog, its pages and its CSV export. */
export type ActivityQuery = { company?: string; kind?: ActivityKind; person?: string; page?: number }

export function activityQuery(query: ActivityQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.company) params.set('company', query.company)
  if (query.kind) params.set('kind', query.kind)
  if (query.person) params.set('person', query.person)
  if (query.page && query.page > 1) params.set('page', String(query.page))
  return params
}

export function activityUrl(query: ActivityQuery): string {
  return dialogUrl({ dialog: 'activity', ...Object.fromEntries(activityQuery(query)) })
}

/** Every page. */
export function activityCsvUrl(query: Omit<ActivityQuery, 'page'>): string {
  const params = activityQuery(query).toString()
  return `/manage/activity.csv${params ? `?${params}` : ''}`
}
