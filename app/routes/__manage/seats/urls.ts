/** The addresses of the seat list's CSV export and import. */

/** The field of the import's confirmation form that carries the plan it confirms. */
export const PLAN_FIELD_NAME = 'plan'

export function importSeatsUrl(companyId: string): string {
  return `/manage?dialog=import-seats&company=${encodeURIComponent(companyId)}`
}

/** Where the import's forms post: the /manage action, with the dialog's own query (so a reply renders it again). */
export function importActionUrl(companyId: string, closeTo: string): string {
  const inactive = new URLSearchParams(closeTo.split('?')[1] ?? '').get('inactive') === 'show'
  return `/manage?index&dialog=import-seats&company=${encodeURIComponent(companyId)}${inactive ? '&inactive=show' : ''}`
}

export function exportSeatsUrl(companyId: string): string {
  return `/manage/licenses.csv?company=${encodeURIComponent(companyId)}`
}
