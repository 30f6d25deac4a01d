import { filterParam, searchParam } from '#app/rules/license-windows'

/** Carries the plan the import's confirmation confirms. */
export const PLAN_FIELD_NAME = 'plan'

/** With the table's search and filter (`search` is the page's query), so the file holds what the table shows. */
export function exportSeatsUrl(companyId: string, search = ''): string {
  const params = new URLSearchParams({ company: companyId })
  const page = new URLSearchParams(search)
  for (const name of [searchParam(companyId), filterParam(companyId)]) {
    const value = page.get(name)
    if (value) params.set(name, value)
  }
  return `/manage/licenses.csv?${params.toString()}`
}
