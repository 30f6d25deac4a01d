/** The shape of `catalog.ts`, checked at start (`parseCatalog`). */
import * as z from 'zod/mini'

export const productGroupCodes = ['bundle', 'wallaby', 'quokka', 'other'] as const
export type ProductGroupCode = (typeof productGroupCodes)[number]

export const planTypes = ['organization', 'personal'] as const
export type PlanType = (typeof planTypes)[number]

export const billingPeriods = ['year', 'month'] as const
export type BillingPeriod = (typeof billingPeriods)[number]

export const providerEnvironments = ['sandbox', 'paddle', 'paddleSandbox'] as const
export type ProviderEnvironment = (typeof providerEnvironments)[number]

const money = z.number().check(z.positive())
const prices = z.object({ year: money, month: money })
const listPrices = z.object({ organization: prices, personal: prices })
const paddleIds = z.object({
  paddle: z.string().check(z.regex(/^\d+$/)),
  paddleSandbox: z.string().check(z.regex(/^\d+$/)),
})
const planKey = z.enum(['organization-year', 'organization-month', 'personal-year', 'personal-month'])

export const CatalogConfigSchema = z.object({
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  salesEmail: z.email(),
  listPrices,
  products: z
    .array(
      z.object({
        slug: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)),
        name: z.string().check(z.minLength(1)),
        group: z.enum(productGroupCodes),
        shop: z.boolean(),
        licenseNames: z.object({
          personal: z.string().check(z.minLength(1)),
          organization: z.string().check(z.minLength(1)),
        }),
        listPrices: z.optional(listPrices),
        plans: z.partialRecord(planKey, paddleIds),
      }),
    )
    .check(z.minLength(1)),
  renewal: z.object({
    productIds: z.object({
      sandbox: z.string().check(z.minLength(1)),
      paddle: z.string().check(z.regex(/^\d+$/)),
      paddleSandbox: z.string().check(z.regex(/^\d+$/)),
    }),
    annualPrices: z.partialRecord(z.enum(productGroupCodes), z.object({ personal: money, company: money })),
  }),
  countries: z
    .array(
      z.object({
        code: z.string().check(z.regex(/^[A-Z]{2}$/)),
        name: z.string().check(z.minLength(1)),
        taxName: z.optional(z.string().check(z.minLength(1))),
        requiresZip: z.optional(z.boolean()),
      }),
    )
    .check(z.minLength(1)),
  currencySymbols: z.record(z.string().check(z.regex(/^[A-Z]{3}$/)), z.string().check(z.minLength(1))),
})

export type CatalogConfig = z.input<typeof CatalogConfigSchema>
