/**
 * The addresses of the subscription dialogs (spec §2 "Subscription dialogs"): each is
 * `/manage?dialog=NAME&subscription=ID`, and its forms post to the index route's action with the same query, so that
 * a reply without script (a refusal, the review step) renders the same dialog again. `inactive=show` is kept.
 */
export const subscriptionDialogNames = [
  'subscription-assign',
  'subscription-cancel',
  'subscription-pause',
  'subscription-resume',
  'subscription-restart',
  'subscription-upgrade',
  'subscription-quantity',
  'subscription-offer',
  'subscription-receipts',
  'subscription-payment-method',
] as const
export type SubscriptionDialogName = (typeof subscriptionDialogNames)[number]

function query(dialog: SubscriptionDialogName, subscriptionId: string, inactive: boolean): string {
  const params = new URLSearchParams({ dialog, subscription: subscriptionId })
  if (inactive) params.set('inactive', 'show')
  return params.toString()
}

/** Where a row's link opens the dialog; `search` is the current page's query (to keep `inactive=show`). */
export function subscriptionDialogUrl(dialog: SubscriptionDialogName, subscriptionId: string, search = ''): string {
  return `/manage?${query(dialog, subscriptionId, new URLSearchParams(search).get('inactive') === 'show')}`
}

/** Where the dialog's forms post; `closeTo` is the dialog's close address, which carries `inactive=show` if set. */
export function subscriptionActionUrl(dialog: SubscriptionDialogName, subscriptionId: string, closeTo: string): string {
  const inactive = new URLSearchParams(closeTo.split('?')[1] ?? '').get('inactive') === 'show'
  return `/manage?index&${query(dialog, subscriptionId, inactive)}`
}
