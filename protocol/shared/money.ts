// Money as the spec shows it (§9): amounts are decimal numbers of a currency, rounded to the cent, written one way.
import { currencySymbols } from './currency.js'
import { ownValue } from './own.js'

/** §9: the price lookup gives up after 8 seconds and the catalog's built-in prices apply. */
export const PRICE_LOOKUP_TIMEOUT_MS = 8000

/** An amount in whole cents (1.005 → 101), so that sums of rounded amounts add up exactly. */
export function inCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100)
}

/** An amount rounded to the cent (12.345 → 12.35). */
export function roundToCent(amount: number): number {
  return inCents(amount) / 100
}

/** The symbol written before an amount; a currency without one is written with its code ("CHF 12"). */
export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase()
  return ownValue(currencySymbols, code) ?? `${code} `
}

/** §9: thousands separators and two decimals, ".00" dropped, no locale: 1234.5 USD → "$1,234.50", 116 → "$116". */
export function formatPrice(amount: number, currency: string): string {
  const cents = inCents(Math.abs(amount))
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const fraction = cents % 100
  const number = fraction === 0 ? whole : `${whole}.${String(fraction).padStart(2, '0')}`
  const sign = cents !== 0 && amount < 0 ? '-' : ''
  return `${sign}${currencySymbol(currency)}${number}`
}
