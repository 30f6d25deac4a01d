// Paddle Classic: the public prices API and the vendor API; webhooks are checked with its key (`signature.ts`).
import { ServiceError } from '../dispatch/errors.js'
import type {
  CheckoutClient,
  PayLinkInput,
  PaymentProvider,
  PriceQuery,
  ProviderCharge,
  ProviderMoney,
  ProviderPayment,
  ProviderPrices,
  ProviderSubscription,
  SubscriptionUpdate,
  SubscriptionUpdatePreview,
  SubscriptionUpdateResult,
} from './provider.js'
import { subscriptionRefusals } from '../../protocol/subscriptions/subscriptions.js'

export type PaddleOptions = {
  vendorId: string
  authCode: string
  /** Seller Dashboard > Developer Tools > Public Key. */
  publicKey?: string
  /** sandbox-vendors / sandbox-checkout. */
  sandbox: boolean
  timeoutMs?: number
}

export const PADDLE_URLS = {
  production: { vendors: 'https://vendors.paddle.com/api/2.0', checkout: 'https://checkout.paddle.com/api/2.0' },
  sandbox: {
    vendors: 'https://sandbox-vendors.paddle.com/api/2.0',
    checkout: 'https://sandbox-checkout.paddle.com/api/2.0',
  },
} as const

type Envelope<T> = { success: true; response: T } | { success: false; error?: { code?: number; message?: string } }

type RawMoney = { amount: number | string; currency: string; date: string }

type RawUser = {
  subscription_id: number | string
  plan_id: number | string
  user_id: number | string
  user_email: string
  state: ProviderSubscription['state']
  signup_date: string
  quantity?: number | string
  last_payment?: RawMoney
  next_payment?: RawMoney | null
  update_url: string
  cancel_url?: string
  paused_at?: string | null
  paused_from?: string | null
  payment_information?: {
    payment_method: string
    card_type?: string
    last_four_digits?: string
    expiry_date?: string
  }
}

type RawPrices = {
  customer_country: string
  products: Array<{
    product_id: number | string
    product_title: string
    currency: string
    price: { gross: number; net: number; tax: number }
    list_price: { gross: number; net: number; tax: number }
    applied_coupon?: { code: string; discount: number } | unknown[]
  }>
}

export class PaddleProvider implements PaymentProvider {
  readonly environment
  readonly checkoutClient: CheckoutClient
  private readonly urls: (typeof PADDLE_URLS)['production'] | (typeof PADDLE_URLS)['sandbox']

  constructor(private readonly options: PaddleOptions) {
    this.environment = options.sandbox ? ('paddleSandbox' as const) : ('paddle' as const)
    this.urls = options.sandbox ? PADDLE_URLS.sandbox : PADDLE_URLS.production
    this.checkoutClient = {
      provider: 'paddle',
      vendorId: Number(options.vendorId),
      environment: options.sandbox ? 'sandbox' : 'production',
    }
  }

  webhookPublicKey(): string | undefined {
    return this.options.publicKey
  }

  async prices(query: PriceQuery, signal?: AbortSignal): Promise<ProviderPrices> {
    const params = new URLSearchParams({ product_ids: query.productIds.join(',') })
    if (query.country) params.set('customer_country', query.country)
    if (query.coupons?.length) params.set('coupons', query.coupons.join(','))
    const url = `${this.urls.checkout}/prices?${params}`
    let response: Response
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal })
    } catch (err) {
      if (signal?.aborted) throw err
      throw providerError('the price interface could not be reached', err)
    }
    const body = await readEnvelope<RawPrices>(response, 'prices')
    return {
      customerCountry: body.customer_country,
      products: body.products.map((p) => {
        const coupon = Array.isArray(p.applied_coupon) ? undefined : p.applied_coupon
        return {
          productId: String(p.product_id),
          title: p.product_title,
          currency: p.currency,
          price: numbers(p.price),
          listPrice: numbers(p.list_price),
          ...(coupon && coupon.code ? { appliedCoupon: { code: coupon.code, discount: Number(coupon.discount) } } : {}),
        }
      }),
    }
  }

  async generatePayLink(input: PayLinkInput): Promise<{ url: string }> {
    const form: Record<string, string> = {
      product_id: input.productId,
      quantity: String(input.quantity),
      quantity_variable: '0',
      passthrough: input.passthrough,
    }
    if (input.title) form.title = input.title
    if (input.price) form['prices[0]'] = `${input.price.currency}:${input.price.amount.toFixed(2)}`
    if (input.customerEmail) form.customer_email = input.customerEmail
    if (input.customerCountry) form.customer_country = input.customerCountry
    if (input.customerPostcode) form.customer_postcode = input.customerPostcode
    if (input.coupon) form.coupon_code = input.coupon
    if (input.customMessage) form.custom_message = input.customMessage
    if (input.returnUrl) form.return_url = withCheckoutHash(input.returnUrl)
    const result = await this.vendorCall<{ url: string }>('/product/generate_pay_link', form)
    return { url: result.url }
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    const users = await this.vendorCall<RawUser[]>('/subscription/users', { subscription_id: subscriptionId })
    const user = users.find((u) => String(u.subscription_id) === subscriptionId)
    if (!user) throw new ServiceError('PROVIDER_ERROR', `Paddle does not know the subscription ${subscriptionId}.`)
    return toSubscription(user)
  }

  async updateSubscription(update: SubscriptionUpdate): Promise<SubscriptionUpdateResult> {
    const form = updateForm(update)
    if (update.pause !== undefined) form.pause = String(update.pause)
    if (update.passthrough !== undefined) form.passthrough = update.passthrough
    const result = await this.vendorCall<{
      subscription_id: number | string
      plan_id: number | string
      next_payment?: RawMoney | null
    }>('/subscription/users/update', form)
    return {
      subscriptionId: String(result.subscription_id),
      planId: String(result.plan_id),
      ...(result.next_payment ? { nextPayment: money(result.next_payment) } : {}),
    }
  }

  /**
   * `/subscription/preview_update`. Paddle modifies (and previews) no paused subscription, so a restart is priced by
   * its last payment: while paused neither its price nor its quantity can change, and after the paid term a restart
   * charges one term at once.
   */
  async previewSubscriptionUpdate(update: SubscriptionUpdate): Promise<SubscriptionUpdatePreview> {
    if (update.pause === false) {
      const current = await this.getSubscription(update.subscriptionId)
      if (current.state !== 'paused') {
        throw new ServiceError('PROVIDER_ERROR', subscriptionRefusals.onlyPausedRestart)
      }
      const termOver = current.pausedFrom !== undefined && current.pausedFrom <= Date.now()
      const last = current.lastPayment
      return termOver && last ? { immediatePayment: { ...last, date: Date.now() } } : {}
    }
    const result = await this.vendorCall<{
      immediate_payment?: RawMoney | null
      next_payment?: RawMoney | null
      credit?: { amount: number | string; currency: string } | null
    }>('/subscription/preview_update', updateForm(update))
    const now = result.immediate_payment
    const credit = result.credit && Number(result.credit.amount) > 0 ? result.credit : undefined
    return {
      ...(now && Number(now.amount) > 0 ? { immediatePayment: money(now) } : {}),
      ...(credit ? { credit: { amount: Number(credit.amount), currency: credit.currency } } : {}),
      ...(result.next_payment ? { nextPayment: money(result.next_payment) } : {}),
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.vendorCall<unknown>('/subscription/users_cancel', { subscription_id: subscriptionId })
  }

  async charge(subscriptionId: string, amount: number, chargeName: string): Promise<ProviderCharge> {
    if (!/^\d+$/.test(subscriptionId)) throw new ServiceError('PROVIDER_ERROR', 'A Paddle subscription id is numeric.')
    let result: {
      invoice_id: number | string
      subscription_id: number | string
      amount: number | string
      currency: string
      payment_date: string
      receipt_url: string
      order_id: string
      status: 'success' | 'pending'
    }
    try {
      result = await this.vendorCall(`/subscription/${subscriptionId}/charge`, {
        amount: amount.toFixed(2),
        charge_name: chargeName.slice(0, 50),
      })
    } catch (err) {
      // A refused one-off charge is the customer's payment method failing: the caller offers to update it.
      if (err instanceof ServiceError && err.code === 'PROVIDER_ERROR' && !(err as PaddleError).unreachable) {
        throw new ServiceError('CHARGE_ERROR', err.message)
      }
      throw err
    }
    return {
      invoiceId: String(result.invoice_id),
      subscriptionId: String(result.subscription_id),
      amount: Number(result.amount),
      currency: result.currency,
      paymentDate: parseDate(result.payment_date),
      receiptUrl: result.receipt_url,
      orderId: String(result.order_id),
      status: result.status,
    }
  }

  async payments(subscriptionId: string): Promise<ProviderPayment[]> {
    const rows = await this.vendorCall<
      Array<{
        id: number | string
        subscription_id: number | string
        amount: number | string
        currency: string
        payout_date: string
        is_paid: number | boolean
        receipt_url?: string
        is_one_off_charge: number | boolean
      }>
    >('/subscription/payments', { subscription_id: subscriptionId })
    return rows.map((p) => ({
      id: String(p.id),
      subscriptionId: String(p.subscription_id),
      amount: Number(p.amount),
      currency: p.currency,
      date: parseDate(p.payout_date),
      isPaid: Boolean(Number(p.is_paid)),
      ...(p.receipt_url ? { receiptUrl: p.receipt_url } : {}),
      isOneOffCharge: Boolean(Number(p.is_one_off_charge)),
    }))
  }

  /** `success: false` becomes PROVIDER_ERROR. */
  private async vendorCall<T>(path: string, fields: Record<string, string>): Promise<T> {
    const body = new URLSearchParams({
      vendor_id: this.options.vendorId,
      vendor_auth_code: this.options.authCode,
      ...fields,
    })
    let response: Response
    try {
      response = await fetch(`${this.urls.vendors}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      })
    } catch (err) {
      throw providerError(`${path} could not be reached`, err)
    }
    return readEnvelope<T>(response, path)
  }
}

/** A PROVIDER_ERROR that remembers whether Paddle answered at all. */
class PaddleError extends ServiceError {
  constructor(
    message: string,
    readonly unreachable: boolean,
  ) {
    super('PROVIDER_ERROR', message)
  }
}

function providerError(what: string, cause: unknown): PaddleError {
  const reason = cause instanceof Error ? cause.message : String(cause)
  return new PaddleError(`The payment provider is not available: ${what} (${reason}).`, true)
}

async function readEnvelope<T>(response: Response, what: string): Promise<T> {
  let body: Envelope<T> | undefined
  try {
    body = (await response.json()) as Envelope<T>
  } catch {
    body = undefined
  }
  if (body && typeof body === 'object' && body.success === true) return body.response
  if (body && typeof body === 'object' && body.success === false) {
    const code = body.error?.code !== undefined ? ` (Paddle error ${body.error.code})` : ''
    throw new PaddleError(
      `The payment provider refused the request: ${body.error?.message ?? 'no reason given'}${code}.`,
      false,
    )
  }
  throw new PaddleError(`The payment provider answered ${what} with status ${response.status} and no result.`, true)
}

function numbers(p: { gross: number | string; net: number | string; tax: number | string }) {
  return { gross: Number(p.gross), net: Number(p.net), tax: Number(p.tax) }
}

function money(m: RawMoney): ProviderMoney {
  return { amount: Number(m.amount), currency: m.currency, date: parseDate(m.date) }
}

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, UTC. */
export function parseDate(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(value)
  if (!match) throw new ServiceError('PROVIDER_ERROR', `The payment provider sent an unreadable date "${value}".`)
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
}

function toSubscription(user: RawUser): ProviderSubscription {
  const info = user.payment_information
  return {
    subscriptionId: String(user.subscription_id),
    planId: String(user.plan_id),
    userId: String(user.user_id),
    email: user.user_email,
    state: user.state,
    quantity: Number(user.quantity ?? 1),
    signupDate: parseDate(user.signup_date),
    ...(user.last_payment ? { lastPayment: money(user.last_payment) } : {}),
    ...(user.next_payment ? { nextPayment: money(user.next_payment) } : {}),
    updateUrl: user.update_url,
    ...(user.cancel_url ? { cancelUrl: user.cancel_url } : {}),
    ...(user.paused_at ? { pausedAt: parseDate(user.paused_at) } : {}),
    ...(user.paused_from ? { pausedFrom: parseDate(user.paused_from) } : {}),
    paymentMethod: info?.payment_method ?? 'card',
    ...(info?.card_type ? { cardType: info.card_type } : {}),
    ...(info?.last_four_digits ? { lastFourDigits: info.last_four_digits } : {}),
    ...(info?.expiry_date ? { cardExpiry: info.expiry_date } : {}),
  }
}

/** The fields `users/update` and `preview_update` share. */
function updateForm(update: SubscriptionUpdate): Record<string, string> {
  const form: Record<string, string> = { subscription_id: update.subscriptionId }
  if (update.quantity !== undefined) form.quantity = String(update.quantity)
  if (update.planId !== undefined) form.plan_id = update.planId
  if (update.prorate !== undefined) form.prorate = String(update.prorate)
  if (update.billImmediately !== undefined) form.bill_immediately = String(update.billImmediately)
  return form
}

/** Paddle fills `{checkout_hash}` in a pay link's return URL with the checkout id. */
function withCheckoutHash(returnUrl: string): string {
  const url = new URL(returnUrl)
  url.searchParams.set('checkout', '{checkout_hash}')
  // URLSearchParams encodes the braces; Paddle looks for them literally.
  return url.toString().replace('%7Bcheckout_hash%7D', '{checkout_hash}')
}
