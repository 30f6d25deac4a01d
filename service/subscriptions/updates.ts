// The provider update each priced change makes: a preview asks the provider about exactly the update the change sends.
import { countOf } from '../../protocol/shared/words.js'
import { planOf } from '../../config/catalog/index.js'
import type { SubscriptionRow } from '../db/schema.js'
import type { PaymentProvider, SubscriptionUpdate } from '../payments/provider.js'
import { planOfRow, providerIdOf } from './access.js'

export const sameQuantity = (quantity: number) => `The subscription already has ${countOf(quantity, 'seat')}.`

/** §4: an increase is charged prorated now; a decrease takes effect at the next payment. */
export function quantityUpdate(row: SubscriptionRow, quantity: number): SubscriptionUpdate {
  const increase = quantity > row.quantity
  return { subscriptionId: providerIdOf(row), quantity, prorate: increase, billImmediately: increase }
}

/** §4: monthly to annual, charged now, prorated. */
export function upgradeUpdate(row: SubscriptionRow, provider: PaymentProvider): SubscriptionUpdate {
  const plan = planOfRow(row, provider)
  const annual = planOf(plan.product, plan.type, 'year')
  return {
    subscriptionId: providerIdOf(row),
    planId: annual.providerIds[provider.environment],
    billImmediately: true,
    prorate: true,
  }
}

export function restartUpdate(row: SubscriptionRow): SubscriptionUpdate {
  return { subscriptionId: providerIdOf(row), pause: false }
}
