/**
 * How products and subscriptions are named, in one place for every side: the license tables, the dialogs, the seat
 * list's import and export, the mails, the shop's catalog (service/catalog/catalog.ts takes its names from here) and
 * receipts. Spec §3: a license's display name is its product name without the words personal, company and license,
 * with " Trial" for trials, and the console-logging extension's paid edition shown with " PRO".
 */
import type { BillingPeriod, License, ProductGroup, Subscription } from './entities.js'
import { countOf } from './words.js'

/** The console-logging extension's paid edition: the one product shown with the suffix " PRO" (§3). */
export const PRO_PRODUCT_NAME = 'Console Ninja'
/** Its name in shop URLs (`/shop/console-ninja/buy/`). */
export const PRO_PRODUCT_SLUG = 'console-ninja'
export const PRO_SUFFIX = ' PRO'

/** Each product group's product, by the name customers see (the shop's, the tables', the dialogs', the mails'). */
export const productNames: Readonly<Record<ProductGroup, string>> = {
  bundle: 'Wallaby.js + Quokka.js',
  wallaby: 'Wallaby.js',
  quokka: 'Quokka.js PRO',
  other: PRO_PRODUCT_NAME + PRO_SUFFIX,
}

/** Names already worked out: a license page names a handful of products on every row, several times a row. */
const displayNames = new Map<string, string>()
const DISPLAY_NAMES_KEPT = 500

function productDisplayName(productName: string): string {
  const known = displayNames.get(productName)
  if (known !== undefined) return known
  let name = productName
    .replace(/\b(personal|company|license)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const lower = name.toLowerCase()
  if (lower === PRO_PRODUCT_NAME.toLowerCase() || lower === PRO_PRODUCT_SLUG) name = PRO_PRODUCT_NAME + PRO_SUFFIX
  if (displayNames.size >= DISPLAY_NAMES_KEPT) displayNames.clear()
  displayNames.set(productName, name)
  return name
}

/**
 * §3 display name: the words personal, company and license are removed (whole words, any case), " PRO" is added to
 * the console-logging extension's name, and " Trial" is appended for trials.
 */
export function displayName(license: Pick<License, 'productName' | 'trial'>): string {
  const name = productDisplayName(license.productName)
  return license.trial ? `${name} Trial` : name
}

/** A subscription's product, by the licenses' rule: "Wallaby.js company license" reads "Wallaby.js". */
export function subscriptionDisplayName(subscription: Pick<Subscription, 'productName'>): string {
  return productDisplayName(subscription.productName)
}

/**
 * The plan a subscription is of, in the checkout's words (§3 "Personal or Organization in the checkout"): read from its
 * licenses' type, else from its product name; undefined when neither says.
 */
export function subscriptionPlan(
  subscription: Pick<Subscription, 'productName'> & { licenses: readonly Pick<License, 'licenseType'>[] },
): 'Personal' | 'Organization' | undefined {
  const type =
    subscription.licenses[0]?.licenseType ??
    /\b(personal|company)\b/i.exec(subscription.productName)?.[1]?.toLowerCase()
  return type === 'personal' ? 'Personal' : type === 'company' ? 'Organization' : undefined
}

/** "yearly" or "monthly": how often a subscription is paid. */
export function billingWords(period: BillingPeriod): string {
  return period === 'year' ? 'yearly' : 'monthly'
}

/**
 * A subscription by what it is: product, plan, billing and seats — "Wallaby.js Organization, yearly, 5 seats". Its id
 * is secondary text beside it, never its name.
 */
export function subscriptionTitle(
  subscription: Pick<Subscription, 'productName' | 'billingPeriod' | 'quantity'> & {
    licenses: readonly Pick<License, 'licenseType'>[]
  },
): string {
  const plan = subscriptionPlan(subscription)
  const product = subscriptionDisplayName(subscription)
  const seats = countOf(subscription.quantity, 'seat')
  return `${plan ? `${product} ${plan}` : product}, ${billingWords(subscription.billingPeriod)}, ${seats}`
}
