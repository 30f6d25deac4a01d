// The extension offer: the charge, the 12 months it adds, and its refusals.
import { describe, expect, it } from 'vitest'
import { subscriptionRefusals } from '../../protocol/subscriptions/subscriptions.js'
import { snapshot } from '../../tests/support/subscriptions.js'
import {
  DAY,
  OFFER,
  ask,
  make,
  olivia,
  service,
  startSubscriptionService,
} from '../../tests/support/subscription-service.js'

startSubscriptionService()

describe('extension offer (spec §4, §8)', () => {
  it('charges the offer, extends the renewing licenses and the next payment by 12 months, and clears the offer', async () => {
    const sub = await make({
      specialOffer: OFFER,
      expiresIn: 25,
      seats: [{ assignedTo: 'a@acme.test' }, { lapsing: true }],
      quantity: 1,
    })
    const before = await snapshot(service.db, sub.id)
    const answer = await ask(
      'specialOffer',
      { subscriptionId: sub.id, country: 'US', price: 92.8, alwaysAllow: false },
      olivia,
    )
    expect(answer).toMatchObject({ status: 200 })
    const after = await snapshot(service.db, sub.id)
    expect(after.subscription?.special_offer).toBeNull()
    expect(after.subscription!.next_payment_date! - before.subscription!.next_payment_date!).toBeGreaterThanOrEqual(
      365 * DAY,
    )
    expect(after.licenses[0].expiration - before.licenses[0].expiration).toBeGreaterThanOrEqual(365 * DAY)
    // The lapsing license still ends at term end.
    expect(after.licenses[1].expiration).toBe(before.licenses[1].expiration)
    const receipts = await ask('subscriptionReceipts', { subscriptionId: sub.id }, olivia)
    expect((receipts.body.payments as Array<{ amount: number }>)[0]).toMatchObject({ amount: 92.8, currency: 'USD' })
    // Accepting twice is refused: the offer is gone.
    expect(
      await ask('specialOffer', { subscriptionId: sub.id, country: 'US', price: 92.8, alwaysAllow: false }, olivia),
    ).toMatchObject({
      status: 500,
      body: { error: 'INVALID_STATE', message: subscriptionRefusals.noOffer },
    })
  })

  it('CHARGE_ERROR with the sandbox’s failing card (last four 0341): nothing changes, the offer stays', async () => {
    const sub = await make({ specialOffer: OFFER, lastFour: '0341' })
    const before = await snapshot(service.db, sub.id)
    expect(
      await ask('specialOffer', { subscriptionId: sub.id, country: 'US', price: 92.8, alwaysAllow: false }, olivia),
    ).toMatchObject({
      status: 500,
      body: { error: 'CHARGE_ERROR' },
    })
    expect(await snapshot(service.db, sub.id)).toEqual(before)
  })

  it('CURRENCY_MISMATCH when the caller’s country pays in another currency, unless alwaysAllow', async () => {
    const sub = await make({ specialOffer: OFFER })
    const before = await snapshot(service.db, sub.id)
    expect(
      await ask('specialOffer', { subscriptionId: sub.id, country: 'DE', price: 92.8, alwaysAllow: false }, olivia),
    ).toMatchObject({
      status: 500,
      body: { error: 'CURRENCY_MISMATCH', message: 'The offer is in USD, but payments from DE are made in EUR.' },
    })
    expect(await snapshot(service.db, sub.id)).toEqual(before)
    expect(
      await ask('specialOffer', { subscriptionId: sub.id, country: 'DE', price: 92.8, alwaysAllow: true }, olivia),
    ).toMatchObject({
      status: 200,
    })
  })

  it('refuses a price that is not the offer’s', async () => {
    const sub = await make({ specialOffer: OFFER })
    expect(
      await ask('specialOffer', { subscriptionId: sub.id, country: 'US', price: 1, alwaysAllow: false }, olivia),
    ).toMatchObject({
      status: 500,
      body: { error: 'INVALID_STATE' },
    })
    expect((await snapshot(service.db, sub.id)).subscription?.special_offer).not.toBeNull()
  })
})
