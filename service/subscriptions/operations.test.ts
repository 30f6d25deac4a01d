// Subscription operations: the state machine, permissions, the lifecycle (cancel, pause, resume, restart, upgrade),
// provider failures, receipts and the subscription's lease.
import { describe, expect, it, vi } from 'vitest'
import { UPGRADE_IN_PROGRESS, subscriptionRefusals } from '../../protocol/subscriptions/subscriptions.js'
import { demoRefs } from '../../demo/seed.js'
import { handleWebhookAlert } from '../payments/webhooks.js'
import { snapshot, type SubscriptionSpec } from '../../tests/support/subscriptions.js'
import {
  DAY,
  OFFER,
  ask,
  make,
  max,
  olivia,
  pat,
  rita,
  run,
  sandboxRow,
  service,
  signedUpdate,
  startSubscriptionService,
  type Op,
} from '../../tests/support/subscription-service.js'

startSubscriptionService()

// ─── the state machine, operation by operation, from every state ────────────────────────────────────────────────────

/** Each state as a subscription (monthly, long-term, with an offer, so that only the state decides). */
const states: Record<string, Omit<SubscriptionSpec, 'now'>> = {
  'active, renewing': { state: 'active', nextPaymentIn: 120 },
  'active, not renewing': { state: 'active', nextPaymentIn: null },
  'paused, term running': { state: 'paused' },
  'paused, term ended': { state: 'paused', expiresIn: -5 },
  pastDue: { state: 'pastDue', nextPaymentIn: 2 },
  'deleted, running': { state: 'deleted' },
  'deleted, expired': { state: 'deleted', expiresIn: -30 },
  'active, upgrade in progress': { state: 'active', nextPaymentIn: 120, pendingChange: UPGRADE_IN_PROGRESS },
}

/** Which operations each state allows (spec §4), and the state each leads to. */
const allowed: Record<string, Partial<Record<Op, string>>> = {
  'active, renewing': {
    cancel: 'deleted',
    pause: 'paused',
    quantity: 'active',
    upgrade: 'active',
    specialOffer: 'active',
    assign: 'active',
  },
  'active, not renewing': {
    cancel: 'deleted',
    quantity: 'active',
    upgrade: 'active',
    specialOffer: 'active',
    assign: 'active',
  },
  'paused, term running': { cancel: 'deleted', resume: 'active', assign: 'paused' },
  'paused, term ended': { cancel: 'deleted', restart: 'active' },
  pastDue: { cancel: 'deleted', pause: 'paused', assign: 'pastDue' },
  'deleted, running': { assign: 'deleted' },
  'deleted, expired': {},
  'active, upgrade in progress': { cancel: 'deleted', assign: 'active' },
}

describe('the state machine (spec §4): every operation from every state', () => {
  const ops: Op[] = ['cancel', 'pause', 'resume', 'restart', 'quantity', 'upgrade', 'specialOffer', 'assign']
  for (const [stateName, spec] of Object.entries(states)) {
    for (const op of ops) {
      const to = allowed[stateName][op]
      it(`${op} from "${stateName}": ${to ? `→ ${to}` : 'refused, nothing changes'}`, async () => {
        const sub = await make({
          ...spec,
          billingPeriod: 'month',
          quantity: 2,
          seats: [{ assignedTo: 'first@acme.test' }, {}],
          specialOffer: OFFER,
        })
        const before = await snapshot(service.db, sub.id)
        const answer = await run(op, sub.id)
        const after = await snapshot(service.db, sub.id)
        if (to) {
          expect(answer).toMatchObject({ status: 200, body: { completed: true } })
          expect(after.subscription?.state).toBe(to)
        } else {
          expect(answer.status).toBe(500)
          expect(answer.body.error).toBe('INVALID_STATE')
          expect(String(answer.body.message)).toMatch(/\w+ .+\./)
          expect(after).toEqual(before)
          // The provider was never asked: the sandbox has not even adopted the subscription.
          expect(await sandboxRow(sub.providerId)).toBeUndefined()
        }
      })
    }
  }

  it('refuses to upgrade an annual subscription, and a monthly one with 90 days or less to expiry', async () => {
    const annual = await make({ billingPeriod: 'year' })
    expect(await ask('subscriptionUpgrade', { subscriptionId: annual.id }, olivia)).toMatchObject({
      status: 500,
      body: { error: 'INVALID_STATE', message: subscriptionRefusals.alreadyAnnual },
    })
    const short = await make({ billingPeriod: 'month', expiresIn: 20 })
    expect(await ask('subscriptionUpgrade', { subscriptionId: short.id }, olivia)).toMatchObject({
      status: 500,
      body: { error: 'INVALID_STATE', message: subscriptionRefusals.upgradeTooShort },
    })
  })

  it('refuses the extension offer of a subscription that has none', async () => {
    const sub = await make({})
    const answer = await ask(
      'specialOffer',
      { subscriptionId: sub.id, country: 'US', price: 92.8, alwaysAllow: false },
      olivia,
    )
    expect(answer).toMatchObject({
      status: 500,
      body: { error: 'INVALID_STATE', message: subscriptionRefusals.noOffer },
    })
  })
})

// ─── permissions ────────────────────────────────────────────────────────────────────────────────────────────────────

describe('permissions (spec §6), checked against the store', () => {
  it('a Company Manager may assign but not change billing or see receipts', async () => {
    const sub = await make({ seats: [{ assignedTo: 'a@acme.test' }, {}] })
    const before = await snapshot(service.db, sub.id)
    for (const answer of [
      await ask('cancelSubscription', { subscriptionId: sub.id }, max),
      await ask('subscriptionPauseResume', { action: 'pause', subscriptionId: sub.id }, max),
      await ask('subscriptionUpdateQuantity', { subscriptionId: sub.id, quantity: 3 }, max),
      await ask('subscriptionReceipts', { subscriptionId: sub.id }, max),
    ]) {
      expect(answer).toMatchObject({ status: 500, body: { error: 'FORBIDDEN' } })
    }
    expect(await snapshot(service.db, sub.id)).toEqual(before)
    expect(
      await ask('subscriptionAssign', { subscriptionId: sub.id, emails: ['a@acme.test', 'b@acme.test'] }, max),
    ).toMatchObject({
      status: 200,
    })
  })

  it('someone without a role in the company is told the subscription does not exist', async () => {
    const sub = await make({})
    expect(await ask('cancelSubscription', { subscriptionId: sub.id }, rita)).toMatchObject({
      status: 500,
      body: { error: 'NOT_FOUND' },
    })
    expect(await ask('subscriptionReceipts', { subscriptionId: sub.id }, pat)).toMatchObject({
      status: 500,
      body: { error: 'NOT_FOUND' },
    })
    expect((await snapshot(service.db, sub.id)).subscription?.state).toBe('active')
  })

  it('a personal subscription is its owner’s alone, and its licenses cannot be assigned', async () => {
    const sub = await make({ companyId: null, owner: 'pat@personal.test', billingPeriod: 'month', expiresIn: 12 })
    expect(await ask('subscriptionPauseResume', { action: 'pause', subscriptionId: sub.id }, olivia)).toMatchObject({
      status: 500,
      body: { error: 'NOT_FOUND' },
    })
    expect(await ask('subscriptionAssign', { subscriptionId: sub.id, emails: ['x@y.test'] }, pat)).toMatchObject({
      status: 500,
      body: { error: 'CANNOT_ASSIGN' },
    })
    expect(await ask('subscriptionPauseResume', { action: 'pause', subscriptionId: sub.id }, pat)).toMatchObject({
      status: 200,
    })
    expect((await snapshot(service.db, sub.id)).subscription?.state).toBe('paused')
  })

  it('refuses without a session, and answers NOT_FOUND for an unknown subscription', async () => {
    expect(
      await ask('cancelSubscription', { subscriptionId: demoRefs.subscriptions.acmeActiveRenewing }),
    ).toMatchObject({
      status: 500,
      body: { error: 'NOT_AUTHENTICATED' },
    })
    expect(await ask('cancelSubscription', { subscriptionId: 'sub_nope' }, olivia)).toMatchObject({
      status: 500,
      body: { error: 'NOT_FOUND' },
    })
  })
})

// ─── what each operation does ───────────────────────────────────────────────────────────────────────────────────────

describe('cancel, pause, resume, restart', () => {
  it('cancel: deleted, no next payment, the offer gone, the licenses running to their expiry; the provider too', async () => {
    const sub = await make({ specialOffer: OFFER })
    const before = await snapshot(service.db, sub.id)
    expect(await ask('cancelSubscription', { subscriptionId: sub.id }, olivia)).toMatchObject({ status: 200 })
    const after = await snapshot(service.db, sub.id)
    expect(after.subscription).toMatchObject({ state: 'deleted', next_payment_date: null, special_offer: null })
    expect(after.licenses.map((l) => l.expiration)).toEqual(before.licenses.map((l) => l.expiration))
    expect((await sandboxRow(sub.providerId))?.state).toBe('deleted')
  })

  it('pause removes the next payment; resume brings it back from the provider’s answer, nothing charged', async () => {
    const sub = await make({ nextPaymentIn: 100, expiresIn: 100 })
    const before = await snapshot(service.db, sub.id)
    expect(await ask('subscriptionPauseResume', { action: 'pause', subscriptionId: sub.id }, olivia)).toMatchObject({
      status: 200,
      body: { completed: true },
    })
    expect((await snapshot(service.db, sub.id)).subscription).toMatchObject({
      state: 'paused',
      next_payment_date: null,
      next_payment_amount: null,
    })
    const resumed = await ask('subscriptionPauseResume', { action: 'resume', subscriptionId: sub.id }, olivia)
    expect(resumed).toMatchObject({
      status: 200,
      body: {
        completed: true,
        nextPayment: { date: before.subscription!.next_payment_date, currency: 'USD', amount: 116 },
      },
    })
    expect((await snapshot(service.db, sub.id)).subscription).toMatchObject({
      state: 'active',
      next_payment_date: before.subscription!.next_payment_date,
    })
    const charges = await service.db
      .selectFrom('sandbox_payments')
      .select('id')
      .where('subscription_id', '=', sub.providerId)
      .execute()
    expect(charges).toHaveLength(1) // the adopted purchase only
  })

  it('restart after the paid term charges at once, then renews: licenses run to the new term', async () => {
    const sub = await make({ state: 'paused', expiresIn: -5, billingPeriod: 'year' })
    const answer = await ask('subscriptionPauseResume', { action: 'restart', subscriptionId: sub.id }, olivia)
    expect(answer.status).toBe(200)
    const next = (answer.body.nextPayment as { date: number }).date
    expect(next).toBeGreaterThan(Date.now() + 360 * DAY)
    const after = await snapshot(service.db, sub.id)
    expect(after.subscription).toMatchObject({ state: 'active', next_payment_date: next })
    for (const l of after.licenses) expect(l.expiration).toBeGreaterThan(next)
    const receipts = await ask('subscriptionReceipts', { subscriptionId: sub.id }, olivia)
    expect((receipts.body.payments as unknown[]).length).toBe(2)
  })
})

describe('provider failures leave the subscription unchanged', () => {
  it.each([
    ['cancel', 'cancelSubscription'],
    ['pause', 'updateSubscription'],
    ['quantity', 'updateSubscription'],
    ['upgrade', 'updateSubscription'],
    ['specialOffer', 'charge'],
  ] as const)('%s: the provider refuses (%s throws), nothing is written', async (op, method) => {
    const sub = await make({ billingPeriod: 'month', quantity: 2, specialOffer: OFFER })
    const provider = service.adapters.payments!.provider
    const { ServiceError } = await import('../dispatch/errors.js')
    vi.spyOn(provider, method).mockRejectedValue(new ServiceError('PROVIDER_ERROR', 'The provider is down.'))
    const before = await snapshot(service.db, sub.id)
    const answer = await run(op as Op, sub.id)
    expect(answer).toMatchObject({ status: 500, body: { error: 'PROVIDER_ERROR', message: 'The provider is down.' } })
    expect(await snapshot(service.db, sub.id)).toEqual(before)
  })
})

describe('upgrade (spec §4): in progress until the provider confirms', () => {
  it('with the sandbox, whose webhook arrives before the answer, the subscription is annual at once', async () => {
    const sub = await make({ billingPeriod: 'month', quantity: 2 })
    expect(await ask('subscriptionUpgrade', { subscriptionId: sub.id }, olivia)).toMatchObject({ status: 200 })
    const after = await snapshot(service.db, sub.id)
    expect(after.subscription).toMatchObject({
      billing_period: 'year',
      pending_change: null,
      plan_id: 'wallaby-organization-year',
    })
    for (const l of after.licenses) expect(l.billing_period).toBe('year')
  })

  it('the demo’s monthly subscription with more than 90 days to expiry upgrades; the other monthly ones may not', async () => {
    const demo = demoRefs.subscriptions
    expect(await ask('subscriptionUpgrade', { subscriptionId: demo.acmeMonthly }, olivia)).toMatchObject({
      body: { error: 'INVALID_STATE', message: subscriptionRefusals.upgradeTooShort },
    })
    expect(await ask('subscriptionUpgrade', { subscriptionId: demo.globexMonthlyExtended }, rita)).toMatchObject({
      status: 200,
    })
    expect((await snapshot(service.db, demo.globexMonthlyExtended)).subscription).toMatchObject({
      billing_period: 'year',
    })
  })

  it('when the confirmation comes later, the row shows it in progress, refuses other changes, and clears on the webhook', async () => {
    const sub = await make({ billingPeriod: 'month', quantity: 2 })
    const provider = service.adapters.payments!.provider
    // Paddle answers the update at once and confirms by webhook minutes later: no alert during the call.
    vi.spyOn(provider, 'updateSubscription').mockResolvedValue({
      subscriptionId: sub.providerId,
      planId: 'wallaby-organization-year',
    })
    expect(await ask('subscriptionUpgrade', { subscriptionId: sub.id }, olivia)).toMatchObject({ status: 200 })
    expect((await snapshot(service.db, sub.id)).subscription).toMatchObject({
      billing_period: 'month',
      pending_change: UPGRADE_IN_PROGRESS,
    })
    const details = await ask('retrieveDetails', {}, olivia)
    const shown = (
      details.body.body as {
        companies: Array<{ subscriptions: Array<{ subscriptionId: string; pendingChange?: string }> }>
      }
    ).companies
      .flatMap((c) => c.subscriptions)
      .find((s) => s.subscriptionId === sub.id)
    expect(shown?.pendingChange).toBe(UPGRADE_IN_PROGRESS)
    expect(await ask('subscriptionUpdateQuantity', { subscriptionId: sub.id, quantity: 3 }, olivia)).toMatchObject({
      status: 500,
      body: { error: 'INVALID_STATE', message: subscriptionRefusals.pending },
    })
    vi.restoreAllMocks()

    const alert = await signedUpdate(sub.providerId, {
      subscription_plan_id: 'wallaby-organization-year',
      new_quantity: '2',
    })
    expect(await handleWebhookAlert(alert, service.context())).toMatchObject({ outcome: 'processed' })
    expect((await snapshot(service.db, sub.id)).subscription).toMatchObject({
      billing_period: 'year',
      pending_change: null,
    })
  })
})

describe('receipts', () => {
  it('lists the demo subscription’s payments newest first, each with its receipt', async () => {
    const answer = await ask(
      'subscriptionReceipts',
      { subscriptionId: demoRefs.subscriptions.acmeActiveRenewing },
      olivia,
    )
    expect(answer.status).toBe(200)
    const payments = answer.body.payments as Array<{
      date: number
      amount: number
      currency: string
      receiptUrl: string
    }>
    expect(payments).toHaveLength(2)
    expect(payments[0].date).toBeGreaterThan(payments[1].date)
    for (const p of payments) {
      expect(p).toMatchObject({ amount: 580, currency: 'USD' })
      expect(p.receiptUrl).toMatch(/^\/sandbox\/receipts\//)
    }
  })
})

describe('one change at a time per subscription', () => {
  it('a change waits for the one under way; a lease left behind is refused until it expires', async () => {
    const sub = await make({ nextPaymentIn: 100 })
    const { withSubscriptionLock } = await import('../db/locks.js')
    let release!: () => void
    const held = withSubscriptionLock(service.db, sub.id, () => new Promise<void>((resolve) => (release = resolve)))
    await new Promise((resolve) => setTimeout(resolve, 20))
    const pausing = ask('subscriptionPauseResume', { action: 'pause', subscriptionId: sub.id }, olivia)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await snapshot(service.db, sub.id)).subscription?.state).toBe('active')
    release()
    await held
    expect(await pausing).toMatchObject({ status: 200 })
    expect((await snapshot(service.db, sub.id)).subscription?.state).toBe('paused')

    await service.db
      .insertInto('subscription_locks')
      .values({ subscription_id: sub.id, token: 'stale', expires_at: Date.now() + 60_000 })
      .execute()
    await expect(withSubscriptionLock(service.db, sub.id, async () => 'ran', { waitMs: 50 })).rejects.toMatchObject({
      code: 'INVALID_STATE',
    })
    await service.db
      .updateTable('subscription_locks')
      .set({ expires_at: Date.now() - 1 })
      .where('subscription_id', '=', sub.id)
      .execute()
    expect(await withSubscriptionLock(service.db, sub.id, async () => 'ran', { waitMs: 50 })).toBe('ran')
  })
})
