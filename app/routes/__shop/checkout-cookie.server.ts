import { portalCookie } from '#app/utils/cookies.server'
import { z } from 'zod'

/**
 * The checkout under way in this browser: who is buying and the passthrough the checkout was opened with. The
 * provider sends the browser back with only a checkout id (hosted checkout without script) and the frame reports only
 * its id, so the page that shows the outcome reads the rest from here. Kept for a day; it holds nothing the buyer did
 * not type in.
 *
 * It also keeps what the purchase form held at Continue (`again`: a failed payment's Try again starts from it), and the
 * checkout this browser finished (`done`): until the buyer starts another purchase, the purchase page shows that
 * checkout's outcome instead of a new payment form, and Continue is refused, so that Back, a reload or a second tab
 * never pays for the same purchase twice.
 */
const PendingCheckout = z.object({
  product: z.string(),
  email: z.string(),
  type: z.enum(['personal', 'organization']),
  passthrough: z.string(),
  again: z.string().max(2000).optional(),
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

/** The purchase form's fields a Try again fills in again (the options, the company, and what the buyer typed). */
const AGAIN_FIELDS = ['billing', 'type', 'quantity', 'country', 'coupon', 'company', 'name', 'email', 'zip'] as const

/** What the purchase form held, as the query string of the purchase page that shows it again. */
export function typedAgain(formData: FormData): string {
  const params = new URLSearchParams()
  for (const name of AGAIN_FIELDS) {
    const value = formData.get(name)
    if (typeof value === 'string' && value.trim()) params.set(name, value.trim().slice(0, 254))
  }
  return params.toString()
}

/** The purchase page of `product` with what was typed kept (only the form's own fields, whatever the cookie says). */
export function purchaseAgainUrl(product: string, again: string | undefined): string {
  const kept = new URLSearchParams()
  const typed = new URLSearchParams(again ?? '')
  for (const name of AGAIN_FIELDS) {
    const value = typed.get(name)
    if (value) kept.set(name, value)
  }
  const search = kept.toString()
  return `/shop/${encodeURIComponent(product)}/buy/${search ? `?${search}` : ''}`
}
