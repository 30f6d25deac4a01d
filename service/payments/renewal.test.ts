// Webhooks: flagged orders and renewals paid through the shop.
import { describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { alertTesting } from '../../tests/support/alerts.js'
import { renewalPassthrough } from './passthrough.js'
import { alertId, checkoutId, purchaseAlerts } from '../../tests/support/payments.js'

const { service, deliver, subscriptionId, expiriesOf, ordersOfCheckout } = alertTesting()

/** The provider's alert of a paid renewal of one license, as the renewal checkout's signed passthrough names it. */
function renewalPaid(license: { id: string; owner: string }, email: string, gross: string) {
  return {
    alert_id: alertId(),
    alert_name: 'payment_succeeded',
    checkout_id: checkoutId(),
    currency: 'USD',
    customer_name: email,
    email,
    order_id: `${Date.now()}-1`,
    passthrough: renewalPassthrough(service().config.secret, {
      renewal: [{ id: license.id, owner: license.owner }],
      coterm: true,
    }),
    product_id: 'license-renewal',
    quantity: '1',
    receipt_url: 'https://my.paddle.com/receipt/renewal-paid',
    sale_gross: gross,
  }
}

describe('flagged orders and renewals', () => {
  it('records a flagged checkout, then its review outcome', async () => {
    const accepted = checkoutId()
    const rejected = checkoutId()
    const flag = (checkout: string) =>
      deliver({
        alert_id: alertId(),
        alert_name: 'high_risk_transaction_created',
        case_id: '1',
        checkout_id: checkout,
        customer_email_address: 'risky@example.test',
        passthrough: '{"name":"Risky"}',
        status: 'pending',
      })
    await flag(accepted)
    await flag(rejected)
    const state = async (checkout: string) =>
      (await service().call({ createSubscriptionOnCheckout: { checkoutId: checkout, passthrough: '' } })).body
    expect(await state(accepted)).toEqual({
      createSubscriptionOnCheckout: { immediatelyAvailable: false, state: 'flagged' },
    })

    const outcome = (checkout: string, status: string) =>
      deliver({ alert_id: alertId(), alert_name: 'high_risk_transaction_updated', checkout_id: checkout, status })
    await outcome(rejected, 'rejected')
    expect(await state(rejected)).toEqual({
      createSubscriptionOnCheckout: {
        immediatelyAvailable: false,
        state: 'failed',
        reason: 'The payment provider rejected the order after reviewing it.',
      },
    })

    await outcome(accepted, 'accepted')
    expect(await state(accepted)).toEqual({
      createSubscriptionOnCheckout: { immediatelyAvailable: false, state: 'pending' },
    })
    const { created } = purchaseAlerts({
      checkoutId: accepted,
      subscriptionId: subscriptionId(),
      planId: 'wallaby-personal-year',
      quantity: 1,
      email: 'risky@example.test',
      passthrough: { name: 'Risky' },
    })
    await deliver(created)
    expect(await state(accepted)).toEqual({
      createSubscriptionOnCheckout: { immediatelyAvailable: true, state: 'complete' },
    })
    const reviews = await service()
      .db.selectFrom('checkout_reviews')
      .selectAll()
      .where('checkout_id', '=', accepted)
      .execute()
    expect(reviews.map((r) => r.state)).toEqual(['accepted'])
  })

  it('extends renewed licenses to one common expiry, once', async () => {
    const rows = await service()
      .db.selectFrom('licenses')
      .selectAll()
      .where('order_id', 'in', [demoRefs.orders.globexWallaby, demoRefs.orders.globexQuokka])
      .orderBy('expiration')
      .execute()
    const latest = Math.max(...rows.map((r) => Number(r.expiration)))
    const checkout = checkoutId()
    const fields = {
      alert_id: alertId(),
      alert_name: 'payment_succeeded',
      checkout_id: checkout,
      currency: 'USD',
      customer_name: 'Rita',
      email: 'rita@reseller.test',
      order_id: '5550001-1',
      passthrough: renewalPassthrough(service().config.secret, {
        renewal: rows.map((r) => ({ id: r.id, owner: r.owner })),
        coterm: true,
      }),
      product_id: 'license-renewal',
      quantity: '1',
      receipt_url: 'https://my.paddle.com/receipt/renewal',
      sale_gross: '500.00',
    }
    await deliver(fields)
    const after = await expiriesOf(rows)
    const expected = new Date(latest)
    expected.setUTCFullYear(expected.getUTCFullYear() + 1)
    expect(new Set(after.map((l) => l.expiration))).toEqual(new Set([expected.getTime()]))
    const [order] = await ordersOfCheckout(checkout)
    expect(order).toMatchObject({ owner: 'globex', amount: 500, receipt_url: 'https://my.paddle.com/receipt/renewal' })

    // The same checkout again (a new alert id): nothing moves a second year.
    await deliver({ ...fields, alert_id: alertId() })
    const again = await expiriesOf(rows)
    expect(new Set(again.map((l) => l.expiration))).toEqual(new Set([expected.getTime()]))
  })

  it('renews nothing for a renewal passthrough the service did not sign (written by the buyer, or edited)', async () => {
    const rows = await service()
      .db.selectFrom('licenses')
      .selectAll()
      .where('order_id', 'in', [demoRefs.orders.globexWallaby, demoRefs.orders.globexQuokka])
      .execute()
    const refs = rows.map((r) => ({ id: r.id, owner: r.owner }))
    const signedForOne = JSON.parse(
      renewalPassthrough(service().config.secret, { renewal: refs.slice(0, 1), coterm: true }),
    )
    const forged = [
      JSON.stringify({ renewal: refs, coterm: true }),
      JSON.stringify({ ...signedForOne, renewal: refs }),
      JSON.stringify({ ...signedForOne, coterm: false }),
      JSON.stringify({ ...signedForOne, sig: 'x'.repeat(signedForOne.sig.length) }),
    ]
    for (const passthrough of forged) {
      const checkout = checkoutId()
      const answer = await deliver({
        alert_id: alertId(),
        alert_name: 'payment_succeeded',
        checkout_id: checkout,
        currency: 'USD',
        customer_name: 'Mallory',
        email: 'mallory@evil.test',
        order_id: '5550009-1',
        passthrough,
        product_id: 'license-renewal',
        quantity: '1',
        sale_gross: '1.00',
      })
      expect(answer).toEqual({ outcome: 'ignored', alertName: 'payment_succeeded' })
      const [order] = await ordersOfCheckout(checkout)
      expect(order).toBeUndefined()
    }
    const after = await expiriesOf(rows)
    expect(new Map(after.map((l) => [l.id, l.expiration]))).toEqual(new Map(rows.map((r) => [r.id, r.expiration])))
  })

  it('takes a renewed license of a cancelled personal subscription out of the subscription, once', async () => {
    const providerId = subscriptionId()
    const { created } = purchaseAlerts({
      checkoutId: checkoutId(),
      subscriptionId: providerId,
      planId: 'wallaby-personal-year',
      quantity: 2,
      email: 'cancelled@dev.test',
      passthrough: { name: 'Cancelled Dev' },
      nextBillDate: '2036-11-21',
    })
    await deliver(created)
    await deliver({
      alert_id: alertId(),
      alert_name: 'subscription_cancelled',
      status: 'deleted',
      subscription_id: providerId,
    })
    const sub = await service()
      .db.selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerId)
      .executeTakeFirstOrThrow()
    expect(sub.state).toBe('deleted')
    const [renewed, kept] = await service()
      .db.selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    // A license the shrinking subscription had marked lapsing stands alone like any other once renewed.
    await service().db.updateTable('licenses').set({ lapsing: 1 }).where('id', '=', renewed.id).execute()
    expect(renewed).toMatchObject({ company_id: null, billing_period: 'year', expiration: Date.UTC(2036, 10, 22) })

    const fields = renewalPaid(renewed, 'cancelled@dev.test', '116.00')
    const stored = async () =>
      service()
        .db.selectFrom('licenses')
        .select(['id', 'expiration', 'subscription_id', 'billing_period', 'lapsing'])
        .where('id', 'in', [renewed.id, kept.id])
        .orderBy('key_number')
        .execute()
    const expected = [
      {
        id: renewed.id,
        expiration: Date.UTC(2037, 10, 22),
        subscription_id: null,
        billing_period: null,
        lapsing: 0,
      },
      // The license the renewal did not name stays in the subscription, as it was.
      { id: kept.id, expiration: Date.UTC(2036, 10, 22), subscription_id: sub.id, billing_period: 'year', lapsing: 0 },
    ]
    expect(await deliver(fields)).toMatchObject({ outcome: 'processed' })
    expect(await stored()).toEqual(expected)

    // The same checkout again (a new alert id), and the same alert again: nothing changes.
    expect(await deliver({ ...fields, alert_id: alertId() })).toMatchObject({ outcome: 'processed' })
    expect(await deliver(fields)).toMatchObject({ outcome: 'duplicate' })
    expect(await stored()).toEqual(expected)
    expect(await ordersOfCheckout(fields.checkout_id)).toHaveLength(1)
  })

  it('cancels a live personal subscription once a paid renewal took its last license (decision 0023)', async () => {
    const providerId = subscriptionId()
    const { created } = purchaseAlerts({
      checkoutId: checkoutId(),
      subscriptionId: providerId,
      planId: 'wallaby-personal-year',
      quantity: 1,
      email: 'renewed-away@dev.test',
      passthrough: { name: 'Renewed Away' },
      nextBillDate: '2036-11-21',
    })
    await deliver(created)
    const subscription = () =>
      service()
        .db.selectFrom('subscriptions')
        .selectAll()
        .where('provider_subscription_id', '=', providerId)
        .executeTakeFirstOrThrow()
    const sub = await subscription()
    expect(sub.state).toBe('active')
    const license = await service()
      .db.selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .executeTakeFirstOrThrow()
    const renewal = renewalPaid(license, 'renewed-away@dev.test', '58.00')
    expect(await deliver(renewal)).toMatchObject({ outcome: 'processed' })
    expect(await expiriesOf([license])).toEqual([{ id: license.id, expiration: Date.UTC(2037, 10, 22) }])
    // Cancelled at the provider (whose own alert arrives too) and here: it will not charge for a seat it lost.
    expect(await subscription()).toMatchObject({ state: 'deleted', next_payment_date: null })
    const provided = await service()
      .db.selectFrom('sandbox_subscriptions')
      .select('state')
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow()
    expect(provided.state).toBe('deleted')
  })
})
