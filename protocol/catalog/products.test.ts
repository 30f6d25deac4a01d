import { describe, expect, it } from 'vitest'
import { PRO_PRODUCT_NAME, displayName, productNames, subscriptionTitle } from './products.js'
import { license } from '../../tests/support/entities.js'

describe('displayName (§3)', () => {
  it.each([
    ['Wallaby.js Company License', false, 'Wallaby.js'],
    ['Quokka.js PRO Personal License', false, 'Quokka.js PRO'],
    ['Wallaby.js + Quokka.js personal LICENSE', false, 'Wallaby.js + Quokka.js'],
    ['Wallaby.js Open Source License', false, 'Wallaby.js Open Source'],
    ['Wallaby.js Personal License', true, 'Wallaby.js Trial'],
    // whole words only
    ['Licensed Companyware Personalizer', false, 'Licensed Companyware Personalizer'],
  ])('%j (trial %s) → %j', (productName, trial, expected) => {
    expect(displayName({ productName, trial })).toBe(expected)
  })
  it('shows the console-logging extension with the suffix " PRO"', () => {
    expect(PRO_PRODUCT_NAME).toBe('Console Ninja')
    expect(displayName({ productName: 'Console Ninja Personal License', trial: false })).toBe('Console Ninja PRO')
    expect(displayName({ productName: 'console-ninja', trial: false })).toBe('Console Ninja PRO')
    expect(displayName({ productName: 'Console Ninja Company License', trial: true })).toBe('Console Ninja PRO Trial')
  })
  it('does not add PRO twice or to other products', () => {
    expect(displayName({ productName: 'Console Ninja PRO License', trial: false })).toBe('Console Ninja PRO')
    expect(displayName({ productName: 'Wallaby.js', trial: false })).toBe('Wallaby.js')
  })
})

describe('subscriptionTitle: a subscription by product, plan, billing and seats', () => {
  const subscription = (
    productName: string,
    billingPeriod: 'year' | 'month',
    quantity: number,
    type?: 'company' | 'personal',
  ) => ({
    productName,
    billingPeriod,
    quantity,
    licenses: type ? [license({ licenseType: type })] : [],
  })
  it.each([
    [subscription('Wallaby.js company license', 'year', 5, 'company'), 'Wallaby.js Organization, yearly, 5 seats'],
    [subscription('Quokka.js PRO personal license', 'month', 1, 'personal'), 'Quokka.js PRO Personal, monthly, 1 seat'],
    // Without licenses the product name says the plan; without either, the plan is left out.
    [
      subscription('Wallaby.js + Quokka.js company license', 'year', 1200),
      'Wallaby.js + Quokka.js Organization, yearly, 1,200 seats',
    ],
    [subscription('Console Ninja', 'month', 2), 'Console Ninja PRO, monthly, 2 seats'],
  ])('%j → %s', (s, title) => {
    expect(subscriptionTitle(s)).toBe(title)
  })
})

describe('productNames: one name per product group, the display name of its licenses', () => {
  it.each([
    ['bundle', 'Wallaby.js + Quokka.js company license'],
    ['wallaby', 'Wallaby.js personal license'],
    ['quokka', 'Quokka.js PRO company license'],
    ['other', 'Console Ninja'],
  ] as const)('%s', (group, productName) => {
    expect(displayName({ productName, trial: false })).toBe(productNames[group])
  })
})
