/** The shape of `catalog.ts`, checked at start (`parseCatalog`). */
import * as z from 'zod'

export const productGroupCodes = ['bundle', 'wallaby', 'quokka', 'other'] as const
export type ProductGroupCode = (typeof productGroupCodes)[number]

export const planTypes = ['organization', 'personal'] as const
export type PlanType = (typeof planTypes)[number]

export const billingPeriods = ['year', 'month'] as const
export type BillingPeriod = (typeof billingPeriods)[number]

export const providerEnvironments = ['sandbox', 'paddle', 'paddleSandbox'] as const
export type ProviderEnvironment = (typeof providerEnvironments)[number]

const money = z.number().positive().finite()
const prices = z.object({ year: money, month: money })
const listPrices = z.object({ organization: prices, personal: prices })
const paddleIds = z.object({ paddle: z.string().regex(/^\d+$/), paddleSandbox: z.string().regex(/^\d+$/) })
const planKey = z.enum(['organization-year', 'organization-month', 'personal-year', 'personal-month'])

export const CatalogConfigSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  salesEmail: z.string().email(),
  listPrices,
  products: z
    .array(
      z.object({
        slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        name: z.string().min(1),
        group: z.enum(productGroupCodes),
        shop: z.boolean(),
        licenseNames: z.object({ personal: z.string().min(1), organization: z.string().min(1) }),
        listPrices: listPrices.optional(),
        plans: z.partialRecord(planKey, paddleIds),
      }),
    )
    .min(1),
  renewal: z.object({
    productIds: z.object({
      sandbox: z.string().min(1),
      paddle: z.string().regex(/^\d+$/),
      paddleSandbox: z.string().regex(/^\d+$/),
    }),
    annualPrices: z.partialRecord(z.enum(productGroupCodes), z.object({ personal: money, company: money })),
  }),
  countries: z
    .array(
      z.object({
        code: z.string().regex(/^[A-Z]{2}$/),
        name: z.string().min(1),
        taxName: z.string().min(1).optional(),
        requiresZip: z.boolean().optional(),
      }),
    )
    .min(1),
  currencySymbols: z.record(z.string().regex(/^[A-Z]{3}$/), z.string().min(1)),
})

export type CatalogConfig = z.input<typeof CatalogConfigSchema>
