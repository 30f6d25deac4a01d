import { describe, expect, it } from 'vitest'
import {
  cancelConsequence,
  offerConsequence,
  priceText,
  oneYearLater,
  pauseConsequence,
  paymentMethodText,
  quantityConsequence,
  restartConsequence,
  resumeConsequence,
  seatsNow,
  upgradeConsequence,
} from './consequences'
import { DAY, NOW, license, subscription } from '../../../../tests/support/entities'

const ref = { subscriptionId: 'sub-1', state: 'active' }
const seat = (assignedTo = '', lapsing = false, days = 100) =>
  license({ assignedTo, lapsing, subscription: ref, billingPeriod: 'year', expiration: NOW + days * DAY })
const card = { paymentMethod: 'card' as const, cardType: 'visa', lastFourDigits: '4242' }
const next = { date: Date.UTC(2026, 5, 13), currency: 'USD', amount: 232 }

describe('the subscription dialogs’ consequences', () => {
  const s = subscription({
    subscriptionId: 'sub-1',
    productName: 'Wallaby.js company license',
    quantity: 2,
    billingPeriod: 'year',
    licenses: [seat('a@x.test', false, 100), seat('', false, 100)],
    nextPayment: next,
    ...card,
  })

  it('names the subscription and its payment method', () => {
    expect(paymentMethodText(s)).toBe('the Visa card ending 4242')
    expect(paymentMethodText({ paymentMethod: 'paypal' })).toBe('PayPal')
    expect(paymentMethodText({})).toBe('the payment method on file')
  })

  it('cancel: irreversible; the licenses run to their expiry, or have already expired', () => {
    expect(cancelConsequence(s, NOW)).toBe(
      'Cancelling is irreversible: the subscription will not renew and cannot be restarted. Its licenses keep working until June 13, 2026, then stop.',
    )
    expect(cancelConsequence({ ...s, licenses: [seat('', false, -1)] }, NOW)).toMatch(
      /Its licenses have already expired\.$/,
    )
    // A personal subscription's licenses can be renewed one by one once it is cancelled (showRenew).
    expect(cancelConsequence(s, NOW, { personal: true })).toBe(
      'Cancelling is irreversible: the subscription will not renew and cannot be restarted. Its licenses keep working until June 13, 2026, then stop. You can still renew its licenses one by one from your license list.',
    )
  })

  it('pause: the next payment is not taken; past due: the attempts stop', () => {
    expect(pauseConsequence(s, NOW)).toBe(
      'Pausing turns auto-renew off: the payment of $232 due June 13, 2026 will not be taken. The licenses keep working until June 13, 2026; resume before then to keep them renewing.',
    )
    expect(pauseConsequence({ ...s, state: 'pastDue' }, NOW)).toMatch(
      /^Pausing turns auto-renew off and stops the attempts to take the payment of \$232/,
    )
  })

  it('resume charges nothing now; restart charges a new term at once', () => {
    expect(resumeConsequence({ ...s, state: 'paused', nextPayment: undefined })).toBe(
      'Resuming turns auto-renew back on: billing restarts at the end of the paid term, on June 13, 2026, with the yearly payment for 2 licenses charged to the Visa card ending 4242. Nothing is charged now.',
    )
    expect(restartConsequence({ ...s, state: 'paused', licenses: [seat('', false, -10)] })).toBe(
      'The paid term ended on February 23, 2026. Restarting charges a new year for 2 licenses to the Visa card ending 4242 immediately; the licenses then run for that year and the subscription renews automatically.',
    )
  })

  it('upgrade: a year less the unused month, in progress until confirmed', () => {
    const monthly = { ...s, billingPeriod: 'month' as const }
    expect(upgradeConsequence(monthly)).toMatch(
      /^The subscription switches from monthly to annual billing: the charge is a year of 2 licenses, less a credit/,
    )
    expect(upgradeConsequence(monthly)).toContain('until the payment provider confirms it')
  })

  it("the provider's price: charged now with its tax, credit kept, the next payment", () => {
    const next = { amount: 232, currency: 'USD', date: Date.UTC(2027, 5, 13) }
    expect(priceText(s, { immediatePayment: { amount: 21.6, tax: 1.6, currency: 'USD' }, nextPayment: next })).toBe(
      '$21.60 is charged now to the Visa card ending 4242, tax included ($1.60 of it tax). The next payment is $232 on June 13, 2027.',
    )
    expect(priceText(s, { credit: { amount: 5.5, currency: 'USD' }, nextPayment: next })).toBe(
      'Nothing is charged now. $5.50 of unused time is kept as credit for later payments. The next payment is $232 on June 13, 2027.',
    )
  })

  describe('quantity', () => {
    const three = subscription({
      quantity: 3,
      licenses: [seat('a@x.test'), seat('b@x.test'), seat(''), seat('old@x.test', true)],
      nextPayment: next,
      ...card,
    })
    it('the same number changes nothing, and says the seats as the card does, with the licenses that lapse', () => {
      expect(quantityConsequence(three, '3', NOW)).toMatchObject({ kind: 'same' })
      expect(quantityConsequence(three, '3', NOW).text).toBe(
        'The subscription has 3 seats: it renews 3 licenses. 1 more license lapses on June 13, 2026. Choose a new number of licenses (1 to 100).',
      )
      expect(seatsNow(s, NOW)).toBe('The subscription has 2 seats: it renews 2 licenses.')
    })
    it('an increase is added now and charged prorated', () => {
      const c = quantityConsequence(three, 5)
      expect(c).toMatchObject({ kind: 'increase', quantity: 5, required: 0 })
      expect(c.text).toBe(
        '2 licenses will be added now. The Visa card ending 4242 is charged now for them, prorated for the rest of the current term (until June 13, 2026). From the next payment on June 13, 2026 you pay for 5 licenses.',
      )
    })
    it('a decrease takes effect at the next cycle; licenses beyond it lapse; more assignees than seats must be chosen', () => {
      expect(quantityConsequence(three, 2)).toMatchObject({ kind: 'decrease', lapsing: 1, required: 0 })
      const c = quantityConsequence(three, 1)
      expect(c).toMatchObject({ kind: 'decrease', quantity: 1, lapsing: 2, required: 1 })
      expect(c.text).toBe(
        'The change takes effect at the next billing cycle: from the payment on June 13, 2026 you pay for 1 license; nothing is refunded. 2 licenses will lapse: they keep working until the term ends on June 13, 2026, then stop. More licenses are assigned than 1: choose the address whose license lapses.',
      )
    })
    it('clamps what was typed to 1..100', () => {
      expect(quantityConsequence(three, '0')).toMatchObject({ kind: 'decrease', quantity: 1 })
      expect(quantityConsequence(three, '250')).toMatchObject({ kind: 'increase', quantity: 100 })
    })
  })

  it('extension offer: 12 more months for licenses and next payment, charged now', () => {
    const offered = { ...s, specialOffer: { message: 'Extend', currency: 'USD', priceGross: 92.8, country: 'US' } }
    expect(offerConsequence(offered)).toBe(
      '$92.80 is charged now to the Visa card ending 4242, tax included. The subscription is extended by 12 months: its licenses then run until June 13, 2027 and the next payment moves to June 13, 2027.',
    )
    expect(offerConsequence(s)).toBe('')
  })

  it('oneYearLater keeps the day, the 29th of February becoming the 28th', () => {
    expect(oneYearLater(Date.UTC(2026, 2, 5))).toBe(Date.UTC(2027, 2, 5))
    expect(oneYearLater(Date.UTC(2028, 1, 29))).toBe(Date.UTC(2029, 1, 28))
  })
})
