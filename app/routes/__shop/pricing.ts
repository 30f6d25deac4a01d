// The purchase and redeem pages' pure rules (spec §2, §4 "Checkout", §9). No I/O, no React.
import { couponCode } from '#protocol/catalog/coupons'
import { planTypeWords } from '#protocol/catalog/products'
import type { BillingPeriod, Country, PricePlan } from '#protocol/entities'
import { formatPrice, inCents } from '#protocol/shared/money'
import { labels } from '#app/rules/messages/labels'
import { countOf } from '#protocol/shared/words'
import {
  DEFAULT_COUNTRY,
  DEFAULT_REDEEM_MONTHS,
  perMonth,
  purchaseDefaults,
  redeemOriginalPrice,
  redeemPlanPeriod,
  showCountryDiscount,
  type PlanType,
} from '#app/rules/prices'

export const BILLING_VALUES = { month: 'monthly', year: 'annually' } as const satisfies Record<BillingPeriod, string>
export const TYPE_VALUES = { personal: 'individual', organization: 'company' } as const satisfies Record<
  PlanType,
  string
>

export type PurchaseOptions = {
  billingPeriod: BillingPeriod
  type: PlanType
  /** 1 for individuals; 1..100 for organizations. */
  quantity: number
  country: string
  coupon?: string
}

/** §2 defaults from the URL: annual, individual, quantity 1..100, country US (also for an unknown one). */
export function purchaseOptions(params: URLSearchParams, countries: readonly Pick<Country, 'code'>[]): PurchaseOptions {
  const defaults = purchaseDefaults(params)
  const known = countries.length === 0 || countries.some((c) => c.code === defaults.country)
  const coupon = couponCode(params.get('coupon') ?? '')
  return {
    billingPeriod: defaults.billingPeriod,
    type: defaults.type,
    quantity: defaults.type === 'personal' ? 1 : defaults.quantity,
    country: known ? defaults.country : DEFAULT_COUNTRY,
    ...(coupon ? { coupon } : {}),
  }
}

export function optionsSearch(options: PurchaseOptions): URLSearchParams {
  const params = new URLSearchParams()
  params.set('billing', BILLING_VALUES[options.billingPeriod])
  params.set('type', TYPE_VALUES[options.type])
  if (options.type === 'organization') params.set('quantity', String(options.quantity))
  params.set('country', options.country)
  if (options.coupon) params.set('coupon', options.coupon)
  return params
}

export const billingPeriodLabel: Record<BillingPeriod, string> = { month: '1 month', year: '1 year' }

export function selectPlan(
  plans: readonly PricePlan[],
  type: PlanType,
  billingPeriod: BillingPeriod,
): PricePlan | undefined {
  return plans.find((p) => p.type === type && p.billingPeriod === billingPeriod)
}

/** The catalog's built-in plan when the lookup lacks it. */
export function planFor(
  lookup: { plans: readonly PricePlan[]; defaults: readonly PricePlan[] },
  type: PlanType,
  billingPeriod: BillingPeriod,
): PricePlan {
  const plan = selectPlan(lookup.plans, type, billingPeriod) ?? selectPlan(lookup.defaults, type, billingPeriod)
  if (!plan) throw new Error(`The catalog has no ${type} plan billed by the ${billingPeriod}.`)
  return plan
}

/** To one decimal: "20%", "25.5%" (a discount measured from rounded amounts is rounded here). */
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
  /** "Annual price displayed per month". */
  perLicensePerMonth: string
  perLicenseLabel: string
  billing: string
  billingPeriod: BillingPeriod
  quantity: number
  rows: BreakdownRow[]
  /** Tax included. */
  total: string
}

/** The price breakdown (§2, §9) in lines that add up to the cent: each per-license figure in cents × quantity. */
export function priceBreakdown(plan: PricePlan, quantity: number, country?: Pick<Country, 'taxName'>): PriceBreakdown {
  const q = quantity
  const format = (c: number) => formatPrice(c / 100, plan.currency)
  const countryDiscountShown = plan.countryDiscountAmount > 0 && showCountryDiscount(plan.countryDiscountPercent)
  const countryDiscount = countryDiscountShown ? inCents(plan.countryDiscountAmount) : 0
  const couponDiscount = inCents(plan.couponDiscountAmount)
  const net = inCents(plan.countryNetPrice)
  const list = net + couponDiscount + countryDiscount
  const tax = inCents(plan.tax)
  const gross = net + tax
  const taxed = tax > 0

  const rows: BreakdownRow[] = [
    {
      key: 'price',
      label: `${planTypeWords[plan.type]}, ${billingPeriodLabel[plan.billingPeriod]} × ${q}`,
      amount: format(list * q),
      kind: 'price',
    },
  ]
  if (countryDiscount > 0) {
    rows.push({
      key: 'country-discount',
      label: `Country discount (${formatPercent(plan.countryDiscountPercent)})`,
      amount: `−${format(countryDiscount * q)}`,
      kind: 'discount',
    })
  }
  if (couponDiscount > 0) {
    // §9: the special-discount period list is empty, so the coupon's line is always "Special discount".
    const percent = plan.couponDiscountPercent > 0 ? ` (${formatPercent(plan.couponDiscountPercent)})` : ''
    rows.push({
      key: 'special-discount',
      label: `Special discount${percent}`,
      amount: `−${format(couponDiscount * q)}`,
      kind: 'discount',
    })
  }
  if (rows.length > 1 || taxed || country?.taxName) {
    rows.push({ key: 'subtotal', label: 'Subtotal excl. tax', amount: format(net * q), kind: 'subtotal' })
  }
  if (taxed || country?.taxName) {
    // The price lookup gives the configured tax rate as a percentage (spec §3 "taxRate").
    const rate = plan.taxRate > 0 ? ` (${formatPercent(plan.taxRate)})` : ''
    rows.push({ key: 'tax', label: `${country?.taxName ?? 'Tax'}${rate}`, amount: format(tax * q), kind: 'tax' })
  }
  const period = plan.billingPeriod === 'year' ? 'billed annually' : 'billed monthly'
  rows.push({
    key: 'total',
    label: taxed ? `Total incl. tax, ${period}` : `Total, ${period}`,
    amount: format(gross * q),
    kind: 'total',
  })

  // §9: an annual price is displayed per month.
  const monthly = (c: number) => (plan.billingPeriod === 'year' ? inCents(perMonth(c / 100)) : c)
  const inTotal = `${format(monthly(gross * q))} per month in total ${taxed ? 'incl. tax' : 'with no tax charged'}`
  return {
    perLicensePerMonth: format(monthly(net)),
    perLicenseLabel: 'per user a month, excluding tax',
    billing: plan.billingPeriod === 'year' ? `Billed annually: ${inTotal}.` : `Billed monthly: ${inTotal}.`,
    billingPeriod: plan.billingPeriod,
    quantity: q,
    rows,
    total: format(gross * q),
  }
}

export type RedeemPrices = {
  months: number
  original: string
  discount: string
  total: string
  /** The original price said as a sentence: which plan it is the price of. */
  basis: string
}

type RedeemPlan = Pick<PricePlan, 'countryNetListPrice' | 'currency'>

/** Redeem: the personal plan the free months are worth (`redeemPlanPeriod`), all of it discounted, total zero. */
export function redeemPrices(plans: Record<BillingPeriod, RedeemPlan>, months?: number): RedeemPrices {
  const m = months && months > 0 ? months : DEFAULT_REDEEM_MONTHS
  const period = redeemPlanPeriod(m)
  const plan = plans[period]
  const original = formatPrice(
    redeemOriginalPrice({ year: plans.year.countryNetListPrice, month: plans.month.countryNetListPrice }, m),
    plan.currency,
  )
  const each = formatPrice(plan.countryNetListPrice, plan.currency)
  const onePeriod = m === (period === 'year' ? 12 : 1)
  const perPeriod = onePeriod ? '' : ` (${each} a ${period})`
  return {
    months: m,
    original,
    discount: `−${original}`,
    total: formatPrice(0, plan.currency),
    basis: `${original} is the price of ${countOf(m, 'month')} on the ${period === 'year' ? 'annual' : 'monthly'} ${labels.personal} plan${perPeriod}, excluding tax.`,
  }
}

export function requiresZip(countries: readonly Country[], code: string): boolean {
  return countries.some((c) => c.code === code && c.requiresZip === true)
}

export type CheckoutState = 'complete' | 'flagged' | 'failed'

/** §4 a checkout's outcome: the service's answer; a refusal is failed; "pending" is complete (licenses by email). */
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
