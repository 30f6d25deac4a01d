// The sandbox's automatic review of flagged orders (`review.ts`), on a service of its own with a clock it moves.
import { describe, expect, it } from 'vitest'
import { createPaymentsTestService } from '../tests/support/payments.js'
import { card, orgPurchase, sandboxOf } from '../tests/support/sandbox.js'

describe('automatic review (SANDBOX_REVIEW_DELAY_SECONDS)', () => {
  it('approves a flagged order once the delay has passed', async () => {
    let now = Date.now()
    const delayed = await createPaymentsTestService({
      env: { NODE_ENV: 'test', SANDBOX_REVIEW_DELAY_SECONDS: '60' },
      now: () => now,
    })
    try {
      const provider = sandboxOf(delayed)
      const resolved = provider.resolveTerms(orgPurchase('auto-review@example.test', 2))
      if (!resolved.ok) throw new Error(resolved.message)
      const result = await provider.pay({ ...card, cardNumber: '4000000000009235' }, resolved.terms)
      expect(result.kind).toBe('flagged')
      const checkoutId = result.kind === 'flagged' ? result.checkout.id : ''
      const state = async () =>
        (
          (await delayed.call({ createSubscriptionOnCheckout: { checkoutId, passthrough: '' } })).body as Record<
            string,
            unknown
          >
        ).createSubscriptionOnCheckout
      now += 59_000
      expect(await state()).toEqual({ immediatelyAvailable: false, state: 'flagged' })
      now += 2_000
      expect(await state()).toEqual({ immediatelyAvailable: true, state: 'complete' })
      expect(await provider.reviewQueue()).toEqual([])
    } finally {
      await delayed.close()
    }
  })
})
