/**
 * The sandbox's test cards. Any expiry date in the future and any 3- or 4-digit security code are accepted.
 * - 4242 4242 4242 4242: pays.
 * - 4000 0000 0000 0002: declined ("Your card was declined by your bank.").
 * - 4000 0000 0000 9995: declined for insufficient funds.
 * - 4000 0000 0000 9235: the order is flagged for manual review (approve or reject it at /sandbox/review).
 * - 4000 0000 0000 0341: accepted as a subscription's payment method, but every charge on it fails (to test renewals
 *   and one-off charges that fail); a checkout paid with it is declined.
 */
export type CardOutcome = 'success' | 'declined' | 'flagged' | 'charges-fail'

export type TestCard = {
  number: string
  outcome: CardOutcome
  description: string
  /** What the sandbox says when it declines this card (its own words, as a card network's decline reason). */
  declineReason?: string
}

export const TEST_CARDS: ReadonlyArray<TestCard> = [
  { number: '4242424242424242', outcome: 'success', description: 'Payment succeeds' },
  {
    number: '4000000000000002',
    outcome: 'declined',
    description: 'Payment is declined',
    declineReason: 'Your card was declined by your bank.',
  },
  {
    number: '4000000000009995',
    outcome: 'declined',
    description: 'Payment is declined for insufficient funds',
    declineReason: 'Your card has insufficient funds.',
  },
  { number: '4000000000009235', outcome: 'flagged', description: 'Order is flagged for manual review' },
  {
    number: '4000000000000341',
    outcome: 'charges-fail',
    description: 'Saved as a payment method, but later charges fail',
    declineReason: 'Your card was declined: it cannot be charged for this payment.',
  },
]

/** The sandbox's decline reason for a card it declined, known by its last four digits (all the sandbox keeps). */
export function declineReasonOf(lastFour: string | null | undefined): string {
  const card = lastFour ? TEST_CARDS.find((c) => c.number.endsWith(lastFour)) : undefined
  return card?.declineReason ?? DEFAULT_DECLINE_REASON
}

export const DEFAULT_DECLINE_REASON = 'Your card was declined.'

export type CardInput = { number: string; expiry: string; cvc: string }

export type CardCheck =
  | { ok: true; outcome: CardOutcome; lastFour: string; cardType: string; expiry: string }
  | { ok: false; errors: Partial<Record<'cardNumber' | 'cardExpiry' | 'cardCvc', string>> }

/** Validates a card form the way a payment page would; `now` decides whether the expiry date has passed. */
export function checkCard(input: CardInput, now: number): CardCheck {
  const errors: Partial<Record<'cardNumber' | 'cardExpiry' | 'cardCvc', string>> = {}
  const digits = input.number.replace(/[\s-]/g, '')
  const card = TEST_CARDS.find((c) => c.number === digits)
  if (!digits) errors.cardNumber = 'Card number must be provided.'
  else if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = 'Card number is not valid.'
  else if (!card) errors.cardNumber = 'Use one of the sandbox test cards listed on this page.'

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry)
  let normalizedExpiry = ''
  if (!input.expiry.trim()) errors.cardExpiry = 'Expiry date must be provided.'
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.cardExpiry = 'Expiry date must be MM/YY.'
  else {
    const month = Number(expiry[1])
    const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])
    // A card is valid through the last day of its expiry month.
    if (Date.UTC(year, month, 1) <= now) errors.cardExpiry = 'The card has expired.'
    normalizedExpiry = `${String(month).padStart(2, '0')}/${year}`
  }

  if (!input.cvc.trim()) errors.cardCvc = 'Security code must be provided.'
  else if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cardCvc = 'Security code must be 3 or 4 digits.'

  if (Object.keys(errors).length || !card) return { ok: false, errors }
  return { ok: true, outcome: card.outcome, lastFour: digits.slice(-4), cardType: 'visa', expiry: normalizedExpiry }
}

/** Charges on a saved payment method fail only for the "charges fail" card. */
export function chargeSucceeds(lastFour: string | null): boolean {
  return lastFour !== '0341'
}
