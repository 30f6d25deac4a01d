import { describe, expect, it } from 'vitest'
import { paddleFrameEvents, sandboxFrameEvents } from './frame-events'

const eventData = (completed: boolean) => ({
  checkout: {
    id: 'chk_123',
    completed,
    prices: { customer: { currency: 'EUR', total: '127.00', total_tax: '20.28' } },
  },
  product: { id: 'wallaby-personal-year', name: 'Wallaby.js', quantity: 1 },
  user: { email: 'ann@example.test', country: 'DE', postcode: '10115' },
})

describe('paddleFrameEvents (Paddle.js v1 event callback)', () => {
  it('reads the checkout id, the customer prices, email, country and postcode from any event', () => {
    expect(paddleFrameEvents({ event: 'Checkout.Loaded', eventData: eventData(false) })).toEqual([
      { type: 'checkoutId', checkoutId: 'chk_123' },
      { type: 'prices', currency: 'EUR', total: 127, totalTax: 20.28 },
      { type: 'email', email: 'ann@example.test' },
      { type: 'country', country: 'DE' },
      { type: 'postcode', postcode: '10115' },
    ])
  })
  it('reports a completed payment with its checkout id', () => {
    expect(paddleFrameEvents({ event: 'Checkout.Complete', eventData: eventData(true) }).at(-1)).toEqual({
      type: 'completed',
      checkoutId: 'chk_123',
    })
  })
  it('reports a failed payment', () => {
    expect(paddleFrameEvents({ event: 'Checkout.Error', eventData: eventData(false) }).at(-1)).toEqual({
      type: 'failed',
      checkoutId: 'chk_123',
    })
  })
  it('carries the provider’s reason for a failed payment, as one line', () => {
    const failed = (error: unknown) =>
      paddleFrameEvents({ event: 'Checkout.Error', eventData: { ...eventData(false), error } }).at(-1)
    expect(failed('Your card was declined.')).toEqual({
      type: 'failed',
      checkoutId: 'chk_123',
      reason: 'Your card was declined.',
    })
    expect(failed({ code: 'card_declined', detail: 'Insufficient funds.\n\u202eevil' })).toMatchObject({
      reason: 'Insufficient funds. evil',
    })
    expect(failed({ message: 'x'.repeat(1000) })).toMatchObject({ reason: expect.stringMatching(/^x{299}…$/) })
    expect(failed(42)).toEqual({ type: 'failed', checkoutId: 'chk_123', reason: '42' })
    expect(failed({})).toEqual({ type: 'failed', checkoutId: 'chk_123' })
  })
  it('reports a declined card as a decline, the checkout still open, with the provider’s reason', () => {
    const events = paddleFrameEvents({
      event: 'Checkout.PaymentFailed',
      eventData: { ...eventData(false), error: 'Your card was declined by your bank.' },
    })
    expect(events.at(-1)).toEqual({ type: 'declined', reason: 'Your card was declined by your bank.' })
    expect(events.some((event) => event.type === 'failed' || event.type === 'completed')).toBe(false)
    expect(paddleFrameEvents({ event: 'Checkout.PaymentFailed', eventData: eventData(false) }).at(-1)).toEqual({
      type: 'declined',
    })
  })
  it('ignores what is not an event and fields of the wrong kind', () => {
    expect(paddleFrameEvents('Checkout.Complete')).toEqual([])
    expect(paddleFrameEvents(null)).toEqual([])
    expect(
      paddleFrameEvents({
        event: 'Checkout.Loaded',
        eventData: { checkout: { prices: { customer: { currency: 'USD', total: 'x' } } } },
      }),
    ).toEqual([])
  })
})

describe('sandboxFrameEvents (the sandbox checkout page’s postMessage)', () => {
  it('reads { source: "sandbox-checkout", event, data } like Paddle’s callback', () => {
    const events = sandboxFrameEvents({ source: 'sandbox-checkout', event: 'Checkout.Complete', data: eventData(true) })
    expect(events).toContainEqual({ type: 'completed', checkoutId: 'chk_123' })
    expect(events).toContainEqual({ type: 'prices', currency: 'EUR', total: 127, totalTax: 20.28 })
  })
  it('reads the page’s height, to size the frame to it', () => {
    const resize = (data: unknown) => sandboxFrameEvents({ source: 'sandbox-checkout', event: 'Checkout.Resize', data })
    expect(resize({ height: 612.4 })).toEqual([{ type: 'resize', height: 613 }])
    expect(resize({ height: 1e9 })).toEqual([{ type: 'resize', height: 5000 }])
    expect(resize({ height: -3 })).toEqual([])
    expect(resize({ height: 'tall' })).toEqual([])
  })
  it('ignores messages from anything else', () => {
    expect(sandboxFrameEvents({ source: 'other', event: 'Checkout.Complete', data: eventData(true) })).toEqual([])
    expect(sandboxFrameEvents({ event: 'Checkout.Complete', eventData: eventData(true) })).toEqual([])
  })
})
