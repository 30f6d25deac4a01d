// The shop's operations (spec §7 "Other calls"), for the protocol and the plain JSON endpoints (`payments/router.ts`).
import { couponCode } from '../../protocol/catalog/coupons.js'
import { planTitle, planTypeWords } from '../../protocol/catalog/products.js'
import type { PricePlan } from '../../protocol/entities.js'
import { zipRequired } from '../../protocol/catalog/checkout.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import {
  catalog,
  countries,
  DEFAULT_COUNTRY,
  productBySlug,
  requiresZip,
  shopProducts,
  type Plan,
  type Product,
} from '../../config/catalog/index.js'
import { requireCaller, type PaymentsAdapter, type ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { flagsIn } from '../auth/policy.js'
import type { ProviderPrices, ProviderProductPrice } from '../payments/provider.js'
import { PRICE_LOOKUP_TIMEOUT_MS, roundToCent } from '../../protocol/shared/money.js'
import { companyPurchasePassthrough } from '../payments/passthrough.js'
import { REVIEW_REJECTED_REASON } from '../payments/subscription-alerts.js'
import { configuredTaxRate } from '../payments/tax-rate.js'
import { coupon } from './coupons.js'
import type { OperationHandlers } from './handlers.js'

function requirePayments(ctx: ServiceContext): PaymentsAdapter {
  const payments = ctx.adapters.payments
  if (!payments) throw new ServiceError('UNKNOWN_OPERATION', 'Payments are not available.')
  return payments
}

function requireProduct(slug: string): Product {
  const product = productBySlug(slug)
  if (!product) throw new ServiceError('NOT_FOUND', `There is no product "${slug.slice(0, 100)}".`)
  return product
}

/** Public: the products on sale, the country table, currency symbols and the checkout to open. */
export async function catalogOperation(_payload: unknown, ctx: ServiceContext): Promise<Result<'catalog'>> {
  const provider = requirePayments(ctx).provider
  const client = provider.checkoutClient
  return {
    products: shopProducts().map((p) => ({
      slug: p.slug,
      name: p.name,
      productGroup: p.group,
      defaultPlans: defaultPlans(p, DEFAULT_COUNTRY, provider.environment),
    })),
    countries: countries().map((c) => ({
      code: c.code,
      name: c.name,
      ...(c.taxName ? { taxName: c.taxName } : {}),
      ...(c.requiresZip ? { requiresZip: true } : {}),
    })),
    currencySymbols: { ...catalog.currencySymbols },
    checkout:
      client.provider === 'paddle'
        ? { provider: 'paddle', vendorId: client.vendorId, environment: client.environment }
        : { provider: 'sandbox', checkoutUrl: client.checkoutUrl },
  }
}

/** Spec §3 prices for the country and the US (the discount's base) within 8 s; either failing: the default prices. */
export async function prices(payload: ParsedPayload<'prices'>, ctx: ServiceContext): Promise<Result<'prices'>> {
  const product = requireProduct(payload.product)
  const country = (payload.country ?? DEFAULT_COUNTRY).toUpperCase()
  const payments = requirePayments(ctx)
  const provider = payments.provider
  const productIds = product.plans.map((plan) => plan.providerIds[provider.environment])
  const coupon = payload.coupon ? couponCode(payload.coupon) : undefined
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`no answer within ${PRICE_LOOKUP_TIMEOUT_MS} ms`))
    }, PRICE_LOOKUP_TIMEOUT_MS)
  })
  try {
    const [local, us] = await Promise.race([
      Promise.all([
        provider.prices({ productIds, country, ...(coupon ? { coupons: [coupon] } : {}) }, controller.signal),
        country === 'US' ? null : provider.prices({ productIds, country: 'US' }, controller.signal),
      ]),
      timeout,
    ])
    const plans = product.plans.map((plan) => {
      const id = plan.providerIds[provider.environment]
      const localPrice = find(local, id)
      const usPrice = us ? find(us, id) : localPrice
      if (!localPrice || !usPrice) throw new Error(`the provider did not price ${id}`)
      return pricePlan(plan, id, localPrice, usPrice, country)
    })
    return { country, plans }
  } catch (err) {
    payments.log(`payments: price lookup for ${product.slug} in ${country} failed, using the defaults: ${String(err)}`)
    return { country, plans: defaultPlans(product, country, provider.environment) }
  } finally {
    clearTimeout(timer)
  }
}

function find(prices: ProviderPrices, id: string): ProviderProductPrice | undefined {
  return prices.products.find((p) => p.productId === id)
}

function percent(part: number, whole: number): number {
  return whole > 0 ? roundToCent((part / whole) * 100) : 0
}

/** Amounts per license and period; `taxRate` is the configured percentage (tax ÷ net shows Austria's 20% as 19.9%). */
function pricePlan(
  plan: Plan,
  id: string,
  local: ProviderProductPrice,
  us: ProviderProductPrice,
  country: string,
): PricePlan {
  const usNet = us.listPrice.net
  const listNet = local.listPrice.net
  const countryDiscount = local.currency === us.currency && usNet > listNet ? roundToCent(usNet - listNet) : 0
  const couponDiscount = Math.max(0, roundToCent(listNet - local.price.net))
  return {
    id,
    name: planTitle(plan.product.name, planTypeWords[plan.type], plan.billingPeriod),
    type: plan.type,
    billingPeriod: plan.billingPeriod,
    usNetListPrice: usNet,
    countryNetListPrice: listNet,
    countryDiscountAmount: countryDiscount,
    countryDiscountPercent: percent(countryDiscount, usNet),
    couponDiscountAmount: couponDiscount,
    couponDiscountPercent: percent(couponDiscount, listNet),
    countryNetPrice: local.price.net,
    tax: local.price.tax,
    taxRate: configuredTaxRate([local.price, local.listPrice]),
    grossListPrice: local.listPrice.gross,
    gross: local.price.gross,
    currency: local.currency,
    country,
    ...(local.appliedCoupon ? { coupon: local.appliedCoupon.code } : {}),
  }
}

/** Spec §9 built-in plans for a failed lookup: the catalog's list prices, no tax or discount. */
export function defaultPlans(
  product: Product,
  country: string,
  environment: PaymentsAdapter['provider']['environment'],
): PricePlan[] {
  return product.plans.map((plan) => ({
    id: plan.providerIds[environment],
    name: planTitle(plan.product.name, planTypeWords[plan.type], plan.billingPeriod),
    type: plan.type,
    billingPeriod: plan.billingPeriod,
    usNetListPrice: plan.listPrice,
    countryNetListPrice: plan.listPrice,
    countryDiscountAmount: 0,
    countryDiscountPercent: 0,
    couponDiscountAmount: 0,
    couponDiscountPercent: 0,
    countryNetPrice: plan.listPrice,
    tax: 0,
    taxRate: 0,
    grossListPrice: plan.listPrice,
    gross: plan.listPrice,
    currency: catalog.currency,
    country,
  }))
}

/** Spec §5 "Email address is already subscribed.": a personal subscription of this address (to the product) not
 * cancelled; a trial or another product's subscription never blocks a purchase. */
export async function activeSubscriptionCheck(
  payload: ParsedPayload<'activeSubscriptionCheck'>,
  ctx: ServiceContext,
): Promise<Result<'activeSubscriptionCheck'>> {
  const group = payload.product === undefined ? undefined : requireProduct(payload.product).group
  let query = ctx.db
    .selectFrom('subscriptions')
    .select(['id', 'product_name', 'billing_period', 'quantity'])
    .where('owner', '=', payload.email)
    .where('company_id', 'is', null)
    .where('state', 'in', ['active', 'pastDue', 'paused'])
  if (group) query = query.where('product_group', '=', group)
  const row = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst()
  if (!row) return { exists: false }
  // Anyone may ask whether an address is subscribed (spec §7); only its owner hears which subscription it is.
  if ((await callerEmail(ctx)) !== payload.email) return { exists: true }
  return {
    exists: true,
    subscription: {
      id: row.id,
      productName: row.product_name,
      billingPeriod: row.billing_period === 'month' ? 'month' : 'year',
      quantity: Number(row.quantity),
    },
  }
}

async function callerEmail(ctx: ServiceContext): Promise<string | undefined> {
  if (!ctx.credential) return undefined
  return requireCaller(ctx).then(
    (caller) => caller.email,
    () => undefined,
  )
}

/** The signed-in caller's address and the name on their newest personal order, to fill the shop's forms with. */
export async function shopBuyer(_payload: unknown, ctx: ServiceContext): Promise<Result<'shopBuyer'>> {
  const caller = await requireCaller(ctx)
  const order = await ctx.db
    .selectFrom('orders')
    .select('customer_name')
    .where('owner', '=', caller.email)
    .where('company_id', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return { email: caller.email, name: order?.customer_name.trim() ?? '' }
}

export type CheckoutState = 'complete' | 'flagged' | 'failed' | 'pending'

/** Complete once the webhook created the order; flagged while the provider reviews; failed with the reason; pending. */
export async function checkoutState(
  ctx: ServiceContext,
  checkoutId: string,
): Promise<{ state: CheckoutState; reason?: string }> {
  const order = await ctx.db
    .selectFrom('orders')
    .select('id')
    .where('provider_checkout_id', '=', checkoutId)
    .executeTakeFirst()
  if (order) return { state: 'complete' }
  const review = await ctx.db
    .selectFrom('checkout_reviews')
    .select('state')
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirst()
  if (review?.state === 'flagged') return { state: 'flagged' }
  if (review?.state === 'rejected') return { state: 'failed', reason: REVIEW_REJECTED_REASON }
  const reason = await ctx.adapters.payments?.checkoutFailure(checkoutId)
  return reason === undefined ? { state: 'pending' } : { state: 'failed', reason }
}

/** Waits a few seconds (CHECKOUT_WEBHOOK_WAIT_MS) for Paddle's webhook; `dev` is accepted, configuration decides. */
export async function createSubscriptionOnCheckout(
  payload: ParsedPayload<'createSubscriptionOnCheckout'>,
  ctx: ServiceContext,
): Promise<Result<'createSubscriptionOnCheckout'>> {
  const payments = requirePayments(ctx)
  await payments.settleDue()
  const deadline = Date.now() + payments.config.checkoutWaitMs
  for (;;) {
    const { state, reason } = await checkoutState(ctx, payload.checkoutId)
    if (state !== 'pending' || Date.now() >= deadline) {
      return { immediatelyAvailable: state === 'complete', state, ...(reason ? { reason } : {}) }
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Without script: the provider's hosted checkout. */
export async function hostedCheckout(
  payload: ParsedPayload<'hostedCheckout'>,
  ctx: ServiceContext,
): Promise<Result<'hostedCheckout'>> {
  const payments = requirePayments(ctx)
  const environment = payments.provider.environment
  const product = requireProduct(payload.product)
  const plan = product.plans.find((p) => p.providerIds[environment] === payload.planId || p.key === payload.planId)
  if (!plan) throw new ServiceError('INVALID_REQUEST', `The plan "${payload.planId}" is not a plan of ${product.name}.`)
  if (plan.type === 'personal' && payload.quantity !== 1) {
    throw new ServiceError('INVALID_REQUEST', 'An individual subscription is for one user.')
  }
  const country = payload.country.toUpperCase()
  if (requiresZip(country) && !payload.postcode?.trim()) {
    throw new ServiceError('INVALID_REQUEST', zipRequired)
  }
  const portal = new URL(ctx.config.publicUrl).origin
  if (new URL(payload.returnUrl).origin !== portal) {
    throw new ServiceError('INVALID_REQUEST', `The return address must be on ${portal}.`)
  }
  let passthrough: string
  if (payload.companyId) {
    if (plan.type !== 'organization') {
      throw new ServiceError('INVALID_REQUEST', 'Only organization licenses can be added to a company.')
    }
    passthrough = (await companyCheckout({ companyId: payload.companyId, passthrough: payload.passthrough }, ctx))
      .passthrough
  } else {
    passthrough = JSON.stringify({
      name: payload.passthrough.name.trim() || payload.email,
      ...(payload.passthrough.referrer ? { referrer: payload.passthrough.referrer } : {}),
    })
  }
  return payments.provider.generatePayLink({
    productId: plan.providerIds[environment],
    quantity: payload.quantity,
    customerEmail: payload.email,
    customerCountry: country,
    ...(payload.postcode?.trim() ? { customerPostcode: payload.postcode.trim() } : {}),
    passthrough,
    ...(payload.coupon && couponCode(payload.coupon) ? { coupon: couponCode(payload.coupon) } : {}),
    returnUrl: payload.returnUrl,
  })
}

/** The caller's right to purchase for the company (canRenew) is read from the store, never from the payload. */
export async function companyCheckout(
  payload: ParsedPayload<'companyCheckout'>,
  ctx: ServiceContext,
): Promise<Result<'companyCheckout'>> {
  const caller = await requireCaller(ctx)
  const flags = await flagsIn(ctx.db, caller.email, payload.companyId)
  const row = await ctx.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', payload.companyId)
    .executeTakeFirst()
  if (!row || !flags?.canRenew) {
    throw new ServiceError('FORBIDDEN', 'You may not purchase licenses for this company.')
  }
  const passthrough = companyPurchasePassthrough(ctx.config.secret, {
    name: row.name,
    ...(payload.passthrough.referrer ? { referrer: payload.passthrough.referrer } : {}),
    companyId: row.id,
    email: caller.email,
  })
  return { company: { id: row.id, name: row.name }, passthrough }
}

export const shopOperations: OperationHandlers = {
  catalog: catalogOperation,
  prices,
  activeSubscriptionCheck,
  shopBuyer,
  createSubscriptionOnCheckout,
  coupon,
  hostedCheckout,
  companyCheckout,
}
