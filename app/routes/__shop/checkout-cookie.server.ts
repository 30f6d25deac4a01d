import { portalCookie } from '#app/utils/cookies.server'
import { z } from 'zod'

/**
 * The checkout under way in this browser: who is buying and the passthrough the checkout was opened with. The
 * provider sends the browser back with only a checkout id (hosted checkout without script) and the frame reports only
 * its id, so the page that shows the outcome reads the rest from here. Kept for a day; it holds nothing the buyer did
 * not type in.
 */
const PendingCheckout = z.object({
  product: z.string(),
  email: z.string(),
  type: z.enum(['personal', 'organization']),
  passthrough: z.string(),
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
