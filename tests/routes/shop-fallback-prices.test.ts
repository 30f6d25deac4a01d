// A change of the catalog's list prices reaches every fallback: the service's (its provider refuses), the catalog's
// built-in plans, and the purchase page's (the service does not answer in time).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PricePlan } from '#protocol/entities'
import { lookupPlans } from '#app/routes/__shop/prices.server'
import { planFor, priceBreakdown } from '#app/routes/__shop/pricing'
import { callLicensing } from '#app/utils/licensing.server'
import { pricesOnlyPayments } from '../support/payments'
import { createTestService } from '../support/service'

vi.mock('../../config/catalog/catalog', async (importOriginal) => {
  const { catalogConfig } = await importOriginal<typeof import('../../config/catalog/catalog')>()
  const listPrices = { organization: { year: 120, month: 12.5 }, personal: { year: 60, month: 6.25 } }
  return { catalogConfig: { ...catalogConfig, listPrices } }
})

let answer: 'refuse' | 'hang' = 'refuse'
let service: Awaited<ReturnType<typeof createTestService>>
const context = () => ({ licensing: service })

beforeAll(async () => {
  service = await createTestService({
    adapters: {
      payments: pricesOnlyPayments(() =>
        answer === 'refuse' ? Promise.reject(new Error('refused')) : new Promise(() => {}),
      ),
    },
  })
})
afterAll(() => service.close())

const prices = (plans: PricePlan[]) => plans.map((p) => [p.type, p.billingPeriod, p.gross, p.currency])
const changed = [
  ['organization', 'year', 120, 'USD'],
  ['organization', 'month', 12.5, 'USD'],
  ['personal', 'year', 60, 'USD'],
  ['personal', 'month', 6.25, 'USD'],
]

describe("a catalog price change reaches the shop's fallback", () => {
  it("in the service's answer when the provider refuses the lookup", async () => {
    answer = 'refuse'
    const looked = await callLicensing('prices', { product: 'wallaby', country: 'DE' }, { context: context() })
    if (!looked.ok) throw new Error(looked.message)
    expect(prices(looked.result.plans)).toEqual(changed)
  })

  it("in the catalog's built-in plans, and on the purchase page when the service does not answer in time", async () => {
    answer = 'hang'
    const catalog = await callLicensing('catalog', {}, { context: context() })
    if (!catalog.ok) throw new Error(catalog.message)
    const wallaby = catalog.result.products.find((p) => p.slug === 'wallaby')!
    expect(prices(wallaby.defaultPlans)).toEqual(changed)

    const lookup = await lookupPlans(context(), { product: wallaby, country: 'US' }, 50)
    expect(lookup.fallback).toBe(true)
    expect(prices(lookup.plans)).toEqual(changed)
    expect(priceBreakdown(planFor(lookup, 'organization', 'year'), 2).total).toBe('$240')
  })
})
