// A payment method as people read it: brands in words ("Mastercard", not "master"), a card by its last four digits.
import type { Subscription } from '../entities.js'

/** Paddle Classic's `card_type` and the sandbox's. */
const brands = new Map<string, string>([
  ['visa', 'Visa'],
  ['master', 'Mastercard'],
  ['mastercard', 'Mastercard'],
  ['american_express', 'American Express'],
  ['amex', 'American Express'],
  ['discover', 'Discover'],
  ['jcb', 'JCB'],
  ['maestro', 'Maestro'],
  ['diners_club', 'Diners Club'],
  ['dinersclub', 'Diners Club'],
  ['unionpay', 'UnionPay'],
  ['china_union_pay', 'UnionPay'],
  ['elo', 'Elo'],
  ['mada', 'mada'],
  ['paypal', 'PayPal'],
])

/** An unknown code in words ("Carte Bancaire" for `carte_bancaire`); "card" for none. */
export function cardBrandName(cardType: string | null | undefined): string {
  const code = (cardType ?? '').trim().toLowerCase()
  if (!code || code === 'unknown') return 'card'
  const known = brands.get(code.replace(/[\s-]+/g, '_'))
  if (known) return known
  return code
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ')
}

/** "PayPal", "the Visa card ending 4242", or `fallback` when the method is not known. */
export function paymentMethodWords(
  s: Pick<Subscription, 'paymentMethod' | 'cardType' | 'lastFourDigits'>,
  fallback = 'the payment method on file',
): string {
  if (s.paymentMethod === 'paypal') return 'PayPal'
  if (s.paymentMethod === 'card' && s.lastFourDigits) {
    const brand = cardBrandName(s.cardType)
    // "the card", "the Visa card", "the Mastercard": a brand that says "card" already is not followed by it again.
    return `the ${/card$/i.test(brand) ? brand : `${brand} card`} ending ${s.lastFourDigits}`
  }
  return fallback
}
