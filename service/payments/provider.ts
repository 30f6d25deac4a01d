// The payment provider interface in Paddle Classic's names: a refusal is PROVIDER_ERROR, a decline CHARGE_ERROR.
import type { ProviderEnvironment } from '../../config/catalog/index.js'

export type PriceAmounts = { gross: number; net: number; tax: number }

export type ProviderProductPrice = {
  productId: string
  title: string
  currency: string
  /** After any applied coupon. */
  price: PriceAmounts
  /** Before coupons. */
  listPrice: PriceAmounts
  appliedCoupon?: { code: string; discount: number }
}

export type ProviderPrices = { customerCountry: string; products: ProviderProductPrice[] }

export type PriceQuery = { productIds: string[]; country?: string; coupons?: string[] }

export type PayLinkInput = {
  productId: string
  title?: string
  /** Of quantity 1, net of tax. */
  price?: { currency: string; amount: number }
  quantity: number
  customerEmail?: string
  customerCountry?: string
  customerPostcode?: string
  passthrough: string
  coupon?: string
  /** The provider adds the checkout id. */
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

/** Paddle's `preview_update`: amounts tax included, as the provider would charge them. */
export type SubscriptionUpdatePreview = {
  /** Charged at once; absent when nothing is. `tax` when the provider tells it apart. */
  immediatePayment?: ProviderMoney & { tax?: number }
  /** A prorated credit the provider keeps for later payments. */
  credit?: { amount: number; currency: string }
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
  /** Paid, or to be paid. */
  date: number
  isPaid: boolean
  receiptUrl?: string
  isOneOffCharge: boolean
}

/** Paddle.js v1 settings, or the sandbox's same-origin checkout page inside the inline frame. */
export type CheckoutClient =
  | { provider: 'paddle'; vendorId: number; environment: 'production' | 'sandbox' }
  | { provider: 'sandbox'; checkoutUrl: string; pricesUrl: string }

export interface PaymentProvider {
  readonly environment: ProviderEnvironment
  readonly checkoutClient: CheckoutClient
  /** Paddle: checkout API `/2.0/prices`. */
  prices(query: PriceQuery, signal?: AbortSignal): Promise<ProviderPrices>
  /** Paddle: `/product/generate_pay_link`. */
  generatePayLink(input: PayLinkInput): Promise<{ url: string }>
  /** `/subscription/users` for one subscription. */
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>
  updateSubscription(update: SubscriptionUpdate): Promise<SubscriptionUpdateResult>
  /** What `updateSubscription` would charge, changing nothing (`pause: false` previews a restart). */
  previewSubscriptionUpdate(update: SubscriptionUpdate): Promise<SubscriptionUpdatePreview>
  cancelSubscription(subscriptionId: string): Promise<void>
  charge(subscriptionId: string, amount: number, chargeName: string): Promise<ProviderCharge>
  /** Paid and upcoming. */
  payments(subscriptionId: string): Promise<ProviderPayment[]>
  /** Undefined when none is configured: webhooks are then refused. */
  webhookPublicKey(): string | undefined
}
