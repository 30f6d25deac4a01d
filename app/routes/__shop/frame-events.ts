// The payment frame's events (spec §7), from Paddle.js v1's callback or the sandbox page's messages, in one shape.
import { oneLine } from '#protocol/shared/text'

export type FrameEvent =
  | { type: 'prices'; currency: string; total: number; totalTax: number }
  | { type: 'checkoutId'; checkoutId: string }
  | { type: 'email'; email: string }
  | { type: 'country'; country: string }
  | { type: 'postcode'; postcode: string }
  | { type: 'completed'; checkoutId?: string }
  | { type: 'failed'; checkoutId?: string; reason?: string }
  /** A card declined in the frame, which stays open for another card. */
  | { type: 'declined'; reason?: string }
  /** The sandbox page's height: the frame is sized to it. */
  | { type: 'resize'; height: number }

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined
const amount = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isFinite(n) ? n : undefined
}

/** The facts every event carries in Paddle Classic's `eventData`: checkout id, customer prices, email, country, postcode. */
function details(data: Json): FrameEvent[] {
  const events: FrameEvent[] = []
  const checkout = isObject(data.checkout) ? data.checkout : undefined
  const user = isObject(data.user) ? data.user : undefined
  const id = text(checkout?.id)
  if (id) events.push({ type: 'checkoutId', checkoutId: id })
  const prices = isObject(checkout?.prices) ? checkout.prices : undefined
  const customer = isObject(prices?.customer) ? prices.customer : undefined
  const currency = text(customer?.currency)
  const total = amount(customer?.total)
  const totalTax = amount(customer?.total_tax)
  if (currency && total !== undefined) events.push({ type: 'prices', currency, total, totalTax: totalTax ?? 0 })
  const email = text(user?.email) ?? text(data.email)
  if (email) events.push({ type: 'email', email })
  const country = text(user?.country) ?? text(data.country)
  if (country) events.push({ type: 'country', country })
  const postcode = text(user?.postcode) ?? text(data.postcode)
  if (postcode) events.push({ type: 'postcode', postcode })
  return events
}

/** The provider's reason for a failed payment (`error`, `error.message|detail`, `reason`): text from outside. */
function failureReason(data: Json): string | undefined {
  const error = data.error
  const candidate = isObject(error) ? (text(error.message) ?? text(error.detail)) : (text(error) ?? text(data.reason))
  return candidate ? oneLine(candidate, 300) : undefined
}

/**
 * Paddle.js v1: `Checkout.Complete` is the payment; `Checkout.PaymentFailed` a declined card, the checkout still open;
 * `Checkout.Error` on an uncompleted checkout is its failure.
 */
export function paddleFrameEvents(message: unknown): FrameEvent[] {
  if (!isObject(message)) return []
  const name = text(message.event)
  const data = isObject(message.eventData) ? message.eventData : {}
  const events = details(data)
  const checkout = isObject(data.checkout) ? data.checkout : undefined
  const checkoutId = text(checkout?.id)
  if (name === 'Checkout.Complete') events.push({ type: 'completed', checkoutId })
  else if (name === 'Checkout.PaymentFailed') {
    const reason = failureReason(data)
    events.push({ type: 'declined', ...(reason ? { reason } : {}) })
  } else if (name === 'Checkout.Error' && checkout?.completed !== true) {
    const reason = failureReason(data)
    events.push({ type: 'failed', checkoutId, ...(reason ? { reason } : {}) })
  }
  return events
}

/** The sandbox page posts `{ source: 'sandbox-checkout', event, data }` as Paddle.js v1 names them, and its height. */
export function sandboxFrameEvents(message: unknown): FrameEvent[] {
  if (!isObject(message) || message.source !== 'sandbox-checkout') return []
  if (message.event === 'Checkout.Resize') {
    const height = isObject(message.data) ? amount(message.data.height) : undefined
    // Bounded: a page is never sized taller than a long page.
    return height !== undefined && height > 0 ? [{ type: 'resize', height: Math.min(Math.ceil(height), 5000) }] : []
  }
  return paddleFrameEvents({ event: message.event, eventData: message.data })
}
