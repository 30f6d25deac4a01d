// The addresses of /manage and its dialogs (spec §2 "Dialogs"; docs/decisions/0003-dialogs-are-urls.md). Every address
// keeps the page's view (`inactive`, each table's `page-`, `size-`, `q-`, `filter-`), so the page stays as it was.
import { isViewParam } from '#app/rules/license-windows'

/** The subscription dialogs, each `/manage?dialog=NAME&subscription=ID`. */
export type SubscriptionDialogName =
  | 'subscription-assign'
  | 'subscription-cancel'
  | 'subscription-pause'
  | 'subscription-resume'
  | 'subscription-restart'
  | 'subscription-upgrade'
  | 'subscription-quantity'
  | 'subscription-offer'
  | 'subscription-receipts'
  | 'subscription-payment-method'

/** Every /manage dialog's address; the registry (`../dialogs.tsx`) declares exactly these names. */
export type DialogTarget =
  | { dialog: 'change-email' }
  | { dialog: 'account-settings' }
  | { dialog: 'assign'; license: string; owner: string }
  | { dialog: 'bulk-assign'; company: string; group?: string }
  | { dialog: 'offline-key'; license: string; owner: string }
  | { dialog: 'offline-keys'; company: string; keys?: string }
  | { dialog: 'permissions'; company: string }
  | { dialog: 'add-permission'; company: string }
  | { dialog: 'bulk-renew'; company: string }
  | { dialog: 'receipt'; license: string; owner: string }
  | { dialog: SubscriptionDialogName; subscription: string }
  // the seat list's CSV import
  | { dialog: 'import-seats'; company: string }
  // the activity log: a company's (company given) or the account's own, filtered by kind and person, paged
  | { dialog: 'activity'; company?: string; kind?: string; person?: string; page?: string }
  | { dialog: 'domains'; company: string }
  | { dialog: 'domain'; company: string; domain: string }
  // company sign-in: the company's OpenID Connect provider
  | { dialog: 'company-sign-in'; company: string }
  // the company's directory: SCIM tokens, groups mapped to products, the seat queue, the products it owns
  | { dialog: 'directory'; company: string }
  | { dialog: 'scim-token'; company: string }
  | { dialog: 'directory-ownership'; company: string; product: string }
  // My machines: a license's machines, and deactivating one
  | { dialog: 'machines'; license: string; owner: string }
  | { dialog: 'deactivate-machine'; license: string; owner: string; machine: string }
  // REST API tokens: a company's (company given) or the account's personal ones; creating one, revoking one
  | { dialog: 'api-tokens'; company?: string }
  | { dialog: 'api-token'; company?: string }
  | { dialog: 'revoke-api-token'; company?: string; token: string }
  // the company's webhooks: endpoints, their deliveries, adding one
  | { dialog: 'webhooks'; company: string }
  // the reclaim of idle seats: the company's policy and the undo of recent reclaims
  | { dialog: 'reclaim'; company: string }
  | { dialog: 'merge' }
  | { dialog: 'remove-license'; license: string; owner: string }
  | { dialog: 'remove-subscription'; subscription: string }

export type DialogName = DialogTarget['dialog']

/** Where the page's query is read from: a request URL, a `search`, or an address such as a dialog's `closeTo`. */
export type ViewSource = URL | string

/** Whether the page shows inactive subscriptions (`inactive=show`), the view choice every /manage address keeps. */
export function showsInactive(from: ViewSource): boolean {
  return new URLSearchParams(queryOf(from)).get('inactive') === 'show'
}

function queryOf(from: ViewSource): string {
  return typeof from === 'string' ? from.slice(from.indexOf('?') + 1) : from.search
}

/** `path` with `params` and the page's view of `from`, so the page behind a dialog or after a change stays as it was. */
function withView(path: string, params: URLSearchParams, from: ViewSource): string {
  for (const [key, value] of viewEntries(queryOf(from))) if (!params.has(key)) params.set(key, value)
  const query = params.toString()
  if (!query) return path
  return `${path}${path.includes('?') ? '&' : '?'}${query}`
}

function targetParams(target: DialogTarget): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(target)) if (value !== undefined) params.set(key, value)
  return params
}

/** The page itself with its view kept, where /manage goes after a completed change (post/redirect/get). */
export function pageUrl(from: ViewSource): string {
  return withView('/manage', new URLSearchParams(), from)
}

/** Where a form outside any dialog posts: the page itself, so an answer without script keeps the page's address. */
export function pageActionUrl(from: ViewSource): string {
  return withView('/manage', new URLSearchParams(), from)
}

export function dialogUrl(target: DialogTarget, from: ViewSource = ''): string {
  return withView('/manage', targetParams(target), from)
}

/** Where the dialog's forms post: the page's action, at the dialog's own address (a refusal shows it there). */
export function dialogActionUrl(target: DialogTarget, from: ViewSource): string {
  return withView('/manage', targetParams(target), from)
}

/** The page's view (show inactive, each license table's page, size, search and filter) as `&…`, or ''. */
export function viewQuery(search: string): string {
  const view = viewOf(search).toString()
  return view ? `&${view}` : ''
}

// A page renders every row's links from one query: its view is read once, not once a link.
let lastView: { search: string; entries: readonly [string, string][] } = { search: '', entries: [] }
function viewEntries(search: string): readonly [string, string][] {
  if (lastView.search !== search) lastView = { search, entries: [...viewOf(search)] }
  return lastView.entries
}

function viewOf(search: string): URLSearchParams {
  const params = new URLSearchParams(search)
  for (const key of [...params.keys()]) if (!isViewParam(key)) params.delete(key)
  return params
}

/** Where a dialog's Close goes: the page as it was behind the dialog, without the dialog's own query values. */
export function closeUrl(search: string): string {
  return withView('/manage', new URLSearchParams(), search)
}
