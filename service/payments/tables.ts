// The payment capability's tables (migration 0002): flagged checkouts' review, and the sandbox's own records.

export type CheckoutReviewTable = {
  checkout_id: string
  /** flagged: waiting for the provider's review; accepted / rejected: its outcome. */
  state: 'flagged' | 'accepted' | 'rejected'
  email: string
  passthrough: string
  case_id: string | null
  created_at: number
  updated_at: number
}

export type SandboxCheckoutTable = {
  id: string
  product_id: string
  title: string | null
  quantity: number
  email: string
  country: string
  postcode: string | null
  passthrough: string
  coupon: string | null
  currency: string
  net: number
  tax: number
  gross: number
  /** pending: paid, its subscription and payment being recorded; flagged: waiting for the review. */
  state: 'pending' | 'complete' | 'failed' | 'flagged' | 'rejected'
  card_type: string | null
  last_four: string | null
  card_expiry: string | null
  subscription_id: string | null
  order_id: string | null
  case_id: string | null
  return_url: string | null
  price_override: number | null
  review_due_at: number | null
  created_at: number
  updated_at: number
}

export type SandboxSubscriptionTable = {
  id: string
  checkout_id: string
  plan_id: string
  user_id: string
  quantity: number
  state: 'active' | 'past_due' | 'paused' | 'deleted'
  email: string
  currency: string
  /** One license for one term, net of tax. */
  unit_price: number
  /** Percent, of the country paid from. */
  tax_percent: number
  /** Kept while paused, so a restart knows whether the term is still paid. */
  next_bill_date: number
  paused_at: number | null
  paused_from: number | null
  payment_method: 'card' | 'paypal'
  card_type: string | null
  last_four: string | null
  card_expiry: string | null
  passthrough: string
  created_at: number
  updated_at: number
}

export type SandboxPaymentTable = {
  id: string
  subscription_id: string | null
  checkout_id: string | null
  order_id: string
  description: string
  quantity: number
  amount: number
  tax: number
  currency: string
  date: number
  is_paid: number
  one_off: number
  customer_email: string
  customer_name: string
  country: string
  card_type: string | null
  last_four: string | null
}

/** The sandbox's webhook signing key pair (migration 0010). */
export type SandboxKeyTable = { name: string; public_key: string; private_key: string; created_at: number }

export type PaymentTables = {
  checkout_reviews: CheckoutReviewTable
  sandbox_checkouts: SandboxCheckoutTable
  sandbox_subscriptions: SandboxSubscriptionTable
  sandbox_payments: SandboxPaymentTable
  sandbox_keys: SandboxKeyTable
}
