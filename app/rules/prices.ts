// The shop's display rules of spec §2 "Purchase page", "Redeem page" and §9 (the price format is protocol/shared/money.ts).
import type { BillingPeriod } from '#protocol/entities'
import { roundToCent } from '#protocol/shared/money'
import { clampQuantity } from '#protocol/subscriptions/quantity'

/** §9: an annual price is displayed per month, to the cent. */
export function perMonth(annual: number): number {
  return roundToCent(annual / 12)
}

/** §9: a country discount is shown only above 5 percent. */
export function showCountryDiscount(percent: number): boolean {
  return percent > 5
}

export type PlanType = 'organization' | 'personal'

export const DEFAULT_REDEEM_MONTHS = 12

/** The plan whose price a coupon's free months are worth: whole years are the annual plan's, other months the monthly. */
export function redeemPlanPeriod(months: number): BillingPeriod {
  return months % 12 === 0 ? 'year' : 'month'
}

/** Redeem's "Original Price": what the months cost on the plan of `redeemPlanPeriod` (net of tax). */
export function redeemOriginalPrice(
  listPrice: Record<BillingPeriod, number>,
  months: number = DEFAULT_REDEEM_MONTHS,
): number {
  return redeemPlanPeriod(months) === 'year'
    ? roundToCent((listPrice.year * months) / 12)
    : roundToCent(listPrice.month * months)
}

export type PurchaseDefaults = {
  billingPeriod: BillingPeriod
  type: PlanType
  quantity: number
  country: string
}

export const DEFAULT_COUNTRY = 'US'

/** §2 purchase page defaults from its URL (`type` company or organization; quantity 1..100; a two-letter country). */
export function purchaseDefaults(params: URLSearchParams): PurchaseDefaults {
  const billing = params.get('billing')?.toLowerCase()
  const type = params.get('type')?.toLowerCase()
  const country = params.get('country')?.toUpperCase()
  return {
    billingPeriod: billing === 'monthly' || billing === 'month' ? 'month' : 'year',
    type: type === 'company' || type === 'organization' ? 'organization' : 'personal',
    quantity: clampQuantity(params.get('quantity') ?? 1),
    country: country && /^[A-Z]{2}$/.test(country) ? country : DEFAULT_COUNTRY,
  }
}
