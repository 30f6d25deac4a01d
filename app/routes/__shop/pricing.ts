/**
 * The purchase and redeem pages' pure rules (spec §2 "Purchase page", "Redeem page", §4 "Checkout", §9): the page's
 * options from its URL and back, the built-in plans used when the price lookup fails, the price breakdown, the redeem
 * prices, and what a checkout's outcome is. No I/O and no React: the loaders, the actions and the components share them.
 */
import type { BillingPeriod, Country, PricePlan } from '#protocol/entities'
import {
  DEFAULT_COUNTRY,
  DEFAULT_PRICES,
  DEFAULT_REDEEM_MONTHS,
  formatPrice,
  perMonth,
  purchaseDefaults,
  redeemOriginalPrice,
  showCountryDiscount,
  type PlanType,
} from '#app/rules/prices'

/** The purchase page's controls, as the form and the URL carry them. */
export const BILLING_VALUES = { month: 'monthly', year: 'annually' } as const satisfies Record<BillingPeriod, string>
export const TYPE_VALUES = { personal: 'individual', organization: 'company' } as const satisfies Record<
  PlanType,
  string
>
export type BillingValue = (typeof BILLING_VALUES)[BillingPeriod]
export type TypeValue = (typeof TYPE_VALUES)[PlanType]

export type PurchaseOptions = {
  billingPeriod: BillingPeriod
  type: PlanType
  /** 1 for individuals; 1..100 for organizations. */
  quantity: number
  country: string
  coupon?: string
}

/**
 * §2 defaults from the URL (annual unless monthly, individual unless company, quantity clamped to 1..100, country US),
 * with the country checked against the country table (an unknown one falls back to US) and an individual always
 * buying one license.
 */
export function purchaseOptions(params: URLSearchParams, countries: readonly Pick<Country, 'code'>[]): PurchaseOptions {
  const defaults = purchaseDefaults(params)
  const known = countries.length === 0 || countries.some((c) => c.code === defaults.country)
  const coupon = params.get('coupon')?.trim()
  return {
    billingPeriod: defaults.billingPeriod,
    type: defaults.type,
    quantity: defaults.type === 'personal' ? 1 : defaults.quantity,
    country: known ? defaults.country : DEFAULT_COUNTRY,
    ...(coupon ? { coupon: coupon.slice(0, 100) } : {}),
  }
}

/** The query string that gives back `options` (the page's own links and the script's in-place updates). */
export function optionsSearch(options: PurchaseOptions): URLSearchParams {
  const params = new URLSearchParams()
  params.set('billing', BILLING_VALUES[options.billingPeriod])
  params.set('type', TYPE_VALUES[options.type])
  if (options.type === 'organization') params.set('quantity', String(options.quantity))
  params.set('country', options.country)
  if (options.coupon) params.set('coupon', options.coupon)
  return params
}

/** §3 how a plan is named in the checkout: "Personal" or "Organization", "1 month" or "1 year". */
export const planTypeLabel: Record<PlanType, string> = { personal: 'Personal', organization: 'Organization' }
export const billingPeriodLabel: Record<BillingPeriod, string> = { month: '1 month', year: '1 year' }

/**
 * §9 a built-in plan (USD, no tax, no discount), shown when the price lookup fails or times out. It carries no provider
 * product id: a checkout needs the real lookup.
 */
export function defaultPlan(type: PlanType, billingPeriod: BillingPeriod): PricePlan {
  const price = DEFAULT_PRICES[type][billingPeriod]
  return {
    id: '',
    name: `${planTypeLabel[type]} ${billingPeriodLabel[billingPeriod]}`,
    type,
    billingPeriod,
    usNetListPrice: price,
    countryNetListPrice: price,
    countryDiscountAmount: 0,
    countryDiscountPercent: 0,
    couponDiscountAmount: 0,
    couponDiscountPercent: 0,
    countryNetPrice: price,
    tax: 0,
    taxRate: 0,
    grossListPrice: price,
    gross: price,
    currency: DEFAULT_PRICES.currency,
    country: DEFAULT_COUNTRY,
  }
}

/** The four built-in plans. */
export function defaultPlans(): PricePlan[] {
  const types: PlanType[] = ['personal', 'organization']
  const periods: BillingPeriod[] = ['year', 'month']
  return types.flatMap((type) => periods.map((billingPeriod) => defaultPlan(type, billingPeriod)))
}

export function selectPlan(
  plans: readonly PricePlan[],
  type: PlanType,
  billingPeriod: BillingPeriod,
): PricePlan | undefined {
  return plans.find((p) => p.type === type && p.billingPeriod === billingPeriod)
}

/** The plan of a type and billing period from a lookup, or the built-in one when the lookup lacks it. */
export function planFor(plans: readonly PricePlan[], type: PlanType, billingPeriod: BillingPeriod): PricePlan {
  return selectPlan(plans, type, billingPeriod) ?? defaultPlan(type, billingPeriod)
}

const cents = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100

/**
 * A percentage as the breakdown shows it, to one decimal: "20%", "25.5%". The price lookup derives its percentages
 * from amounts rounded to the cent, so a 19% tax on a small price can arrive as 18.96; one decimal shows it as 19%.
 */
export function formatPercent(percent: number): string {
  return `${Math.round((percent + Number.EPSILON) * 10) / 10}%`
}

export type BreakdownRow = {
  key: string
  label: string
  amount: string
  kind: 'price' | 'discount' | 'subtotal' | 'tax' | 'total'
}

export type PriceBreakdown = {
  /** The headline: one license's net price per month ("Annual price displayed per month"). */
  perLicensePerMonth: string
  billingPeriod: BillingPeriod
  quantity: number
  rows: BreakdownRow[]
  /** What is charged each billing period. */
  total: string
  /** For annual plans, the total per month. */
  totalPerMonth?: string
}

/**
 * The price breakdown of `quantity` licenses of `plan` (§2, §9): the list price, the country discount only when it is
 * above 5 percent (a smaller one is folded into the list price, so the rows always add up), the coupon's
 * "Special discount", the subtotal, the tax under the country's tax name, and the total. Every figure is the plan's
 * per-license figure times the quantity, to the cent.
 */
export function priceBreakdown(plan: PricePlan, quantity: number, country?: Pick<Country, 'taxName'>): PriceBreakdown {
  const q = quantity
  const format = (n: number) => formatPrice(cents(n), plan.currency)
  const countryDiscountShown = plan.countryDiscountAmount > 0 && showCountryDiscount(plan.countryDiscountPercent)
  const listPrice = plan.countryNetListPrice - (countryDiscountShown ? 0 : plan.countryDiscountAmount)
  const rows: BreakdownRow[] = [
    {
      key: 'price',
      label: `${planTypeLabel[plan.type]}, ${billingPeriodLabel[plan.billingPeriod]} × ${q}`,
      amount: format(listPrice * q),
      kind: 'price',
    },
  ]
  if (countryDiscountShown) {
    rows.push({
      key: 'country-discount',
      label: `Country discount (${formatPercent(plan.countryDiscountPercent)})`,
      amount: `−${format(plan.countryDiscountAmount * q)}`,
      kind: 'discount',
    })
  }
  if (plan.couponDiscountAmount > 0) {
    // §9: the special-discount period list is empty, so the coupon's line is always "Special discount".
    const percent = plan.couponDiscountPercent > 0 ? ` (${formatPercent(plan.couponDiscountPercent)})` : ''
    rows.push({
      key: 'special-discount',
      label: `Special discount${percent}`,
      amount: `−${format(plan.couponDiscountAmount * q)}`,
      kind: 'discount',
    })
  }
  const net = plan.countryNetPrice * q
  const tax = plan.tax * q
  const gross = plan.gross * q
  if (rows.length > 1 || tax > 0)
    rows.push({ key: 'subtotal', label: 'Subtotal', amount: format(net), kind: 'subtotal' })
  if (tax > 0 || country?.taxName) {
    // The price lookup gives the tax rate as a percentage (spec §3 "taxRate").
    const rate = plan.taxRate > 0 ? ` (${formatPercent(plan.taxRate)})` : ''
    rows.push({ key: 'tax', label: `${country?.taxName ?? 'Tax'}${rate}`, amount: format(tax), kind: 'tax' })
  }
  rows.push({
    key: 'total',
    label: plan.billingPeriod === 'year' ? 'Total, billed annually' : 'Total, billed monthly',
    amount: format(gross),
    kind: 'total',
  })
  const monthly = (n: number) => (plan.billingPeriod === 'year' ? perMonth(n) : cents(n))
  return {
    perLicensePerMonth: format(monthly(plan.countryNetPrice)),
    billingPeriod: plan.billingPeriod,
    quantity: q,
    rows,
    total: format(gross),
    ...(plan.billingPeriod === 'year' ? { totalPerMonth: format(perMonth(gross)) } : {}),
  }
}

export type RedeemPrices = { months: number; original: string; discount: string; total: string }

/**
 * §2/§9 redeem: the original price is the annual (personal) price scaled by months/12, the discount takes all of it,
 * and the total is zero.
 */
export function redeemPrices(plan: Pick<PricePlan, 'countryNetListPrice' | 'currency'>, months?: number): RedeemPrices {
  const m = months && months > 0 ? months : DEFAULT_REDEEM_MONTHS
  const original = redeemOriginalPrice(plan.countryNetListPrice, m)
  return {
    months: m,
    original: formatPrice(original, plan.currency),
    discount: `−${formatPrice(original, plan.currency)}`,
    total: formatPrice(0, plan.currency),
  }
}

/** §5: whether the country asks for a zip/post code. */
export function requiresZip(countries: readonly Country[], code: string): boolean {
  return countries.some((c) => c.code === code && c.requiresZip === true)
}

export type CheckoutState = 'complete' | 'flagged' | 'failed'

/**
 * §4 the outcome screen of a finished checkout. The provider sends the browser back with `state` (hosted checkout) or
 * the frame reports it; the service's answer to createSubscriptionOnCheckout wins when it gives one. A service that
 * refuses the checkout (`answer` null) means it failed. A payment the provider completed but whose order the
 * service has not recorded yet ("pending") is complete: the licenses follow by email.
 */
export function checkoutOutcome(
  reported: string | null,
  answer: { state?: 'complete' | 'flagged' | 'failed' | 'pending'; immediatelyAvailable: boolean } | null,
): { state: CheckoutState; immediatelyAvailable: boolean } {
  if (!answer) return { state: 'failed', immediatelyAvailable: false }
  const state: CheckoutState =
    answer.state === 'complete' || answer.state === 'flagged' || answer.state === 'failed'
      ? answer.state
      : reported === 'flagged' || reported === 'failed'
        ? reported
        : 'complete'
  return { state, immediatelyAvailable: state === 'complete' && answer.immediatelyAvailable }
}
