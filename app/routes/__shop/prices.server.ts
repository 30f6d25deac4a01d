import type { AppLoadContext } from '@remix-run/node'
import type { PricePlan } from '#protocol/entities'
import { PRICE_LOOKUP_TIMEOUT_MS } from '#app/rules/prices'
import { callLicensing } from '#app/utils/licensing.server'
import { defaultPlans } from './pricing'

export type PlanLookup = { plans: PricePlan[]; country: string; fallback: boolean }

/**
 * Spec §7/§9 price lookup, done on the server so the first render (and a page without script) shows the right
 * breakdown: the service asks the provider's price interface; after 8 seconds, or on any failure, the built-in
 * defaults apply (`fallback`).
 */
export async function lookupPlans(
  context: AppLoadContext,
  query: { product: string; country: string; coupon?: string },
  timeoutMs: number = PRICE_LOOKUP_TIMEOUT_MS,
): Promise<PlanLookup> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs)
  })
  try {
    const answer = await Promise.race([
      callLicensing(
        'prices',
        { product: query.product, country: query.country, ...(query.coupon ? { coupon: query.coupon } : {}) },
        { context },
      ),
      timeout,
    ])
    if (answer?.ok && answer.result.plans.length > 0) {
      return { plans: answer.result.plans, country: answer.result.country, fallback: false }
    }
  } finally {
    clearTimeout(timer)
  }
  return { plans: defaultPlans(), country: 'US', fallback: true }
}
