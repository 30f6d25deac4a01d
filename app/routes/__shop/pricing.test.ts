import { describe, expect, it } from 'vitest'
import { plan } from '../../../tests/support/entities'
import {
  checkoutOutcome,
  optionsSearch,
  planFor,
  priceBreakdown,
  purchaseOptions,
  redeemPrices,
  requiresZip,
  selectPlan,
} from './pricing'

const countries = [
  { code: 'US', name: 'United States', requiresZip: true },
  { code: 'DE', name: 'Germany', taxName: 'MwSt.', requiresZip: true },
  { code: 'IN', name: 'India', taxName: 'GST', requiresZip: true },
  { code: 'AT', name: 'Austria', taxName: 'MwSt.' },
]

describe('purchaseOptions (§2 defaults from the URL)', () => {
  const of = (query: string) => purchaseOptions(new URLSearchParams(query), countries)

  it('is annual, individual, one license, US by default', () => {
    expect(of('')).toEqual({ billingPeriod: 'year', type: 'personal', quantity: 1, country: 'US' })
  })
  it('reads monthly, company and the quantity, clamped to 1..100', () => {
    expect(of('billing=monthly&type=company&quantity=5')).toMatchObject({
      billingPeriod: 'month',
      type: 'organization',
      quantity: 5,
    })
    expect(of('type=company&quantity=500').quantity).toBe(100)
    expect(of('type=company&quantity=0').quantity).toBe(1)
    expect(of('type=company&quantity=abc').quantity).toBe(1)
  })
  it('gives an individual one license whatever the URL says', () => {
    expect(of('type=individual&quantity=7').quantity).toBe(1)
  })
  it('keeps a country of the table and falls back to US otherwise', () => {
    expect(of('country=de').country).toBe('DE')
    expect(of('country=XX').country).toBe('US')
  })
  it('keeps a coupon', () => {
    expect(of('coupon=SAVE10').coupon).toBe('SAVE10')
  })
  it('round-trips through optionsSearch', () => {
    const options = of('billing=monthly&type=company&quantity=12&country=AT&coupon=HALFOFF')
    expect(purchaseOptions(optionsSearch(options), countries)).toEqual(options)
    expect(optionsSearch(of('')).toString()).toBe('billing=annually&type=individual&country=US')
  })
})

describe('planFor (§9: the catalog’s built-in plans stand in)', () => {
  const defaults = [
    plan({ id: 'quokka-organization-year', gross: 116 }),
    plan({ id: 'quokka-personal-month', type: 'personal', billingPeriod: 'month', gross: 6.05 }),
  ]
  it('picks the plan of a type and billing period', () => {
    expect(selectPlan(defaults, 'personal', 'month')?.gross).toBe(6.05)
    expect(selectPlan(defaults, 'personal', 'year')).toBeUndefined()
  })
  it('stand in for a plan the lookup did not answer', () => {
    const looked = [plan({ id: 'quokka-organization-year', gross: 99 })]
    expect(planFor({ plans: looked, defaults }, 'organization', 'year')).toMatchObject({ gross: 99 })
    expect(planFor({ plans: looked, defaults }, 'personal', 'month')).toMatchObject({
      id: 'quokka-personal-month',
      gross: 6.05,
      currency: 'USD',
    })
    expect(() => planFor({ plans: looked, defaults }, 'personal', 'year')).toThrow(/no personal plan/)
  })
})

describe('priceBreakdown (§2, §9)', () => {
  it('shows an annual price per month and the yearly total', () => {
    const b = priceBreakdown(plan(), 1)
    expect(b.perLicensePerMonth).toBe('$9.67')
    expect(b.perLicenseLabel).toBe('per user a month, excluding tax')
    expect(b.total).toBe('$116')
    expect(b.billing).toBe('Billed annually: $9.67 per month in total with no tax charged.')
    expect(b.rows.map((r) => [r.label, r.amount])).toEqual([
      ['Organization, 1 year × 1', '$116'],
      ['Total, billed annually', '$116'],
    ])
  })

  it('multiplies by the quantity, with thousands separators and .00 dropped', () => {
    const b = priceBreakdown(plan(), 100)
    expect(b.total).toBe('$11,600')
    expect(b.billing).toBe('Billed annually: $966.67 per month in total with no tax charged.')
    expect(b.perLicensePerMonth).toBe('$9.67')
  })

  it('shows a monthly price as it is', () => {
    const b = priceBreakdown(
      plan({ billingPeriod: 'month', countryNetListPrice: 12.1, countryNetPrice: 12.1, gross: 12.1 }),
      5,
    )
    expect(b.perLicensePerMonth).toBe('$12.10')
    expect(b.total).toBe('$60.50')
    expect(b.billing).toBe('Billed monthly: $60.50 per month in total with no tax charged.')
    expect(b.rows.at(-1)).toMatchObject({ label: 'Total, billed monthly', amount: '$60.50' })
  })

  it('shows a country discount above 5 percent, and the tax under the country’s tax name', () => {
    const india = plan({
      countryNetListPrice: 116,
      countryDiscountAmount: 46.4,
      countryDiscountPercent: 40,
      countryNetPrice: 69.6,
      tax: 12.53,
      taxRate: 18,
      gross: 82.13,
    })
    const b = priceBreakdown(india, 2, { taxName: 'GST' })
    expect(b.rows.map((r) => [r.label, r.amount])).toEqual([
      ['Organization, 1 year × 2', '$232'],
      ['Country discount (40%)', '−$92.80'],
      ['Subtotal excl. tax', '$139.20'],
      ['GST (18%)', '$25.06'],
      ['Total incl. tax, billed annually', '$164.26'],
    ])
    expect(b.billing).toBe('Billed annually: $13.69 per month in total incl. tax.')
  })

  it('starts from the undiscounted list price, so the discount is taken once (India, personal, annual)', () => {
    // The service's answer for India: the country's list price is already the discounted one.
    const india = plan({
      type: 'personal',
      usNetListPrice: 58,
      countryNetListPrice: 34.8,
      countryDiscountAmount: 23.2,
      countryDiscountPercent: 40,
      countryNetPrice: 34.8,
      tax: 6.26,
      taxRate: 18,
      grossListPrice: 41.06,
      gross: 41.06,
      country: 'IN',
    })
    const b = priceBreakdown(india, 1, { taxName: 'GST' })
    expect(b.rows.map((r) => [r.label, r.amount])).toEqual([
      ['Personal, 1 year × 1', '$58'],
      ['Country discount (40%)', '−$23.20'],
      ['Subtotal excl. tax', '$34.80'],
      ['GST (18%)', '$6.26'],
      ['Total incl. tax, billed annually', '$41.06'],
    ])
    expect(b.perLicensePerMonth).toBe('$2.90')
  })

  it('says which figure includes tax: the per-user price excludes it, the monthly total includes it', () => {
    const austria = plan({
      currency: 'EUR',
      countryNetListPrice: 106.72,
      countryNetPrice: 106.72,
      tax: 21.34,
      taxRate: 20,
      gross: 128.06,
      country: 'AT',
    })
    const b = priceBreakdown(austria, 12, { taxName: 'MwSt.' })
    expect(`${b.perLicensePerMonth} ${b.perLicenseLabel}`).toBe('€8.89 per user a month, excluding tax')
    expect(b.billing).toBe('Billed annually: €128.06 per month in total incl. tax.')
    expect(b.rows.find((r) => r.kind === 'tax')?.label).toBe('MwSt. (20%)')
  })

  it('folds a country discount of 5 percent or less into the price, so the rows still add up', () => {
    const b = priceBreakdown(
      plan({ countryDiscountAmount: 5.8, countryDiscountPercent: 5, countryNetPrice: 110.2, gross: 110.2 }),
      1,
    )
    expect(b.rows.map((r) => r.label)).toEqual(['Organization, 1 year × 1', 'Total, billed annually'])
    expect(b.rows[0].amount).toBe('$110.20')
  })

  it('shows a coupon as "Special discount"', () => {
    const b = priceBreakdown(
      plan({
        type: 'personal',
        countryNetListPrice: 58,
        couponDiscountAmount: 5.8,
        couponDiscountPercent: 10,
        countryNetPrice: 52.2,
        gross: 52.2,
      }),
      1,
    )
    expect(b.rows.map((r) => [r.label, r.amount])).toContainEqual(['Special discount (10%)', '−$5.80'])
    expect(b.rows[0].label).toBe('Personal, 1 year × 1')
  })

  it('shows percentages to one decimal', () => {
    const b = priceBreakdown(plan({ countryNetPrice: 11.13, tax: 2.11, taxRate: 18.96, gross: 13.24 }), 1, {
      taxName: 'MwSt.',
    })
    expect(b.rows.find((r) => r.kind === 'tax')?.label).toBe('MwSt. (19%)')
    const finland = priceBreakdown(plan({ tax: 29.58, taxRate: 25.5, gross: 145.58 }), 1, { taxName: 'ALV' })
    expect(finland.rows.find((r) => r.kind === 'tax')?.label).toBe('ALV (25.5%)')
  })

  it('names the tax "Tax" when the country has no tax name, in the plan’s currency', () => {
    const b = priceBreakdown(
      plan({
        currency: 'EUR',
        countryNetListPrice: 106.72,
        countryNetPrice: 106.72,
        tax: 20.28,
        taxRate: 19,
        gross: 127,
      }),
      1,
    )
    expect(b.rows.find((r) => r.kind === 'tax')).toMatchObject({ label: 'Tax (19%)', amount: '€20.28' })
    expect(b.total).toBe('€127')
  })
})

describe('redeemPrices', () => {
  const plans = {
    year: { countryNetListPrice: 58, currency: 'USD' },
    month: { countryNetListPrice: 6.05, currency: 'USD' },
  }
  it('is the price of the plan the free months are worth, all of it discounted, a total of zero', () => {
    expect(redeemPrices(plans, 1)).toEqual({
      months: 1,
      original: '$6.05',
      discount: '−$6.05',
      total: '$0',
      basis: '$6.05 is the price of 1 month on the monthly Personal plan, excluding tax.',
    })
    expect(redeemPrices(plans, 12).original).toBe('$58')
    expect(redeemPrices(plans, 3).basis).toBe(
      '$18.15 is the price of 3 months on the monthly Personal plan ($6.05 a month), excluding tax.',
    )
    expect(redeemPrices(plans, 24).basis).toBe(
      '$116 is the price of 24 months on the annual Personal plan ($58 a year), excluding tax.',
    )
  })
  it('defaults to 12 months', () => {
    expect(redeemPrices(plans).months).toBe(12)
    expect(redeemPrices(plans, 0).months).toBe(12)
  })
})

describe('requiresZip (§5)', () => {
  it('follows the country table', () => {
    expect(requiresZip(countries, 'US')).toBe(true)
    expect(requiresZip(countries, 'AT')).toBe(false)
    expect(requiresZip(countries, 'XX')).toBe(false)
  })
})

describe('checkoutOutcome (§4)', () => {
  it('takes the service’s state when it gives one', () => {
    expect(checkoutOutcome('complete', { state: 'flagged', immediatelyAvailable: false })).toEqual({
      state: 'flagged',
      immediatelyAvailable: false,
    })
    expect(checkoutOutcome('complete', { state: 'failed', immediatelyAvailable: false }).state).toBe('failed')
    expect(checkoutOutcome(null, { state: 'complete', immediatelyAvailable: true })).toEqual({
      state: 'complete',
      immediatelyAvailable: true,
    })
  })
  it('treats a payment the service has not recorded yet as the provider reported it', () => {
    expect(checkoutOutcome('complete', { state: 'pending', immediatelyAvailable: false })).toEqual({
      state: 'complete',
      immediatelyAvailable: false,
    })
    expect(checkoutOutcome('failed', { state: 'pending', immediatelyAvailable: false }).state).toBe('failed')
    expect(checkoutOutcome('flagged', { immediatelyAvailable: false }).state).toBe('flagged')
  })
  it('is failed when the service refused the checkout', () => {
    expect(checkoutOutcome('complete', null)).toEqual({ state: 'failed', immediatelyAvailable: false })
  })
  it('never offers the activate-now instructions for anything but a complete checkout', () => {
    expect(checkoutOutcome(null, { state: 'flagged', immediatelyAvailable: true }).immediatelyAvailable).toBe(false)
  })
})
