import { portalCookie } from '#app/utils/cookies.server'
import * as z from 'zod/mini'
import { ID_MAX_LENGTH } from '#protocol/shared/limits'
import { Quantity } from '#protocol/subscriptions/quantity'

/** This browser's checkout, kept a day; `done` keeps a finished one, so Back or a second tab never pays twice. */
const PendingCheckout = z.object({
  product: z.string(),
  email: z.string(),
  type: z.enum(['personal', 'organization']),
  passthrough: z.string(),
  form: z.optional(
    z.object({
      name: z.string().check(z.maxLength(200)),
      zip: z.string().check(z.maxLength(20)),
      billingPeriod: z.enum(['month', 'year']),
      quantity: Quantity,
      country: z.string().check(z.maxLength(2)),
      coupon: z.optional(z.string().check(z.maxLength(100))),
      /** A New Subscription's company. */
      company: z.optional(z.string().check(z.maxLength(100))),
    }),
  ),
  done: z.optional(
    z.object({ checkoutId: z.string().check(z.maxLength(ID_MAX_LENGTH)), state: z.enum(['complete', 'flagged']) }),
  ),
})
export type PendingCheckout = z.infer<typeof PendingCheckout>

const cookie = portalCookie('shop_checkout', { path: '/shop/', maxAgeSeconds: 24 * 60 * 60 })

export async function getPendingCheckout(request: Request): Promise<PendingCheckout | null> {
  const value: unknown = await cookie.parse(request.headers.get('Cookie')).catch(() => null)
  const parsed = PendingCheckout.safeParse(value)
  return parsed.success ? parsed.data : null
}

export function pendingCheckoutCookie(pending: PendingCheckout): Promise<string> {
  return cookie.serialize(pending)
}
