// The purchase page's price breakdown over the whole price table: every product, country, coupon, billing period,
// license type and quantity the page offers, priced by the embedded service (sandbox provider) as the page is. Every
// breakdown must add up line by line, to the cent as displayed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Country, PricePlan } from '#protocol/entities'
import { priceBreakdown, type PriceBreakdown } from '#app/routes/__shop/pricing'
import { callLicensing } from '#app/utils/licensing.server'
import { createTestService } from '../support/service'
import { MAX_QUANTITY, MIN_QUANTITY } from '#protocol/subscriptions/quantity'

/** A displayed amount in cents: "$1,234.50" → 123450, "−€23.20" → -2320. */
function displayedCents(amount: string): number {
  const match = amount.match(/^(−|-)?\D*?([\d,]+)(?:\.(\d{2}))?$/)
  if (!match) throw new Error(`not a displayed amount: ${amount}`)
  const cents = Number(match[2].replace(/,/g, '')) * 100 + Number(match[3] ?? 0)
  return match[1] ? -cents : cents
}

/** The lines that must add up: list − discounts = subtotal, subtotal + tax = total. */
function checkAddsUp(breakdown: PriceBreakdown, plan: PricePlan, quantity: number, where: string) {
  const of = (kind: string) => breakdown.rows.filter((r) => r.kind === kind).map((r) => displayedCents(r.amount))
  const [list] = of('price')
  const discounts = of('discount')
  const [subtotal] = of('subtotal')
  const [tax] = of('tax')
  const [total] = of('total')
  expect(
    discounts.every((d) => d < 0),
    where,
  ).toBe(true)
  const afterDiscounts = list + discounts.reduce((a, b) => a + b, 0)
  if (subtotal === undefined) {
    expect(discounts, where).toEqual([])
    expect(tax, where).toBeUndefined()
    expect(total, where).toBe(list)
  } else {
    expect(subtotal, where).toBe(afterDiscounts)
    expect(total, where).toBe(subtotal + (tax ?? 0))
  }
  // The total is what the provider charges for that many licenses.
  expect(total, where).toBe(Math.round(plan.gross * 100) * quantity)
  expect(displayedCents(breakdown.total), where).toBe(total)
  // A shown country discount is measured from the US list price, so the list line is that price.
  if (breakdown.rows.some((r) => r.key === 'country-discount')) {
    expect(list, where).toBe(Math.round(plan.usNetListPrice * 100) * quantity)
  }
}

describe('the price breakdown over the whole price table', () => {
  let service: Awaited<ReturnType<typeof createTestService>>
  let countries: readonly Country[]
  let products: string[]
  const context = () => ({ licensing: service })

  beforeAll(async () => {
    service = await createTestService()
    const catalog = await callLicensing('catalog', {}, { context: context() })
    if (!catalog.ok) throw new Error(catalog.message)
    countries = catalog.result.countries
    products = catalog.result.products.map((p) => p.slug)
  })
  afterAll(async () => {
    await service.close()
  })

  async function plansOf(product: string, country: string, coupon?: string): Promise<readonly PricePlan[]> {
    const answer = await callLicensing(
      'prices',
      { product, country, ...(coupon ? { coupon } : {}) },
      { context: context() },
    )
    if (!answer.ok) throw new Error(answer.message)
    return answer.result.plans
  }

  it('adds up line by line for every country, billing period, type, coupon and quantity', async () => {
    let checked = 0
    for (const product of products) {
      for (const country of countries) {
        for (const coupon of [undefined, 'SAVE10', 'HALFOFF']) {
          for (const plan of await plansOf(product, country.code, coupon)) {
            const quantities =
              plan.type === 'personal'
                ? [1]
                : Array.from({ length: MAX_QUANTITY - MIN_QUANTITY + 1 }, (_, i) => MIN_QUANTITY + i)
            for (const quantity of quantities) {
              const where = `${product} ${country.code} ${plan.type} ${plan.billingPeriod} ×${quantity} ${coupon ?? ''}`
              checkAddsUp(priceBreakdown(plan, quantity, country), plan, quantity, where)
              checked++
            }
          }
        }
      }
    }
    // Per product, country and coupon: two organization plans at 1..100 users and two personal plans.
    expect(checked).toBe(products.length * countries.length * 3 * (2 * 100 + 2))
  })

  it('shows India, personal, annual as $58 less 40% = $34.80, GST 18% $6.26, total $41.06', async () => {
    const india = countries.find((c) => c.code === 'IN')
    const plan = (await plansOf('wallaby', 'IN')).find((p) => p.type === 'personal' && p.billingPeriod === 'year')
    expect(plan).toBeDefined()
    if (!plan) return
    expect(priceBreakdown(plan, 1, india).rows.map((r) => [r.label, r.amount])).toEqual([
      ['Personal, 1 year × 1', '$58'],
      ['Country discount (40%)', '−$23.20'],
      ['Subtotal excl. tax', '$34.80'],
      ['GST (18%)', '$6.26'],
      ['Total incl. tax, billed annually', '$41.06'],
    ])
  })

  it('shows tax rates as configured: Austria 20% on every plan, Finland 25.5%, Switzerland 8.1%', async () => {
    for (const [code, label] of [
      ['AT', 'MwSt. (20%)'],
      ['FI', 'ALV (25.5%)'],
      ['CH', 'MWST (8.1%)'],
    ] as const) {
      const country = countries.find((c) => c.code === code)
      for (const coupon of [undefined, 'SAVE10', 'HALFOFF']) {
        for (const plan of await plansOf('console-ninja', code, coupon)) {
          const tax = priceBreakdown(plan, 1, country).rows.find((r) => r.kind === 'tax')
          expect(tax?.label, `${code} ${plan.type} ${plan.billingPeriod} ${coupon ?? ''}`).toBe(label)
        }
      }
    }
  })
})
