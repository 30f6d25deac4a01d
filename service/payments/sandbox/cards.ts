/**
 * The sandbox's test cards. Any expiry date in the future and any 3- or 4-digit security code are accepted.
 * - 4242 4242 4242 4242: pays.
 * - 4000 0000 0000 0002: declined.
 * - 4000 0000 0000 9235: the order is flagged for manual review (approve or reject it at /sandbox/review).
 * - 4000 0000 0000 0341: accepted as a subscription's payment method, but every charge on it fails (to test renewals
 *   and one-off charges that fail); a checkout paid with it is declined.
 */
export type CardOutcome = 'success' | 'declined' | 'flagged' | 'charges-fail'

export const TEST_CARDS: ReadonlyArray<{ number: string; outcome: CardOutcome; description: string }> = [
  { number: '4242424242424242', outcome: 'success', description: 'Payment succeeds' },
  { number: '4000000000000002', outcome: 'declined', description: 'Payment is declined' },
  { number: '4000000000009235', outcome: 'flagged', description: 'Order is flagged for manual review' },
  {
    number: '4000000000000341',
    outcome: 'charges-fail',
    description: 'Saved as a payment method, but later charges fail',
  },
]

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
