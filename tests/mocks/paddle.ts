/**
 * msw stand-ins for Paddle Classic at its HTTP boundary: the checkout service's public prices API and the vendor API
 * (form-encoded POSTs with `vendor_id` and `vendor_auth_code`). They answer like Paddle where it matters to a client:
 * `{ success: true, response }`, or `{ success: false, error: { code, message } }` for bad credentials, an unknown
 * subscription, or a change Paddle does not allow (a paused subscription); every request is recorded.
 *
 *   const paddle = createPaddleMocks({ vendorId: '1234', authCode: 'secret' })
 *   const server = setupServer(...paddle.handlers)
 *   paddle.requests  // [{ method, path, url, form }]
 */
import { http, HttpResponse } from 'msw'

export const PADDLE_VENDORS_URL = 'https://vendors.paddle.com/api/2.0'
export const PADDLE_CHECKOUT_URL = 'https://checkout.paddle.com/api/2.0'
export const PADDLE_SANDBOX_VENDORS_URL = 'https://sandbox-vendors.paddle.com/api/2.0'
export const PADDLE_SANDBOX_CHECKOUT_URL = 'https://sandbox-checkout.paddle.com/api/2.0'

export type RecordedPaddleRequest = { method: string; path: string; url: URL; form: URLSearchParams }

export type MockSubscription = {
  subscription_id: number
  plan_id: number
  user_id: number
  user_email: string
  state: 'active' | 'past_due' | 'trialing' | 'paused' | 'deleted'
  quantity: number
  unit_price: number
  currency: string
  next_bill_date: string
  card: { card_type: string; last_four_digits: string; expiry_date: string } | null
  /** When a pause took or takes effect (the end of the paid term). */
  paused_from?: string
}

/** Prices per product id (USD net list price); the country's currency, tax and coupons are applied like Paddle's. */
export type MockPrices = Record<string, { title: string; net: number }>

const fail = (code: number, message: string) => HttpResponse.json({ success: false, error: { code, message } })
const ok = (response: unknown) => HttpResponse.json({ success: true, response })

export function createPaddleMocks(options: {
  vendorId: string
  authCode: string
  sandbox?: boolean
  prices?: MockPrices
  subscriptions?: MockSubscription[]
}) {
  const vendors = options.sandbox ? PADDLE_SANDBOX_VENDORS_URL : PADDLE_VENDORS_URL
  const checkout = options.sandbox ? PADDLE_SANDBOX_CHECKOUT_URL : PADDLE_CHECKOUT_URL
  const requests: RecordedPaddleRequest[] = []
  const subscriptions = new Map((options.subscriptions ?? []).map((s) => [String(s.subscription_id), { ...s }]))
  const prices = options.prices ?? {}

  /** Records a vendor API call and checks its credentials; answers the failure, or the form to continue with. */
  async function vendorCall(request: Request): Promise<{ form: URLSearchParams } | { failure: Response }> {
    const url = new URL(request.url)
    const form = new URLSearchParams(await request.text())
    requests.push({ method: request.method, path: url.pathname.replace(/^\/api\/2\.0/, ''), url, form })
    if (request.headers.get('content-type') !== 'application/x-www-form-urlencoded') {
      return { failure: fail(100, 'The request is not form-encoded.') }
    }
    if (form.get('vendor_id') !== options.vendorId || form.get('vendor_auth_code') !== options.authCode) {
      return { failure: fail(107, "You don't have permission to access this resource") }
    }
    return { form }
  }

  const subscriptionOf = (form: URLSearchParams) => subscriptions.get(form.get('subscription_id') ?? '')

  const handlers = [
    http.get(`${checkout}/prices`, ({ request }) => {
      const url = new URL(request.url)
      requests.push({ method: 'GET', path: '/prices', url, form: url.searchParams })
      const country = url.searchParams.get('customer_country') ?? 'US'
      const coupon = url.searchParams.get('coupons')
      const eur = ['DE', 'FR', 'NL'].includes(country)
      const taxRate = country === 'DE' ? 0.19 : country === 'GB' ? 0.2 : 0
      const products = (url.searchParams.get('product_ids') ?? '')
        .split(',')
        .filter((id) => prices[id])
        .map((id) => {
          const listNet = Math.round(prices[id].net * (eur ? 0.92 : 1) * 100) / 100
          const net = coupon === 'TENOFF' ? Math.round(listNet * 90) / 100 : listNet
          const amounts = (n: number) => ({
            gross: Math.round(n * (1 + taxRate) * 100) / 100,
            net: n,
            tax: Math.round(n * taxRate * 100) / 100,
          })
          return {
            product_id: Number(id),
            product_title: prices[id].title,
            currency: eur ? 'EUR' : 'USD',
            vendor_set_prices_included_tax: false,
            price: amounts(net),
            list_price: amounts(listNet),
            applied_coupon:
              coupon === 'TENOFF' ? { code: 'TENOFF', discount: Math.round((listNet - net) * 100) / 100 } : [],
          }
        })
      return ok({ customer_country: country, products })
    }),

    http.post(`${vendors}/subscription/users`, async ({ request }) => {
      const call = await vendorCall(request)
      if ('failure' in call) return call.failure
      const sub = subscriptionOf(call.form)
      if (!sub) return ok([])
      return ok([
        {
          subscription_id: sub.subscription_id,
          plan_id: sub.plan_id,
          user_id: sub.user_id,
          user_email: sub.user_email,
          marketing_consent: false,
          state: sub.state,
          signup_date: '2026-01-05 10:11:12',
          quantity: sub.quantity,
          last_payment: { amount: sub.unit_price * sub.quantity, currency: sub.currency, date: '2026-01-05' },
          next_payment:
            sub.state === 'active' || sub.state === 'past_due'
              ? { amount: sub.unit_price * sub.quantity, currency: sub.currency, date: sub.next_bill_date }
              : null,
          update_url: `https://checkout.paddle.com/subscription/update?user=${sub.user_id}&subscription=${sub.subscription_id}`,
          cancel_url: `https://checkout.paddle.com/subscription/cancel?user=${sub.user_id}&subscription=${sub.subscription_id}`,
          paused_at: null,
          paused_from: sub.paused_from ?? null,
          payment_information: sub.card ? { payment_method: 'card', ...sub.card } : { payment_method: 'paypal' },
        },
      ])
    }),

    http.post(`${vendors}/subscription/users/update`, async ({ request }) => {
      const call = await vendorCall(request)
      if ('failure' in call) return call.failure
      const sub = subscriptionOf(call.form)
      if (!sub) return fail(119, 'Unable to find requested subscription')
      const pause = call.form.get('pause')
      if (sub.state === 'paused' && pause !== 'false') {
        return fail(122, 'Subscribers in a paused state cannot be modified until they restart their subscription.')
      }
      if (pause === 'true') sub.state = 'paused'
      if (pause === 'false') sub.state = 'active'
      if (call.form.get('quantity')) sub.quantity = Number(call.form.get('quantity'))
      if (call.form.get('plan_id')) sub.plan_id = Number(call.form.get('plan_id'))
      return ok({
        subscription_id: sub.subscription_id,
        user_id: sub.user_id,
        plan_id: sub.plan_id,
        next_payment: { amount: sub.unit_price * sub.quantity, currency: sub.currency, date: sub.next_bill_date },
      })
    }),

    // Half the term is left: an increase billed now costs half a term per added license, an annual plan a year less
    // half the old term's price.
    http.post(`${vendors}/subscription/preview_update`, async ({ request }) => {
      const call = await vendorCall(request)
      if ('failure' in call) return call.failure
      const sub = subscriptionOf(call.form)
      if (!sub) return fail(119, 'Unable to find requested subscription')
      if (sub.state === 'paused') {
        return fail(122, 'Subscribers in a paused state cannot be modified until they restart their subscription.')
      }
      const quantity = Number(call.form.get('quantity') ?? sub.quantity)
      const billNow = call.form.get('bill_immediately') === 'true'
      const term = sub.unit_price * sub.quantity
      const planChange = call.form.has('plan_id') ? (call.form.get('plan_id') === '811031' ? 116 : 12.1) : undefined
      const immediate = !billNow
        ? 0
        : planChange !== undefined
          ? planChange * quantity - term / 2
          : Math.max(0, (quantity - sub.quantity) * sub.unit_price) / 2
      const unit = planChange ?? sub.unit_price
      return ok({
        subscription_id: sub.subscription_id,
        plan_id: Number(call.form.get('plan_id') ?? sub.plan_id),
        user_id: sub.user_id,
        immediate_payment: { amount: Math.max(0, immediate), currency: sub.currency, date: '2026-11-29' },
        next_payment: { amount: unit * quantity, currency: sub.currency, date: sub.next_bill_date },
        ...(immediate < 0 ? { credit: { amount: -immediate, currency: sub.currency } } : {}),
      })
    }),

    http.post(`${vendors}/subscription/users_cancel`, async ({ request }) => {
      const call = await vendorCall(request)
      if ('failure' in call) return call.failure
      const sub = subscriptionOf(call.form)
      if (!sub) return fail(119, 'Unable to find requested subscription')
      sub.state = 'deleted'
      return HttpResponse.json({ success: true })
    }),

    http.post(`${vendors}/subscription/:id/charge`, async ({ request, params }) => {
      const call = await vendorCall(request)
      if ('failure' in call) return call.failure
      const sub = subscriptions.get(String(params.id))
      if (!sub) return fail(119, 'Unable to find requested subscription')
      if (sub.card?.last_four_digits === '0341') return fail(183, 'The charge could not be completed: card declined')
      return ok({
        invoice_id: 424242,
        subscription_id: sub.subscription_id,
        amount: call.form.get('amount'),
        currency: sub.currency,
        payment_date: '2026-11-21',
        receipt_url: 'https://my.paddle.com/receipt/424242/abc',
        order_id: '777777-123',
        status: 'success',
      })
    }),

    http.post(`${vendors}/subscription/payments`, async ({ request }) => {
      const call = await vendorCall(request)
      if ('failure' in call) return call.failure
      const sub = subscriptionOf(call.form)
      if (!sub) return ok([])
      return ok([
        {
          id: 9001,
          subscription_id: sub.subscription_id,
          amount: sub.unit_price * sub.quantity,
          currency: sub.currency,
          payout_date: '2026-01-05',
          is_paid: 1,
          is_one_off_charge: 0,
          receipt_url: 'https://my.paddle.com/receipt/9001/def',
        },
        {
          id: 9002,
          subscription_id: sub.subscription_id,
          amount: sub.unit_price * sub.quantity,
          currency: sub.currency,
          payout_date: sub.next_bill_date,
          is_paid: 0,
          is_one_off_charge: false,
        },
      ])
    }),

    http.post(`${vendors}/product/generate_pay_link`, async ({ request }) => {
      const call = await vendorCall(request)
      if ('failure' in call) return call.failure
      if (!call.form.get('product_id') && !call.form.get('title')) return fail(108, 'Product not found')
      return ok({
        url: `https://pay.paddle.com/checkout/custom/${Buffer.from(call.form.toString()).toString('base64url').slice(0, 24)}`,
      })
    }),
  ]

  return { handlers, requests, subscriptions }
}
