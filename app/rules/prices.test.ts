import { describe, expect, it } from 'vitest'
import { perMonth, purchaseDefaults, redeemOriginalPrice, showCountryDiscount } from './prices'

describe('prices', () => {
  it('the annual price is shown per month, to the cent', () => {
    expect(perMonth(116)).toBe(9.67)
    expect(perMonth(58)).toBe(4.83)
    expect(perMonth(120)).toBe(10)
  })
  it('a country discount is shown only above 5 percent', () => {
    expect(showCountryDiscount(5)).toBe(false)
    expect(showCountryDiscount(5.01)).toBe(true)
    expect(showCountryDiscount(0)).toBe(false)
  })
  it('redeem original price: the plan the free months are worth, whole years annual, 12 months by default', () => {
    const personal = { year: 58, month: 6.05 }
    expect(redeemOriginalPrice(personal)).toBe(58)
    expect(redeemOriginalPrice(personal, 24)).toBe(116)
    // Not $4.83 (an annual price's month): a single month is sold on the monthly plan.
    expect(redeemOriginalPrice(personal, 1)).toBe(6.05)
    expect(redeemOriginalPrice(personal, 3)).toBe(18.15)
  })
})

describe('purchaseDefaults (§2)', () => {
  const of = (query: string) => purchaseDefaults(new URLSearchParams(query))
  it('annual, individual, 1 user, US without parameters', () => {
    expect(of('')).toEqual({ billingPeriod: 'year', type: 'personal', quantity: 1, country: 'US' })
  })
  it('monthly and company when the URL says so', () => {
    expect(of('billing=monthly&type=company&quantity=25')).toEqual({
      billingPeriod: 'month',
      type: 'organization',
      quantity: 25,
      country: 'US',
    })
  })
  it('clamps the quantity to 1..100 and ignores a malformed country', () => {
    expect(of('quantity=500&country=germany')).toMatchObject({ quantity: 100, country: 'US' })
    expect(of('quantity=0&country=de')).toMatchObject({ quantity: 1, country: 'DE' })
    expect(of('quantity=abc')).toMatchObject({ quantity: 1 })
  })
})
