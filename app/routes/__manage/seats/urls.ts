/** The seat list's CSV export address, and the import form's plan field. (The import dialog's address: `shared/urls.ts`.) */

/** The field of the import's confirmation form that carries the plan it confirms. */
export const PLAN_FIELD_NAME = 'plan'

export function exportSeatsUrl(companyId: string): string {
  return `/manage/licenses.csv?company=${encodeURIComponent(companyId)}`
}
