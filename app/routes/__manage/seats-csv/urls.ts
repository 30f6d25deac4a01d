import { filterParam, searchParam } from '#app/rules/license-windows'

/** The seat list's CSV export address, and the import form's plan field. (The import dialog's address: `shared/urls.ts`.) */

/** The field of the import's confirmation form that carries the plan it confirms. */
export const PLAN_FIELD_NAME = 'plan'

/**
 * The company's seat list as CSV: with the license table's search and filter as the page has them (`search` is the
 * page's query), so the file holds the licenses the table is narrowed to.
 */
export function exportSeatsUrl(companyId: string, search = ''): string {
  const params = new URLSearchParams({ company: companyId })
  const page = new URLSearchParams(search)
  for (const name of [searchParam(companyId), filterParam(companyId)]) {
    const value = page.get(name)
    if (value) params.set(name, value)
  }
  return `/manage/licenses.csv?${params.toString()}`
}
