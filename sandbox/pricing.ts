// How the sandbox prices a checkout: local currencies, taxes, country discounts and coupons on net USD list prices.
import { catalog } from '../config/catalog/index.js'
import type { PriceAmounts } from '../service/payments/provider.js'
import { ownValue } from '../protocol/shared/own.js'
import { roundToCent } from '../protocol/shared/money.js'

type CountryPricing = { currency: string; rate: number; taxPercent: number; discountPercent: number }

/** Fixed exchange rates from USD for the currencies the sandbox account has enabled. */
const EXCHANGE_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, AUD: 1.52, CAD: 1.36 }

const EUR = ['DE', 'FR', 'IT', 'ES', 'NL', 'AT', 'BE', 'FI', 'IE', 'PT']

/** Sales tax rates (percent) the sandbox charges. */
const TAX_PERCENT: Record<string, number> = {
  GB: 20,
  DE: 19,
  FR: 20,
  IT: 22,
  ES: 21,
  NL: 21,
  AT: 20,
  BE: 21,
  FI: 25.5,
  IE: 23,
  PT: 23,
  CZ: 21,
  DK: 25,
  SE: 25,
  PL: 23,
  NO: 25,
  CH: 8.1,
  AU: 10,
  NZ: 15,
  CA: 5,
  IN: 18,
  SG: 9,
  JP: 10,
  KR: 10,
  MX: 16,
  ZA: 15,
  IL: 17,
  TR: 20,
}

/** Country discounts (percent off the USD list price) for countries priced in USD. */
const COUNTRY_DISCOUNT_PERCENT: Record<string, number> = { IN: 40, BR: 30, AR: 40, UA: 50, TR: 30, MX: 20, ZA: 25 }

/** Discount coupons the sandbox account knows (percent off every payment). */
export const SANDBOX_COUPONS: Record<string, number> = { SAVE10: 10, HALFOFF: 50 }

export function countryPricing(countryCode: string): CountryPricing {
  const code = countryCode.toUpperCase()
  const currency = EUR.includes(code)
    ? 'EUR'
    : code === 'GB'
      ? 'GBP'
      : code === 'AU'
        ? 'AUD'
        : code === 'CA'
          ? 'CAD'
          : 'USD'
  return {
    currency,
    rate: ownValue(EXCHANGE_RATES, currency) ?? 1,
    taxPercent: ownValue(TAX_PERCENT, code) ?? 0,
    discountPercent: currency === 'USD' ? (ownValue(COUNTRY_DISCOUNT_PERCENT, code) ?? 0) : 0,
  }
}

/** A net amount with `taxPercent` on top, each to the cent. */
export function amounts(net: number, taxPercent: number): PriceAmounts {
  const tax = roundToCent((net * taxPercent) / 100)
  return { net: roundToCent(net), tax, gross: roundToCent(net + tax) }
}

export type SandboxPrice = {
  currency: string
  /** Before coupons. */
  listPrice: PriceAmounts
  /** After the coupon, if one applies. */
  price: PriceAmounts
  appliedCoupon?: { code: string; discount: number }
  taxPercent: number
}

/** One unit: USD net list price in the country's currency, less country discount, less coupon; tax on top. */
export function sandboxPrice(usdNet: number, countryCode: string, coupon?: string): SandboxPrice {
  const pricing = countryPricing(countryCode)
  const listNet = roundToCent(usdNet * pricing.rate * (1 - pricing.discountPercent / 100))
  const couponCode = coupon?.trim().toUpperCase()
  const couponPercent = couponCode ? ownValue(SANDBOX_COUPONS, couponCode) : undefined
  const net = couponPercent ? roundToCent(listNet * (1 - couponPercent / 100)) : listNet
  return {
    currency: pricing.currency,
    listPrice: amounts(listNet, pricing.taxPercent),
    price: amounts(net, pricing.taxPercent),
    ...(couponPercent && couponCode
      ? { appliedCoupon: { code: couponCode, discount: roundToCent(listNet - net) } }
      : {}),
    taxPercent: pricing.taxPercent,
  }
}

/** The checkout total for a quantity: per-unit amounts times quantity. */
export function totalFor(price: PriceAmounts, quantity: number): PriceAmounts {
  const net = roundToCent(price.net * quantity)
  const tax = roundToCent(price.tax * quantity)
  return { net, tax, gross: roundToCent(net + tax) }
}

/** The catalog's currency must be the one sandbox prices are converted from. */
if (catalog.currency !== 'USD') throw new Error('The sandbox provider converts from USD list prices')
