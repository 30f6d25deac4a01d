import type { AppLoadContext } from '@remix-run/node'
import type { PricePlan } from '#protocol/entities'
import { PRICE_LOOKUP_TIMEOUT_MS } from '#protocol/shared/money'
import { DEFAULT_COUNTRY } from '#app/rules/prices'
import { callLicensing } from '#app/utils/licensing.server'
import type { CatalogProduct } from './catalog.server'

export type PlanLookup = { plans: PricePlan[]; defaults: PricePlan[]; country: string; fallback: boolean }

/** Spec §7/§9, on the server (so a page without script is right); 8 s, then the defaults. */
export async function lookupPlans(
  context: AppLoadContext,
  query: { product: Pick<CatalogProduct, 'slug' | 'defaultPlans'>; country: string; coupon?: string },
  timeoutMs: number = PRICE_LOOKUP_TIMEOUT_MS,
): Promise<PlanLookup> {
  const defaults = query.product.defaultPlans
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs)
  })
  try {
    const answer = await Promise.race([
      callLicensing(
        'prices',
        { product: query.product.slug, country: query.country, ...(query.coupon ? { coupon: query.coupon } : {}) },
        { context },
      ),
      timeout,
    ])
    if (answer?.ok && answer.result.plans.length > 0) {
      return { plans: answer.result.plans, defaults, country: answer.result.country, fallback: false }
    }
  } finally {
    clearTimeout(timer)
  }
  return { plans: defaults, defaults, country: DEFAULT_COUNTRY, fallback: true }
}
