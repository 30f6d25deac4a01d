// subscriptionPreview: what a quantity change, upgrade or restart would charge, as the (sandbox) provider charges it.
import { describe, expect, it } from 'vitest'
import {
  DAY,
  ask,
  make,
  max,
  olivia,
  service,
  startSubscriptionService,
} from '../../tests/support/subscription-service.js'

startSubscriptionService()

const charges = (providerId: string) =>
  service.db
    .selectFrom('sandbox_payments')
    .select(['amount', 'tax'])
    .where('subscription_id', '=', providerId)
    .orderBy('date')
    .execute()

describe('subscriptionPreview', () => {
  it('prices a quantity increase as the change then charges it, and a decrease as its next payment alone', async () => {
    const sub = await make({ billingPeriod: 'year', quantity: 2, nextPaymentIn: 120, expiresIn: 120 })
    const preview = await ask(
      'subscriptionPreview',
      { subscriptionId: sub.id, change: 'quantity', quantity: 5 },
      olivia,
    )
    expect(preview.status).toBe(200)
    const { immediatePayment, nextPayment } = preview.body as {
      immediatePayment: { amount: number; currency: string; tax: number }
      nextPayment: { amount: number }
    }
    // Three more licenses for 120 days of a 116-dollar year: prorated, far below three full years.
    expect(immediatePayment.currency).toBe('USD')
    expect(immediatePayment.amount).toBeGreaterThan(100)
    expect(immediatePayment.amount).toBeLessThan(3 * 116)
    expect(nextPayment.amount).toBe(5 * 116)
    // Nothing changed by asking.
    expect(await charges(sub.providerId)).toHaveLength(1)

    expect(await ask('subscriptionUpdateQuantity', { subscriptionId: sub.id, quantity: 5 }, olivia)).toMatchObject({
      status: 200,
    })
    const paid = await charges(sub.providerId)
    expect(paid).toHaveLength(2)
    expect({ amount: paid[1].amount, tax: paid[1].tax }).toEqual({
      amount: immediatePayment.amount,
      tax: immediatePayment.tax,
    })

    const decrease = await ask(
      'subscriptionPreview',
      { subscriptionId: sub.id, change: 'quantity', quantity: 1 },
      olivia,
    )
    expect(decrease.body).toEqual({ nextPayment: expect.objectContaining({ amount: 116, currency: 'USD' }) })
  })

  it('prices an upgrade (a year less the unused month) and a restart after the term (a new term now)', async () => {
    const monthly = await make({ billingPeriod: 'month', quantity: 2, expiresIn: 120, nextPaymentIn: 20 })
    const upgrade = await ask('subscriptionPreview', { subscriptionId: monthly.id, change: 'upgrade' }, olivia)
    const now = (upgrade.body as { immediatePayment: { amount: number } }).immediatePayment.amount
    expect(now).toBeGreaterThan(2 * 116 - 2 * 12.1)
    expect(now).toBeLessThan(2 * 116)

    const paused = await make({ state: 'paused', expiresIn: -5, billingPeriod: 'year', quantity: 2 })
    const restart = await ask('subscriptionPreview', { subscriptionId: paused.id, change: 'restart' }, olivia)
    expect(restart.body).toMatchObject({
      immediatePayment: { amount: 2 * 116, currency: 'USD' },
      nextPayment: { amount: 2 * 116, date: expect.any(Number) },
    })
    expect((restart.body as { nextPayment: { date: number } }).nextPayment.date).toBeGreaterThan(Date.now() + 360 * DAY)
    const restarted = await ask('subscriptionPauseResume', { action: 'restart', subscriptionId: paused.id }, olivia)
    expect(restarted.status).toBe(200)
    expect((await charges(paused.providerId)).at(-1)?.amount).toBe(2 * 116)
  })

  it('refuses what the change itself would refuse: the same quantity, the wrong state, no billing right', async () => {
    const sub = await make({ billingPeriod: 'year', quantity: 2 })
    expect(
      await ask('subscriptionPreview', { subscriptionId: sub.id, change: 'quantity', quantity: 2 }, olivia),
    ).toMatchObject({ body: { error: 'INVALID_STATE', message: 'The subscription already has 2 seats.' } })
    expect(await ask('subscriptionPreview', { subscriptionId: sub.id, change: 'restart' }, olivia)).toMatchObject({
      body: { error: 'INVALID_STATE' },
    })
    expect(
      await ask('subscriptionPreview', { subscriptionId: sub.id, change: 'quantity', quantity: 3 }, max),
    ).toMatchObject({ body: { error: 'FORBIDDEN' } })
  })
})
