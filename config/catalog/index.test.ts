import { describe, expect, it } from 'vitest'
import { catalogConfig } from './catalog.js'
import {
  applyPaddleIds,
  catalog,
  country,
  findPlan,
  licenseProductName,
  parseCatalog,
  planByProviderId,
  productBySlug,
  renewalAnnualPrice,
  requiresZip,
  shopProducts,
} from './index.js'

describe('the product catalog', () => {
  it('sells Console Ninja PRO, Wallaby.js and Quokka.js PRO, each in four plans at the spec §9 prices', () => {
    expect(shopProducts().map((p) => [p.slug, p.name, p.group])).toEqual([
      ['console-ninja', 'Console Ninja PRO', 'other'],
      ['wallaby', 'Wallaby.js', 'wallaby'],
      ['quokka', 'Quokka.js PRO', 'quokka'],
    ])
    expect(catalog.currency).toBe('USD')
    for (const product of shopProducts()) {
      expect(product.plans.map((p) => [p.type, p.billingPeriod, p.listPrice])).toEqual([
        ['organization', 'year', 116],
        ['organization', 'month', 12.1],
        ['personal', 'year', 58],
        ['personal', 'month', 6.05],
      ])
    }
  })

  it('finds a plan by any of its provider ids or its key', () => {
    const plan = productBySlug('wallaby')!.plans[0]
    expect(plan.key).toBe('wallaby-organization-year')
    expect(planByProviderId('wallaby-organization-year', 'sandbox')).toBe(plan)
    expect(planByProviderId(plan.providerIds.paddle, 'paddle')).toBe(plan)
    expect(planByProviderId(plan.providerIds.paddle, 'sandbox')).toBeUndefined()
    expect(findPlan(plan.providerIds.paddleSandbox)).toBe(plan)
    // The demo data's plan keys, the bundle's among them.
    expect(findPlan('bundle-organization-year')?.product.name).toBe('Wallaby.js + Quokka.js')
    expect(licenseProductName(plan)).toBe('Wallaby.js company license')
  })

  it('has the country table with tax names and zip rules, and renewal prices for every product group', () => {
    expect(country('us')).toEqual({ code: 'US', name: 'United States', requiresZip: true })
    expect(country('GB')?.taxName).toBe('VAT')
    expect(country('DE')?.taxName).toBe('MwSt.')
    expect(country('AU')?.taxName).toBe('GST')
    expect(requiresZip('CA')).toBe(true)
    expect(requiresZip('AT')).toBe(false)
    expect(renewalAnnualPrice('bundle', 'company')).toBe(116)
    expect(renewalAnnualPrice('other', 'personal')).toBe(58)
  })

  it('refuses a catalog with a missing plan, a shared provider id or a duplicate country', () => {
    const broken = structuredClone(catalogConfig)
    delete broken.products[0].plans['personal-month']
    broken.products[1].plans['organization-year'] = { ...broken.products[2].plans['organization-year']! }
    broken.countries.push({ code: 'US', name: 'Again' })
    expect(() => parseCatalog(broken)).toThrow(
      /product "console-ninja" has no personal-month plan.*share the paddle id.*country US appears twice/,
    )
  })
})

// Last in this file: it changes the catalog's ids for the rest of the file's run.
describe('the vendor’s Paddle ids from the configuration', () => {
  it('replace the catalog’s ids in one environment', () => {
    applyPaddleIds('paddleSandbox', { plans: new Map([['wallaby-organization-year', '990001']]), renewal: '990000' })
    expect(planByProviderId('990001', 'paddleSandbox')?.key).toBe('wallaby-organization-year')
    expect(planByProviderId('56031', 'paddleSandbox')).toBeUndefined()
    expect(planByProviderId('811031', 'paddle')?.key).toBe('wallaby-organization-year')
    expect(catalog.renewal.productIds.paddleSandbox).toBe('990000')
  })
})
