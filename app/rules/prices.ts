/**
 * Price rules of spec §2 "Purchase page", §2 "Redeem page" and §9: formatting, per-month display, the country
 * discount threshold, the built-in default prices and the purchase page's defaults from the URL.
 */
import { currencySymbols } from '#protocol/currency'
import type { BillingPeriod } from '#protocol/entities'
import { ownValue } from '#protocol/own'
import { clampQuantity } from '#protocol/subscriptions'

export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase()
  return ownValue(currencySymbols, code) ?? `${code} `
}

/**
 * §9: thousands separators and two decimals, ".00" dropped: 1234.5 USD → "$1,234.50", 116 USD → "$116".
 * Rounded to cents first; no locale (server and browser must agree).
 */
export function formatPrice(amount: number, currency: string): string {
  const cents = Math.round((Math.abs(amount) + Number.EPSILON) * 100)
  const whole = Math.floor(cents / 100)
  const fraction = cents % 100
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const number = fraction === 0 ? digits : `${digits}.${String(fraction).padStart(2, '0')}`
  const sign = cents !== 0 && amount < 0 ? '-' : ''
  return `${sign}${currencySymbol(currency)}${number}`
}

function toCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100
}

/** §9: an annual price is displayed per month (divided by 12), to the cent. */
export function perMonth(annual: number): number {
  return toCents(annual / 12)
}

/** §9: a country discount is shown only above 5 percent. */
export function showCountryDiscount(percent: number): boolean {
  return percent > 5
}

export type PlanType = 'organization' | 'personal'

/** §9: the built-in prices (USD) used when the price lookup fails or times out. */
export const DEFAULT_PRICES: { currency: 'USD' } & Record<PlanType, Record<BillingPeriod, number>> = {
  currency: 'USD',
  organization: { year: 116, month: 12.1 },
  personal: { year: 58, month: 6.05 },
}

/** §9: the price lookup gives up after this long and the defaults apply. */
export const PRICE_LOOKUP_TIMEOUT_MS = 8000

export const DEFAULT_REDEEM_MONTHS = 12

/** §9 redeem: the original price is the annual price scaled by months/12 (12 months by default). */
export function redeemOriginalPrice(annual: number, months: number = DEFAULT_REDEEM_MONTHS): number {
  return toCents((annual * months) / 12)
}

export type PurchaseDefaults = {
  billingPeriod: BillingPeriod
  type: PlanType
  quantity: number
  country: string
}

export const DEFAULT_COUNTRY = 'US'

/**
 * §2 purchase page defaults from its URL: billing annual unless `billing` says monthly, type individual unless `type`
 * says company (or organization), quantity clamped to 1..100 (default 1), country US unless `country` gives a
 * two-letter code.
 */
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
