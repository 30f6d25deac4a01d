import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addBillingPeriod } from '../../protocol/shared/dates.js'
import { startOfUtcDay, termEnd } from '../payments/dates.js'
import { makeSubscription, snapshot } from '../../tests/support/subscriptions.js'
import { createTestService } from '../../tests/support/service.js'
import { createServiceJobRunner } from './index.js'

const DAY = 24 * 60 * 60 * 1000
const quiet = { info: () => {}, error: () => {} }

let service: Awaited<ReturnType<typeof createTestService>>
let asOf: number
beforeEach(async () => {
  service = await createTestService()
  asOf = Date.now() + 3 * DAY
})
afterEach(async () => {
  await service.close()
})

const runJobs = (at: number) =>
  createServiceJobRunner(service, { intervalMs: 60 * 60_000, log: quiet }).runDue({ asOf: at, force: true })

async function sandboxState(providerId: string) {
  return service.db
    .selectFrom('sandbox_subscriptions')
    .select(['state', 'next_bill_date'])
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow()
}

describe('the sandbox provider’s renewal charges', () => {
  it('charge a subscription at its next payment date once, moving it and its licenses to the next term', async () => {
    const made = await makeSubscription(service.db, {
      now: asOf - DAY,
      companyId: null,
      billingPeriod: 'month',
      nextPaymentIn: 0.5,
      expiresIn: 0.5,
      seats: [{}, {}],
    })
    const before = await snapshot(service.db, made.id)
    const paidAt = Number(before.subscription?.next_payment_date)
    const outcomes = await runJobs(asOf)
    expect(outcomes.find((o) => o.job === 'sandbox-charges')).toMatchObject({ outcome: 'done' })

    const next = addBillingPeriod(paidAt, 'month')
    const after = await snapshot(service.db, made.id)
    // The provider's alerts give dates by the day.
    expect(after.subscription).toMatchObject({ state: 'active', next_payment_date: startOfUtcDay(next) })
    expect(after.licenses.map((l) => l.expiration)).toEqual([termEnd(next), termEnd(next)])
    const payments = await service.db
      .selectFrom('payments')
      .select(['amount'])
      .where('subscription_id', '=', made.id)
      .execute()
    expect(payments).toHaveLength(2)
    expect(payments[1].amount).toBe(12.1)

    // Run again: nothing more is due, nothing is charged twice.
    await runJobs(asOf + 60_000)
    expect(
      await service.db.selectFrom('payments').select('id').where('subscription_id', '=', made.id).execute(),
    ).toHaveLength(2)
    expect(await sandboxState(made.providerId)).toMatchObject({ state: 'active', next_bill_date: next })
  })

  it('send the alert of a charge again when the service did not take it', async () => {
    const made = await makeSubscription(service.db, {
      now: asOf - DAY,
      companyId: null,
      nextPaymentIn: 0.5,
      expiresIn: 0.5,
    })
    const before = await snapshot(service.db, made.id)
    await runJobs(asOf)
    const charged = await snapshot(service.db, made.id)
    // As if the alert had never arrived: the vendor's side as it was before the charge.
    await service.db
      .updateTable('subscriptions')
      .set({ next_payment_date: before.subscription?.next_payment_date ?? null })
      .where('id', '=', made.id)
      .execute()
    for (const license of before.licenses)
      await service.db
        .updateTable('licenses')
        .set({ expiration: license.expiration })
        .where('id', '=', license.id)
        .execute()
    await service.db.deleteFrom('payments').where('subscription_id', '=', made.id).where('id', 'like', 'pp_%').execute()

    await runJobs(asOf + 60_000)
    const again = await snapshot(service.db, made.id)
    expect(again.licenses).toEqual(charged.licenses)
    expect(again.subscription).toEqual({ ...charged.subscription, updated_at: again.subscription?.updated_at })
    expect(
      await service.db.selectFrom('payments').select('id').where('subscription_id', '=', made.id).execute(),
    ).toHaveLength(2)
    const sandboxPayments = await service.db
      .selectFrom('sandbox_payments')
      .select('id')
      .where('subscription_id', '=', made.providerId)
      .where('one_off', '=', 0)
      .execute()
    // The customer was charged once (the adopted first payment, and this term's).
    expect(sandboxPayments).toHaveLength(2)
  })

  it('turn a subscription past due when the card’s later charges fail, with the provider’s alert', async () => {
    const made = await makeSubscription(service.db, {
      now: asOf - DAY,
      companyId: null,
      nextPaymentIn: 0.5,
      expiresIn: 0.5,
      lastFour: '0341',
    })
    await runJobs(asOf)
    const after = await snapshot(service.db, made.id)
    expect(after.subscription?.state).toBe('pastDue')
    expect(await sandboxState(made.providerId)).toMatchObject({ state: 'past_due' })
    const alerts = await service.db
      .selectFrom('webhook_events')
      .select('alert_name')
      .where('alert_name', '=', 'subscription_payment_failed')
      .execute()
    expect(alerts.length).toBeGreaterThan(0)
    expect(
      await service.db.selectFrom('payments').select('id').where('subscription_id', '=', made.id).execute(),
    ).toHaveLength(1)
  })

  it('end lapsing licenses at term end: not renewed, and out of the subscription once the term is over', async () => {
    const made = await makeSubscription(service.db, {
      now: asOf - DAY,
      companyId: 'acme',
      nextPaymentIn: 0.5,
      expiresIn: 0.5,
      seats: [{ assignedTo: 'dev1@acme.test' }, { assignedTo: 'dev2@acme.test', lapsing: true }],
    })
    await runJobs(asOf)
    const after = await snapshot(service.db, made.id)
    expect(after.subscription?.quantity).toBe(1)
    expect(after.licenses.map((l) => l.id)).toEqual([made.licenseIds[0]])
    const lapsed = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('id', '=', made.licenseIds[1])
      .executeTakeFirstOrThrow()
    expect(lapsed).toMatchObject({ subscription_id: null, lapsing: 0, assigned_to: 'dev2@acme.test' })
    expect(lapsed.expiration).toBeLessThanOrEqual(asOf)
  })
})
