/**
 * The address a /manage dialog's form posts to: the index route's action, with the dialog's own query kept, so that a
 * reply without script (validation errors, a refusal from the service) renders the same dialog again. `closeTo` carries
 * the page's other query values (e.g. `inactive=show`).
 */
export function manageActionUrl(closeTo: string, dialog: string): string {
  const params = new URLSearchParams(closeTo.split('?')[1] ?? '')
  params.set('dialog', dialog)
  return `/manage?index&${params.toString()}`
}

/** Where /manage goes after a mutation: the page with its other query values (e.g. `inactive=show`) kept. */
export function managePageUrl(url: URL): string {
  return url.searchParams.get('inactive') === 'show' ? '/manage?inactive=show' : '/manage'
}
