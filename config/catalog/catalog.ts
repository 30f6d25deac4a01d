// The product catalog: the one file to edit for what the shop sells; each plan has an id per provider environment
// (the sandbox's are the plan keys; Paddle Classic's from Seller Dashboard > Catalog > Subscription Plans).
import type { CatalogConfig } from './types.js'
import { currencySymbols } from '../../protocol/shared/currency.js'
import { PRO_PRODUCT_NAME, productNames } from '../../protocol/catalog/products.js'

/** Spec §3 productName: the name, the plan's type and "license". */
const licenseNames = (name: string) => ({
  personal: `${name} personal license`,
  organization: `${name} company license`,
})

export const catalogConfig: CatalogConfig = {
  /** Also of the built-in fallback prices (spec §9). */
  currency: 'USD',
  /** Spec §7 renewal: enterprise and multi-user licenses are renewed through sales. */
  salesEmail: 'sales@license-portal.test',
  /** Spec §9 defaults, per license and billing period, net of tax; a product may override them. */
  listPrices: {
    organization: { year: 116, month: 12.1 },
    personal: { year: 58, month: 6.05 },
  },
  products: [
    {
      slug: 'console-ninja',
      name: productNames.other,
      group: 'other',
      shop: true,
      licenseNames: { personal: PRO_PRODUCT_NAME, organization: PRO_PRODUCT_NAME },
      plans: {
        'organization-year': { paddle: '811021', paddleSandbox: '56021' },
        'organization-month': { paddle: '811022', paddleSandbox: '56022' },
        'personal-year': { paddle: '811023', paddleSandbox: '56023' },
        'personal-month': { paddle: '811024', paddleSandbox: '56024' },
      },
    },
    {
      slug: 'wallaby',
      name: productNames.wallaby,
      group: 'wallaby',
      shop: true,
      licenseNames: licenseNames(productNames.wallaby),
      plans: {
        'organization-year': { paddle: '811031', paddleSandbox: '56031' },
        'organization-month': { paddle: '811032', paddleSandbox: '56032' },
        'personal-year': { paddle: '811033', paddleSandbox: '56033' },
        'personal-month': { paddle: '811034', paddleSandbox: '56034' },
      },
    },
    {
      slug: 'quokka',
      name: productNames.quokka,
      group: 'quokka',
      shop: true,
      licenseNames: licenseNames(productNames.quokka),
      plans: {
        'organization-year': { paddle: '811041', paddleSandbox: '56041' },
        'organization-month': { paddle: '811042', paddleSandbox: '56042' },
        'personal-year': { paddle: '811043', paddleSandbox: '56043' },
        'personal-month': { paddle: '811044', paddleSandbox: '56044' },
      },
    },
    {
      // Sold before as a bundle: off the shop's list, but its subscriptions still renew, so its plans stay.
      slug: 'bundle',
      name: productNames.bundle,
      group: 'bundle',
      shop: false,
      licenseNames: licenseNames(productNames.bundle),
      plans: {
        'organization-year': { paddle: '811011', paddleSandbox: '56011' },
        'organization-month': { paddle: '811012', paddleSandbox: '56012' },
        'personal-year': { paddle: '811013', paddleSandbox: '56013' },
        'personal-month': { paddle: '811014', paddleSandbox: '56014' },
      },
    },
  ],
  /** A one-off product whose price the renewal sets (pay link price override); annual, per license. */
  renewal: {
    productIds: { sandbox: 'license-renewal', paddle: '811001', paddleSandbox: '56001' },
    annualPrices: {
      bundle: { personal: 58, company: 116 },
      wallaby: { personal: 58, company: 116 },
      quokka: { personal: 58, company: 116 },
      other: { personal: 58, company: 116 },
    },
  },
  /** Spec §3 country table; `requiresZip` is the provider's own list of countries that need a postcode. */
  countries: [
    { code: 'US', name: 'United States', requiresZip: true },
    { code: 'CA', name: 'Canada', taxName: 'GST/HST', requiresZip: true },
    { code: 'GB', name: 'United Kingdom', taxName: 'VAT', requiresZip: true },
    { code: 'DE', name: 'Germany', taxName: 'MwSt.', requiresZip: true },
    { code: 'FR', name: 'France', taxName: 'TVA', requiresZip: true },
    { code: 'IT', name: 'Italy', taxName: 'IVA', requiresZip: true },
    { code: 'ES', name: 'Spain', taxName: 'IVA', requiresZip: true },
    { code: 'NL', name: 'Netherlands', taxName: 'BTW', requiresZip: true },
    { code: 'AU', name: 'Australia', taxName: 'GST', requiresZip: true },
    { code: 'IN', name: 'India', taxName: 'GST', requiresZip: true },
    { code: 'AT', name: 'Austria', taxName: 'MwSt.' },
    { code: 'BE', name: 'Belgium', taxName: 'BTW' },
    { code: 'CH', name: 'Switzerland', taxName: 'MWST' },
    { code: 'CZ', name: 'Czechia', taxName: 'DPH' },
    { code: 'DK', name: 'Denmark', taxName: 'Moms' },
    { code: 'FI', name: 'Finland', taxName: 'ALV' },
    { code: 'IE', name: 'Ireland', taxName: 'VAT' },
    { code: 'NO', name: 'Norway', taxName: 'MVA' },
    { code: 'PL', name: 'Poland', taxName: 'VAT' },
    { code: 'PT', name: 'Portugal', taxName: 'IVA' },
    { code: 'SE', name: 'Sweden', taxName: 'Moms' },
    { code: 'NZ', name: 'New Zealand', taxName: 'GST' },
    { code: 'SG', name: 'Singapore', taxName: 'GST' },
    { code: 'JP', name: 'Japan', taxName: 'JCT' },
    { code: 'KR', name: 'South Korea', taxName: 'VAT' },
    { code: 'BR', name: 'Brazil' },
    { code: 'MX', name: 'Mexico', taxName: 'IVA' },
    { code: 'AR', name: 'Argentina' },
    { code: 'ZA', name: 'South Africa', taxName: 'VAT' },
    { code: 'IL', name: 'Israel', taxName: 'VAT' },
    { code: 'TR', name: 'Türkiye', taxName: 'KDV' },
    { code: 'UA', name: 'Ukraine' },
    { code: 'CN', name: 'China' },
    { code: 'HK', name: 'Hong Kong' },
    { code: 'TW', name: 'Taiwan' },
  ],
  currencySymbols,
}
