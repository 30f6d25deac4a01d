/**
 * The payment provider interface: one shape for Paddle Classic (`paddle.ts`) and for the local sandbox
 * (`sandbox/provider.ts`). Names follow Paddle Classic's API; values are normalized (camelCase, epoch milliseconds,
 * numbers), so the service never parses a provider's wire format outside its adapter.
 *
 * Refusals come back as `ServiceError`: `PROVIDER_ERROR` for anything the provider refused or could not be reached
 * for (its message says what and why), `CHARGE_ERROR` for a charge the customer's payment method declined.
 */
import type { ProviderEnvironment } from '../catalog/index.js'

export type PriceAmounts = { gross: number; net: number; tax: number }

export type ProviderProductPrice = {
  productId: string
  title: string
  currency: string
  /** The price after any applied coupon. */
  price: PriceAmounts
  /** The price before coupons. */
  listPrice: PriceAmounts
  appliedCoupon?: { code: string; discount: number }
}

export type ProviderPrices = { customerCountry: string; products: ProviderProductPrice[] }

export type PriceQuery = { productIds: string[]; country?: string; coupons?: string[] }

/** A provider checkout URL for a fixed purchase (Paddle's generate_pay_link). */
export type PayLinkInput = {
  productId: string
  /** Overrides the product's name on the checkout. */
  title?: string
  /** Overrides the price of quantity 1, net of tax. */
  price?: { currency: string; amount: number }
  quantity: number
  customerEmail?: string
  customerCountry?: string
  customerPostcode?: string
  passthrough: string
  coupon?: string
  /** Where the buyer goes after paying; the provider adds the checkout id. */
  returnUrl?: string
  customMessage?: string
}

export type ProviderSubscriptionState = 'active' | 'past_due' | 'trialing' | 'paused' | 'deleted'

export type ProviderMoney = { amount: number; currency: string; date: number }

export type ProviderSubscription = {
  subscriptionId: string
  planId: string
  userId: string
  email: string
  state: ProviderSubscriptionState
  quantity: number
  signupDate: number
  lastPayment?: ProviderMoney
  nextPayment?: ProviderMoney
  updateUrl: string
  cancelUrl?: string
  pausedAt?: number
  pausedFrom?: number
  paymentMethod: 'card' | 'paypal' | string
  cardType?: string
  lastFourDigits?: string
  /** MM/YYYY */
  cardExpiry?: string
}

export type SubscriptionUpdate = {
  subscriptionId: string
  quantity?: number
  planId?: string
  prorate?: boolean
  billImmediately?: boolean
  /** true pauses; false restarts a paused subscription. */
  pause?: boolean
  passthrough?: string
}

export type SubscriptionUpdateResult = {
  subscriptionId: string
  planId: string
  nextPayment?: ProviderMoney
}

export type ProviderCharge = {
  invoiceId: string
  subscriptionId: string
  amount: number
  currency: string
  paymentDate: number
  receiptUrl: string
  orderId: string
  status: 'success' | 'pending'
}

export type ProviderPayment = {
  id: string
  subscriptionId: string
  amount: number
  currency: string
  /** When it was (or will be) paid. */
  date: number
  isPaid: boolean
  receiptUrl?: string
  isOneOffCharge: boolean
}

/**
 * What the portal needs to open the provider's inline checkout and update-payment overlay: Paddle.js v1 settings,
 * or the sandbox's own checkout page (a same-origin page that runs inside the inline frame).
 */
export type CheckoutClient =
  | { provider: 'paddle'; vendorId: number; environment: 'production' | 'sandbox' }
  | { provider: 'sandbox'; checkoutUrl: string; pricesUrl: string }

export interface PaymentProvider {
  /** Which set of catalog ids this provider uses. */
  readonly environment: ProviderEnvironment
  readonly checkoutClient: CheckoutClient
  /** The public price interface (Paddle: checkout API `/2.0/prices`). */
  prices(query: PriceQuery, signal?: AbortSignal): Promise<ProviderPrices>
  /** A checkout URL for a fixed purchase (Paddle: `/product/generate_pay_link`). */
  generatePayLink(input: PayLinkInput): Promise<{ url: string }>
  /** `/subscription/users` for one subscription. */
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>
  /** `/subscription/users/update`: quantity, plan, proration, immediate billing, pause/restart. */
  updateSubscription(update: SubscriptionUpdate): Promise<SubscriptionUpdateResult>
  /** `/subscription/users_cancel`. */
  cancelSubscription(subscriptionId: string): Promise<void>
  /** `/subscription/{id}/charge`: a one-off charge on the subscription's payment method. */
  charge(subscriptionId: string, amount: number, chargeName: string): Promise<ProviderCharge>
  /** `/subscription/payments` of one subscription, paid and upcoming. */
  payments(subscriptionId: string): Promise<ProviderPayment[]>
  /** The PEM public key webhooks are verified with; undefined when none is configured (webhooks are refused). */
  webhookPublicKey(): string | undefined
}
