import type { Subscription } from '#protocol/entities'
import { subscriptionTitle } from '#protocol/products'

/**
 * "Wallaby.js Organization, yearly, 5 seats (subscription sub_123)": a subscription named for a control or a caption
 * that must tell it from the others, by what it is first and its id after.
 */
export function subscriptionWords(
  s: Pick<Subscription, 'subscriptionId' | 'productName' | 'billingPeriod' | 'quantity' | 'licenses'>,
): string {
  return `${subscriptionTitle(s)} (subscription ${s.subscriptionId})`
}
