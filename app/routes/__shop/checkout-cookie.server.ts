import { portalCookie } from '#app/utils/cookies.server'
import * as z from 'zod'

/** This browser's checkout, kept a day; `done` keeps a finished one, so Back or a second tab never pays twice. */
const PendingCheckout = z.object({
  product: z.string(),
  email: z.string(),
  type: z.enum(['personal', 'organization']),
  passthrough: z.string(),
  form: z
    .object({
      name: z.string().max(200),
      zip: z.string().max(20),
      billingPeriod: z.enum(['month', 'year']),
      quantity: z.number().int().min(1).max(100),
      country: z.string().max(2),
      coupon: z.string().max(100).optional(),
      /** A New Subscription's company. */
      company: z.string().max(100).optional(),
    })
    .optional(),
  done: z.object({ checkoutId: z.string().max(200), state: z.enum(['complete', 'flagged']) }).optional(),
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
