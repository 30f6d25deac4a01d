// The product catalog (`catalog.ts`), validated when this module loads so a bad one stops the service, not a checkout.
import { catalogConfig } from './catalog.js'
import {
  CatalogConfigSchema,
  type BillingPeriod,
  type CatalogConfig,
  type PlanType,
  type ProductGroupCode,
  type ProviderEnvironment,
} from './types.js'

export type { BillingPeriod, PlanType, ProductGroupCode, ProviderEnvironment } from './types.js'

export type Country = { code: string; name: string; taxName?: string; requiresZip?: boolean }

export type Product = {
  slug: string
  name: string
  group: ProductGroupCode
  shop: boolean
  licenseNames: Record<PlanType, string>
  plans: Plan[]
}

export type Plan = {
  /** E.g. `wallaby-organization-year`; also the sandbox's product id. */
  key: string
  product: Product
  type: PlanType
  billingPeriod: BillingPeriod
  /** Per license and billing period, net of tax, in the catalog's currency. */
  listPrice: number
  providerIds: Record<ProviderEnvironment, string>
}

export type Catalog = {
  currency: string
  salesEmail: string
  products: Product[]
  countries: Country[]
  currencySymbols: Record<string, string>
  renewal: {
    productIds: Record<ProviderEnvironment, string>
    annualPrices: Record<ProductGroupCode, { personal: number; company: number }>
  }
}

const PLAN_ORDER: Array<[PlanType, BillingPeriod]> = [
  ['organization', 'year'],
  ['organization', 'month'],
  ['personal', 'year'],
  ['personal', 'month'],
]

/** Throws with every problem found. */
export function parseCatalog(input: CatalogConfig): Catalog {
  const config = CatalogConfigSchema.parse(input)
  const problems: string[] = []
  const products: Product[] = []
  const seenIds = new Map<string, string>()
  for (const p of config.products) {
    const product: Product = {
      slug: p.slug,
      name: p.name,
      group: p.group,
      shop: p.shop,
      licenseNames: p.licenseNames,
      plans: [],
    }
    for (const [type, period] of PLAN_ORDER) {
      const ids = p.plans[`${type}-${period}`]
      if (!ids) {
        problems.push(`product "${p.slug}" has no ${type}-${period} plan`)
        continue
      }
      const key = `${p.slug}-${type}-${period}`
      const plan: Plan = {
        key,
        product,
        type,
        billingPeriod: period,
        listPrice: (p.listPrices ?? config.listPrices)[type][period],
        providerIds: { sandbox: key, paddle: ids.paddle, paddleSandbox: ids.paddleSandbox },
      }
      for (const env of ['sandbox', 'paddle', 'paddleSandbox'] as const) {
        const id = `${env}:${plan.providerIds[env]}`
        const other = seenIds.get(id)
        if (other) problems.push(`plans ${other} and ${key} share the ${env} id ${plan.providerIds[env]}`)
        seenIds.set(id, key)
      }
      product.plans.push(plan)
    }
    products.push(product)
  }
  const slugs = new Set<string>()
  for (const p of products) {
    if (slugs.has(p.slug)) problems.push(`product slug "${p.slug}" appears twice`)
    slugs.add(p.slug)
  }
  const annualPrices = {} as Catalog['renewal']['annualPrices']
  for (const group of ['bundle', 'wallaby', 'quokka', 'other'] as const) {
    const prices = config.renewal.annualPrices[group]
    if (!prices) problems.push(`renewal has no annual price for product group "${group}"`)
    else annualPrices[group] = prices
  }
  for (const env of ['paddle', 'paddleSandbox'] as const) {
    const id = `${env}:${config.renewal.productIds[env]}`
    if (seenIds.has(id)) problems.push(`the renewal product shares the ${env} id of plan ${seenIds.get(id)}`)
  }
  const codes = new Set<string>()
  for (const c of config.countries) {
    if (codes.has(c.code)) problems.push(`country ${c.code} appears twice`)
    codes.add(c.code)
  }
  if (problems.length)
    throw new Error(`The product catalog (config/catalog/catalog.ts) is invalid: ${problems.join('; ')}`)
  return {
    currency: config.currency,
    salesEmail: config.salesEmail,
    products,
    countries: config.countries,
    currencySymbols: config.currencySymbols as Record<string, string>,
    renewal: { productIds: config.renewal.productIds, annualPrices },
  }
}

export const catalog: Catalog = parseCatalog(catalogConfig)

export function products(): Product[] {
  return catalog.products
}

export function shopProducts(): Product[] {
  return catalog.products.filter((p) => p.shop)
}

export function productBySlug(slug: string): Product | undefined {
  return catalog.products.find((p) => p.slug === slug)
}

export function productByGroup(group: ProductGroupCode): Product | undefined {
  return catalog.products.find((p) => p.group === group)
}

export function planOf(product: Product, type: PlanType, billingPeriod: BillingPeriod): Plan {
  const plan = product.plans.find((p) => p.type === type && p.billingPeriod === billingPeriod)
  if (!plan) throw new Error(`product ${product.slug} has no ${type}-${billingPeriod} plan`)
  return plan
}

export function planByProviderId(id: string, environment: ProviderEnvironment): Plan | undefined {
  for (const product of catalog.products) {
    const plan = product.plans.find((p) => p.providerIds[environment] === id)
    if (plan) return plan
  }
  return undefined
}

/** Subscriptions in the store keep the provider's plan id; the demo data keeps plan keys. */
export function findPlan(id: string): Plan | undefined {
  for (const product of catalog.products) {
    const plan = product.plans.find(
      (p) => p.key === id || p.providerIds.paddle === id || p.providerIds.paddleSandbox === id,
    )
    if (plan) return plan
  }
  return undefined
}

/** Spec §3 productName. */
export function licenseProductName(plan: Plan): string {
  return plan.product.licenseNames[plan.type]
}

export function licenseTypeOf(plan: Plan): 'personal' | 'company' {
  return plan.type === 'organization' ? 'company' : 'personal'
}

export function renewalProductId(environment: ProviderEnvironment): string {
  return catalog.renewal.productIds[environment]
}

/** Catalog currency. */
export function renewalAnnualPrice(group: ProductGroupCode, licenseType: 'personal' | 'company'): number {
  return catalog.renewal.annualPrices[group][licenseType]
}

export function countries(): Country[] {
  return catalog.countries
}

export function country(code: string): Country | undefined {
  const upper = code.toUpperCase()
  return catalog.countries.find((c) => c.code === upper)
}

/** Spec §5. */
export function requiresZip(code: string): boolean {
  return country(code)?.requiresZip === true
}

export const DEFAULT_COUNTRY = 'US'

/** The names PADDLE_PLAN_IDS gives ids to. */
export function planKeys(): string[] {
  return catalog.products.flatMap((p) => p.plans.map((plan) => plan.key))
}

/** PADDLE_PLAN_IDS: `plan-key=id` pairs separated by commas or newlines; the problems in words. */
export function parsePlanIds(value: string): { ids: Map<string, string>; problems: string[] } {
  const keys = new Set(planKeys())
  const ids = new Map<string, string>()
  const problems: string[] = []
  for (const pair of value
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key = '', id = ''] = pair.split('=').map((s) => s.trim())
    if (!keys.has(key))
      problems.push(`PADDLE_PLAN_IDS names an unknown plan "${key}" (known: ${[...keys].join(', ')}).`)
    else if (!/^\d+$/.test(id))
      problems.push(`PADDLE_PLAN_IDS gives "${key}" the id "${id}"; Paddle plan ids are numeric.`)
    else if ([...ids.values()].includes(id)) problems.push(`PADDLE_PLAN_IDS gives the id ${id} to two plans.`)
    else ids.set(key, id)
  }
  return { ids, problems }
}

/** Called once at start, before any request is served. */
export function applyPaddleIds(
  environment: 'paddle' | 'paddleSandbox',
  ids: { plans: Map<string, string>; renewal?: string },
): void {
  for (const product of catalog.products)
    for (const plan of product.plans) {
      const id = ids.plans.get(plan.key)
      if (id) plan.providerIds[environment] = id
    }
  if (ids.renewal) catalog.renewal.productIds = { ...catalog.renewal.productIds, [environment]: ids.renewal }
}
