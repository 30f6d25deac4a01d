// The amounts a sandbox subscription carries are those the customer pays, taxes included.
import { describe, expect, it } from 'vitest'
import { card, orgPurchase, outcome, pay, sandbox, service, startSandbox } from '../tests/support/sandbox.js'

startSandbox()

describe('amounts as the customer pays them', () => {
  it('a subscription paid from Germany: its next payment, a quantity change and the alerts carry the 19% VAT', async () => {
    const params = { ...orgPurchase('vat@example.test', 2), country: 'DE', postcode: '10115' }
    const { checkout } = await pay(params, card)
    expect(await outcome(checkout)).toMatchObject({ state: 'complete' })
    const order = await service.db
      .selectFrom('orders')
      .selectAll()
      .where('provider_checkout_id', '=', checkout)
      .executeTakeFirstOrThrow()
    const sub = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    // 116 USD net a license is €106.72 net, €20.28 VAT: €127 a license, €254 for two, as paid at the checkout.
    expect(order.amount).toBe(254)
    expect(sub).toMatchObject({ currency: 'EUR', next_payment_amount: 254 })

    const providerId = sub.provider_subscription_id!
    const raised = await sandbox.updateSubscription({
      subscriptionId: providerId,
      quantity: 3,
      prorate: true,
      billImmediately: true,
    })
    expect(raised.nextPayment).toMatchObject({ currency: 'EUR', amount: 381 })
    const after = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow()
    expect(after.next_payment_amount).toBe(381)
    // The prorated charge for the third license is taxed too.
    const prorated = await service.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('subscription_id', '=', providerId)
      .orderBy('date', 'desc')
      .executeTakeFirstOrThrow()
    expect(prorated.amount).toBeGreaterThan(0)
    expect(prorated.amount).toBeLessThanOrEqual(127)
    expect(prorated.tax).toBeCloseTo(prorated.amount - prorated.amount / 1.19, 1)
  })
})
