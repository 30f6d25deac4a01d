/**
 * The addresses of the company dialogs (spec §2 "Dialogs"): each is `/manage?dialog=NAME&…`, and its forms post to
 * the index route's action with the same query, so that a reply without script (a validation error, a refusal, the
 * bulk-assign preview) renders the same dialog again. `inactive=show` is kept throughout.
 */
export type CompanyDialog =
  | { dialog: 'assign'; license: string }
  | { dialog: 'bulk-assign'; company: string; group?: string }
  | { dialog: 'offline-key'; license: string }
  | { dialog: 'offline-keys'; company: string }
  | { dialog: 'permissions'; company: string }
  | { dialog: 'add-permission'; company: string }
  | { dialog: 'merge' }
  | { dialog: 'remove-license'; license: string }
  | { dialog: 'remove-subscription'; subscription: string }

function query(target: CompanyDialog, inactive: boolean): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(target)) if (value !== undefined) params.set(key, value)
  if (inactive) params.set('inactive', 'show')
  return params.toString()
}

/** Where a link opens the dialog; `search` is the current page's query (to keep `inactive=show`). */
export function dialogUrl(target: CompanyDialog, search = ''): string {
  return `/manage?${query(target, new URLSearchParams(search).get('inactive') === 'show')}`
}

/** Where the dialog's forms post; `closeTo` is the dialog's close address, which carries `inactive=show` if set. */
export function dialogActionUrl(target: CompanyDialog, closeTo: string): string {
  const inactive = new URLSearchParams(closeTo.split('?')[1] ?? '').get('inactive') === 'show'
  return `/manage?index&${query(target, inactive)}`
}

/** Where /manage goes after a completed change: the page, with `inactive=show` kept. */
export function pageUrl(url: URL): string {
  return url.searchParams.get('inactive') === 'show' ? '/manage?inactive=show' : '/manage'
}

/** Where a completed change inside another dialog goes back to (e.g. the permissions list after Add User). */
export function backToDialog(target: CompanyDialog, url: URL): string {
  return dialogUrl(target, url.search)
}

/**
 * The Assign dialog's and the Unassign button's field with the holder the user saw ('' for a free license): the
 * service changes the license only if it still has that holder. Read from the form as it is, not through the schema
 * (which would read an empty value as absent).
 */
export const SEEN_HOLDER_FIELD = 'assignedToBefore'

/** The Bulk Assign form's field with the holders the dialog started from (its first list), checked before Update. */
export const SEEN_HOLDERS_FIELD = 'holdersBefore'
