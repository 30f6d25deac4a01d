// How products and subscriptions are named (spec §3), for every side.
import type { BillingPeriod, License, ProductGroup, Subscription } from '../entities.js'
import { countOf } from '../shared/words.js'

export const PRO_PRODUCT_NAME = 'Console Ninja'
export const PRO_PRODUCT_SLUG = 'console-ninja'
export const PRO_SUFFIX = ' PRO'

export const productNames: Readonly<Record<ProductGroup, string>> = {
  bundle: 'Wallaby.js + Quokka.js',
  wallaby: 'Wallaby.js',
  quokka: 'Quokka.js PRO',
  other: PRO_PRODUCT_NAME + PRO_SUFFIX,
}

/** A license page names a handful of products on every row, several times a row. */
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

export function displayName(license: Pick<License, 'productName' | 'trial'>): string {
  const name = productDisplayName(license.productName)
  return license.trial ? `${name} Trial` : name
}

/** By the licenses' rule: "Wallaby.js company license" reads "Wallaby.js". */
export function subscriptionDisplayName(subscription: Pick<Subscription, 'productName'>): string {
  return productDisplayName(subscription.productName)
}

/** §3: a plan's type as the checkout names it. */
export const planTypeWords = { personal: 'Personal', organization: 'Organization' } as const
export type PlanTypeWord = (typeof planTypeWords)[keyof typeof planTypeWords]

/** In the checkout's words (§3): from the licenses' type, else the product name; undefined when neither says. */
export function subscriptionPlan(
  subscription: Pick<Subscription, 'productName'> & { licenses: readonly Pick<License, 'licenseType'>[] },
): PlanTypeWord | undefined {
  const type =
    subscription.licenses[0]?.licenseType ??
    /\b(personal|company)\b/i.exec(subscription.productName)?.[1]?.toLowerCase()
  return type === 'personal' ? planTypeWords.personal : type === 'company' ? planTypeWords.organization : undefined
}

export function billingWords(period: BillingPeriod): string {
  return period === 'year' ? 'yearly' : 'monthly'
}

/** "Wallaby.js Organization, yearly": the one title of a plan, in the shop, the checkout and a subscription's. */
export function planTitle(product: string, type: PlanTypeWord | undefined, period: BillingPeriod): string {
  return `${type ? `${product} ${type}` : product}, ${billingWords(period)}`
}

/** "Wallaby.js Organization, yearly, 5 seats": its id is secondary text beside it, never its name. */
export function subscriptionTitle(
  subscription: Pick<Subscription, 'productName' | 'billingPeriod' | 'quantity'> & {
    licenses: readonly Pick<License, 'licenseType'>[]
  },
): string {
  const plan = planTitle(
    subscriptionDisplayName(subscription),
    subscriptionPlan(subscription),
    subscription.billingPeriod,
  )
  return `${plan}, ${countOf(subscription.quantity, 'seat')}`
}
