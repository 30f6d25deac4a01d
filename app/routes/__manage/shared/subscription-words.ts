import type { Subscription } from '#protocol/entities'
import { subscriptionTitle } from '#protocol/catalog/products'

/** "Wallaby.js Organization, yearly, 5 seats (subscription sub_123)": what it is first, its id after. */
export function subscriptionWords(
  s: Pick<Subscription, 'subscriptionId' | 'productName' | 'billingPeriod' | 'quantity' | 'licenses'>,
): string {
  return `${subscriptionTitle(s)} (subscription ${s.subscriptionId})`
}
