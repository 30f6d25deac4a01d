// Webhooks: the alerts about an existing subscription.
import { describe, expect, it } from 'vitest'
import { alertTesting } from '../../tests/support/alerts.js'
import { alertId, checkoutId, purchaseAlerts } from '../../tests/support/payments.js'

const { service, deliver, subscriptionId } = alertTesting()

describe('subscription alerts', () => {
  async function bought(quantity: number) {
    const checkout = checkoutId()
    const providerId = subscriptionId()
    const { created } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: providerId,
      planId: 'wallaby-organization-year',
      quantity,
      email: 'subs@example.test',
      passthrough: { name: 'Subs Inc' },
    })
    await deliver(created)
    const sub = await service()
      .db.selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerId)
      .executeTakeFirstOrThrow()
    return { providerId, sub }
  }

  it('marks the subscription pastDue when a payment fails', async () => {
    const { providerId, sub } = await bought(1)
    await deliver({
      alert_id: alertId(),
      alert_name: 'subscription_payment_failed',
      amount: '116.00',
      currency: 'USD',
      next_retry_date: '2027-11-24',
      status: 'past_due',
      subscription_id: providerId,
    })
    const after = await service()
      .db.selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow()
    expect(after.state).toBe('pastDue')
    expect(after.next_payment_date).toBe(Date.UTC(2027, 10, 24))
  })

  it('extends the non-lapsing licenses when a later payment succeeds', async () => {
    const { providerId, sub } = await bought(2)
    const [first] = await service()
      .db.selectFrom('licenses')
      .select('id')
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    await service().db.updateTable('licenses').set({ lapsing: 1 }).where('id', '=', first.id).execute()
    await deliver({
      alert_id: alertId(),
      alert_name: 'subscription_payment_succeeded',
      checkout_id: 'irrelevant',
      currency: 'USD',
      email: 'subs@example.test',
      initial_payment: '0',
      next_bill_date: '2028-11-21',
      next_payment_amount: '232.00',
      receipt_url: 'https://my.paddle.com/receipt/2',
      sale_gross: '232.00',
      status: 'active',
      subscription_id: providerId,
      subscription_payment_id: '777',
      subscription_plan_id: 'wallaby-organization-year',
    })
    const licenses = await service()
      .db.selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    expect(licenses.map((l) => l.expiration)).toEqual([Date.UTC(2027, 10, 22), Date.UTC(2028, 10, 22)])
    const after = await service()
      .db.selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow()
    expect(after.next_payment_date).toBe(Date.UTC(2028, 10, 21))
    expect(
      await service().db.selectFrom('payments').select('id').where('id', '=', 'pp_777').executeTakeFirst(),
    ).toBeDefined()
  })

  it('adds licenses when the quantity grows and lapses unassigned ones first when it shrinks', async () => {
    const { providerId, sub } = await bought(3)
    const update = (quantity: number) =>
      deliver({
        alert_id: alertId(),
        alert_name: 'subscription_updated',
        new_quantity: String(quantity),
        new_unit_price: '116.00',
        new_price: (116 * quantity).toFixed(2),
        next_bill_date: '2027-11-21',
        status: 'active',
        subscription_id: providerId,
        subscription_plan_id: 'wallaby-organization-year',
      })
    await update(5)
    let licenses = await service()
      .db.selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    expect(licenses.map((l) => [l.key_number, l.lapsing])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
    ])
    expect(licenses[4].expiration).toBe(licenses[0].expiration)

    // Keys 4 and 5 are assigned: shrinking to 2 lapses the three unassigned ones (highest key first).
    await service()
      .db.updateTable('licenses')
      .set({ assigned_to: 'a@subs.test' })
      .where('id', '=', licenses[3].id)
      .execute()
    await service()
      .db.updateTable('licenses')
      .set({ assigned_to: 'b@subs.test' })
      .where('id', '=', licenses[4].id)
      .execute()
    await update(2)
    licenses = await service()
      .db.selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    expect(licenses.map((l) => [l.key_number, l.lapsing])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 0],
      [5, 0],
    ])
    expect(
      (await service().db.selectFrom('subscriptions').select('quantity').where('id', '=', sub.id).executeTakeFirst())
        ?.quantity,
    ).toBe(2)

    // Growing again takes back lapsing licenses before making new ones.
    await update(3)
    licenses = await service()
      .db.selectFrom('licenses')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('key_number')
      .execute()
    expect(licenses).toHaveLength(5)
    expect(licenses.filter((l) => l.lapsing === 0)).toHaveLength(3)
  })

  it('marks a cancelled subscription deleted with no next payment and nothing pending', async () => {
    const { providerId, sub } = await bought(1)
    await service()
      .db.updateTable('subscriptions')
      .set({ pending_change: 'Upgrade to annual billing in progress' })
      .where('id', '=', sub.id)
      .execute()
    await deliver({
      alert_id: alertId(),
      alert_name: 'subscription_cancelled',
      cancellation_effective_date: '2027-11-21',
      status: 'deleted',
      subscription_id: providerId,
    })
    expect(
      await service()
        .db.selectFrom('subscriptions')
        .select(['state', 'next_payment_date', 'pending_change'])
        .where('id', '=', sub.id)
        .executeTakeFirst(),
    ).toEqual({
      state: 'deleted',
      next_payment_date: null,
      pending_change: null,
    })
  })

  it('answers 503 for a subscription it does not know yet (alerts out of order), recording nothing', async () => {
    const fields = {
      alert_id: alertId(),
      alert_name: 'subscription_updated',
      status: 'active',
      new_quantity: '2',
      subscription_id: '1',
    }
    await expect(deliver(fields)).rejects.toMatchObject({ status: 503 })
    expect(
      await service()
        .db.selectFrom('webhook_events')
        .select('alert_id')
        .where('alert_id', '=', fields.alert_id)
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it('ignores the cancellation of a subscription it no longer has (removed by a platform administrator)', async () => {
    const fields = {
      alert_id: alertId(),
      alert_name: 'subscription_cancelled',
      status: 'deleted',
      subscription_id: '2',
    }
    expect(await deliver(fields)).toMatchObject({ outcome: 'ignored', alertName: 'subscription_cancelled' })
  })
})
