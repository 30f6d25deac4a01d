/**
 * A payment method as people read it, on /manage, in dialogs and in mails: card brands in words ("Mastercard", not the
 * provider's "master"), the card by its last four digits.
 */
import type { Subscription } from './entities.js'

/** The brand codes the payment providers answer (Paddle Classic's `card_type`, the sandbox's), by name. */
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

/** "Mastercard" for `master`; an unknown code in words ("Carte Bancaire" for `carte_bancaire`); "card" for none. */
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

/**
 * "PayPal", "the Visa card ending 4242", "the Mastercard ending 4444", or `fallback` when the method is not known: how a sentence names what a
 * payment is charged to.
 */
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
