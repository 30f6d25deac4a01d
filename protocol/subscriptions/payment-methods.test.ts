import { describe, expect, it } from 'vitest'
import { cardBrandName, paymentMethodWords } from './payment-methods.js'

describe('card brands in words', () => {
  it.each([
    ['master', 'Mastercard'],
    ['visa', 'Visa'],
    ['VISA', 'Visa'],
    ['american_express', 'American Express'],
    ['diners_club', 'Diners Club'],
    ['jcb', 'JCB'],
    ['carte_bancaire', 'Carte Bancaire'],
    ['', 'card'],
    [undefined, 'card'],
  ])('%j → %s', (code, name) => {
    expect(cardBrandName(code)).toBe(name)
  })

  it('names what a payment is charged to', () => {
    expect(paymentMethodWords({ paymentMethod: 'card', cardType: 'master', lastFourDigits: '4444' })).toBe(
      'the Mastercard ending 4444',
    )
    expect(paymentMethodWords({ paymentMethod: 'card', cardType: 'visa', lastFourDigits: '4242' })).toBe(
      'the Visa card ending 4242',
    )
    expect(paymentMethodWords({ paymentMethod: 'card', lastFourDigits: '4242' })).toBe('the card ending 4242')
    expect(paymentMethodWords({ paymentMethod: 'paypal' })).toBe('PayPal')
    expect(paymentMethodWords({})).toBe('the payment method on file')
  })
})
