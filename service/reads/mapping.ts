import type { License, Subscription } from '../../protocol/entities.js'
import type { LicenseRow, SubscriptionRow } from '../db/schema.js'

export function toLicense(row: LicenseRow, subscriptionStates?: Map<string, string>): License {
  return {
    id: row.id,
    owner: row.owner,
    order: row.order_id,
    licenseKey: row.license_key,
    key: row.key_number,
    productName: row.product_name,
    productGroup: row.product_group,
    licenseType: row.license_type,
    expiration: Number(row.expiration),
    assignedTo: row.assigned_to,
    isMultiUser: row.is_multi_user === 1,
    trial: row.trial === 1,
    promotional: row.promotional === 1,
    ...(row.subscription_id
      ? {
          subscription: {
            subscriptionId: row.subscription_id,
            state: subscriptionStates?.get(row.subscription_id) ?? 'active',
          },
        }
      : {}),
    ...(row.billing_period ? { billingPeriod: row.billing_period } : {}),
    lapsing: row.lapsing === 1,
  }
}

export function toSubscription(row: SubscriptionRow, licenses: License[]): Subscription {
  const offer = row.special_offer ? (JSON.parse(row.special_offer) as Subscription['specialOffer']) : undefined
  return {
    subscriptionId: row.id,
    state: row.state,
    licenses,
    quantity: row.quantity,
    lapsingQuantity: licenses.filter((l) => l.lapsing).length,
    billingPeriod: row.billing_period,
    productName: row.product_name,
    ...(row.next_payment_date !== null && row.next_payment_amount !== null
      ? {
          nextPayment: { date: Number(row.next_payment_date), currency: row.currency, amount: row.next_payment_amount },
        }
      : {}),
    ...(row.payment_method ? { paymentMethod: row.payment_method } : {}),
    ...(row.card_type ? { cardType: row.card_type } : {}),
    ...(row.last_four ? { lastFourDigits: row.last_four } : {}),
    ...(row.card_expiry ? { expiryDate: row.card_expiry } : {}),
    ...(row.update_url ? { updateUrl: row.update_url } : {}),
    ...(offer ? { specialOffer: offer } : {}),
    ...(row.pending_change ? { pendingChange: row.pending_change } : {}),
  }
}
