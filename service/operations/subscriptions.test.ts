import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OperationName, Payload } from '../../protocol/operations.js'
import { UPGRADE_IN_PROGRESS, subscriptionRefusals } from '../../protocol/subscriptions.js'
import { demoRefs } from '../db/seed.js'
import { alertId } from '../payments/test-helpers.js'
import { readOrCreateSandboxKeys } from '../payments/sandbox/keys.js'
import { signAlert } from '../payments/signature.js'
import { paymentsDb } from '../payments/tables.js'
import { handleWebhookAlert } from '../payments/webhooks.js'
import { makeSubscription, snapshot, type SubscriptionSpec } from '../subscriptions/testing.js'
import { createTestService, signInAs } from '../testing.js'

type Service = Awaited<ReturnType<typeof createTestService>>
let service: Service
let olivia: string
let max: string
let rita: string
let pat: string

const DAY = 24 * 60 * 60 * 1000
const OFFER = { message: 'Extend for 12 months at 20% off', currency: 'USD', priceGross: 92.8, country: 'US' }

async function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string) {
  const answer = await service.call({ [op]: payload }, credential)
  return {
    status: answer.status,
    body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
  }
}

const make = (spec: Omit<SubscriptionSpec, 'now'>) => makeSubscription(service.db, { now: Date.now(), ...spec })
const sandboxRow = (providerId: string) =>
  paymentsDb(service.db).selectFrom('sandbox_subscriptions').selectAll().where('id', '=', providerId).executeTakeFirst()

beforeAll(async () => {
  service = await createTestService()
  olivia = await signInAs(service, 'olivia@acme.test')
  max = await signInAs(service, 'max@acme.test')
  rita = await signInAs(service, 'rita@reseller.test')
  pat = await signInAs(service, 'pat@personal.test')
})
afterAll(async () => {
  await service.close()
})
afterEach(() => {
  vi.restoreAllMocks()
})

// ─── the state machine, operation by operation, from every state ────────────────────────────────────────────────────

type Op = 'cancel' | 'pause' | 'resume' | 'restart' | 'quantity' | 'upgrade' | 'specialOffer' | 'assign'

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

async function run(op: Op, subscriptionId: string) {
  switch (op) {
    case 'cancel':
      return ask('cancelSubscription', { subscriptionId }, olivia)
    case 'pause':
    case 'resume':
    case 'restart':
      return ask('subscriptionPauseResume', { action: op, subscriptionId }, olivia)
    case 'quantity':
      return ask('subscriptionUpdateQuantity', { subscriptionId, quantity: 3 }, olivia)
    case 'upgrade':
      return ask('subscriptionUpgrade', { subscriptionId }, olivia)
    case 'specialOffer':
      return ask('specialOffer', { subscriptionId, country: 'US', price: OFFER.priceGross, alwaysAllow: false }, olivia)
    case 'assign':
      return ask('subscriptionAssign', { subscriptionId, emails: ['first@acme.test', 'newcomer@acme.test'] }, olivia)
  }
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
    const charges = await paymentsDb(service.db)
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

describe('quantity (spec §4, §5)', () => {
  it('a decrease lapses the chosen assignees and the unassigned licenses; the rest renew; next cycle bills less', async () => {
    const sub = await make({
      quantity: 5,
      seats: [{ assignedTo: 'a@acme.test' }, { assignedTo: 'b@acme.test' }, {}, { assignedTo: 'c@acme.test' }, {}],
    })
    const [a, b, free1, c, free2] = sub.licenseIds
    const answer = await ask(
      'subscriptionUpdateQuantity',
      { subscriptionId: sub.id, quantity: 2, licensesToLapse: [{ id: b, owner: 'acme' }] },
      olivia,
    )
    expect(answer).toMatchObject({ status: 200 })
    const after = await snapshot(service.db, sub.id)
    expect(after.subscription).toMatchObject({ quantity: 2, next_payment_amount: 232 })
    const lapsing = new Set(after.licenses.filter((l) => l.lapsing === 1).map((l) => l.id))
    expect(lapsing).toEqual(new Set([b, free1, free2]))
    expect(lapsing.has(a) || lapsing.has(c)).toBe(false)
    expect(after.licenses.find((l) => l.id === b)?.assigned_to).toBe('b@acme.test')
    expect((await sandboxRow(sub.providerId))?.quantity).toBe(2)
  })

  it('asks for exactly as many licenses to lapse as there are assignees beyond the quantity, and changes nothing otherwise', async () => {
    const sub = await make({
      quantity: 3,
      seats: [{ assignedTo: 'a@acme.test' }, { assignedTo: 'b@acme.test' }, { assignedTo: 'c@acme.test' }],
    })
    const before = await snapshot(service.db, sub.id)
    const refs = sub.licenseIds.map((id) => ({ id, owner: 'acme' }))
    expect(
      await ask(
        'subscriptionUpdateQuantity',
        { subscriptionId: sub.id, quantity: 1, licensesToLapse: [refs[0]] },
        olivia,
      ),
    ).toMatchObject({
      status: 500,
      body: { error: 'INVALID_PAYLOAD', message: '2 distinct email address(es) must be specified to Continue.' },
    })
    expect(
      await ask(
        'subscriptionUpdateQuantity',
        { subscriptionId: sub.id, quantity: 1, licensesToLapse: [refs[0], refs[0]] },
        olivia,
      ),
    ).toMatchObject({ status: 500, body: { error: 'INVALID_PAYLOAD' } })
    expect(
      await ask(
        'subscriptionUpdateQuantity',
        { subscriptionId: sub.id, quantity: 1, licensesToLapse: [refs[0], { id: refs[1].id, owner: 'globex' }] },
        olivia,
      ),
    ).toMatchObject({ status: 500, body: { error: 'NOT_FOUND' } })
    expect(await ask('subscriptionUpdateQuantity', { subscriptionId: sub.id, quantity: 3 }, olivia)).toMatchObject({
      status: 500,
      body: { error: 'INVALID_STATE' },
    })
    expect(await snapshot(service.db, sub.id)).toEqual(before)
    expect(await sandboxRow(sub.providerId)).toBeUndefined()
  })

  it('an increase is charged prorated now and first revives lapsing licenses, then adds new ones to the term', async () => {
    const sub = await make({
      quantity: 2,
      seats: [{ assignedTo: 'a@acme.test' }, {}, { assignedTo: 'leaving@acme.test', lapsing: true }],
    })
    const term = (await snapshot(service.db, sub.id)).licenses[0].expiration
    expect(await ask('subscriptionUpdateQuantity', { subscriptionId: sub.id, quantity: 5 }, olivia)).toMatchObject({
      status: 200,
    })
    const after = await snapshot(service.db, sub.id)
    expect(after.subscription?.quantity).toBe(5)
    expect(after.licenses).toHaveLength(5)
    expect(after.licenses.filter((l) => l.lapsing === 0)).toHaveLength(5)
    expect(after.licenses[2]).toMatchObject({ id: sub.licenseIds[2], assigned_to: 'leaving@acme.test', lapsing: 0 })
    for (const l of after.licenses.slice(3)) {
      expect(l).toMatchObject({ assigned_to: '', subscription_id: sub.id, owner: 'acme' })
      expect(l.expiration).toBeGreaterThanOrEqual(term)
    }
    const charges = await ask('subscriptionReceipts', { subscriptionId: sub.id }, olivia)
    const payments = charges.body.payments as Array<{ amount: number }>
    expect(payments).toHaveLength(2)
    // Three more licenses for the rest of a 120-day annual term: prorated, far below three full years.
    expect(payments[0].amount).toBeGreaterThan(0)
    expect(payments[0].amount).toBeLessThan(3 * 116)
  })

  it('concurrent quantity changes lose no license: store and provider agree, every license survives', async () => {
    const sub = await make({
      quantity: 4,
      seats: [{ assignedTo: 'a@acme.test' }, { assignedTo: 'b@acme.test' }, {}, {}],
    })
    const quantities = [6, 3, 8, 2, 5, 7, 4, 9, 3, 6]
    const answers = await Promise.all(
      quantities.map((quantity) => ask('subscriptionUpdateQuantity', { subscriptionId: sub.id, quantity }, olivia)),
    )
    // Each either applied or was refused as "already that quantity" by the change before it; none failed otherwise.
    for (const answer of answers) {
      if (answer.status !== 200)
        expect(answer.body).toMatchObject({ error: 'INVALID_STATE', message: expect.stringMatching(/already has/) })
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(8)
    const after = await snapshot(service.db, sub.id)
    const quantity = after.subscription!.quantity
    expect((await sandboxRow(sub.providerId))?.quantity).toBe(quantity)
    expect(after.licenses.filter((l) => l.lapsing === 0)).toHaveLength(quantity)
    for (const id of sub.licenseIds) expect(after.licenses.some((l) => l.id === id)).toBe(true)
    expect(after.licenses.length).toBe(9)
    expect(new Set(after.licenses.map((l) => l.key_number)).size).toBe(after.licenses.length)
    expect(
      after.licenses
        .filter((l) => l.assigned_to !== '' && l.lapsing === 0)
        .map((l) => l.assigned_to)
        .sort(),
    ).toEqual(['a@acme.test', 'b@acme.test'])
  })

  it('a provider failure mid-change (a declined charge) leaves the subscription as it was', async () => {
    const sub = await make({ quantity: 2, lastFour: '0341' })
    const before = await snapshot(service.db, sub.id)
    expect(await ask('subscriptionUpdateQuantity', { subscriptionId: sub.id, quantity: 4 }, olivia)).toMatchObject({
      status: 500,
      body: { error: 'CHARGE_ERROR' },
    })
    expect(await snapshot(service.db, sub.id)).toEqual(before)
    expect((await sandboxRow(sub.providerId))?.quantity).toBe(2)
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
    const { ServiceError } = await import('../errors.js')
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

    const alert = await updatedAlert(sub.providerId, { subscription_plan_id: 'wallaby-organization-year', new_quantity: '2' })
    expect(await handleWebhookAlert(alert, service.context())).toMatchObject({ outcome: 'processed' })
    expect((await snapshot(service.db, sub.id)).subscription).toMatchObject({
      billing_period: 'year',
      pending_change: null,
    })
  })
})

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

describe('assignment (spec §5 subscription bulk assign)', () => {
  it('applies the plan: leavers unassigned, newcomers get free licenses, the new holders are mailed', async () => {
    const sub = await make({
      quantity: 3,
      seats: [{ assignedTo: 'stay@acme.test' }, { assignedTo: 'go@acme.test' }, {}],
    })
    const answer = await ask(
      'subscriptionAssign',
      { subscriptionId: sub.id, emails: ['STAY@acme.test', 'new1@acme.test', 'new2@acme.test'], sendEmail: true },
      olivia,
    )
    expect(answer).toMatchObject({ status: 200 })
    const after = await snapshot(service.db, sub.id)
    expect(after.licenses.map((l) => l.assigned_to)).toEqual(['stay@acme.test', 'new2@acme.test', 'new1@acme.test'])
    const mails = await service.db
      .selectFrom('mail_outbox')
      .select(['to', 'subject'])
      .where('to', 'like', 'new_@acme.test')
      .execute()
    expect(mails.map((m) => m.to).sort()).toEqual(['new1@acme.test', 'new2@acme.test'])
    expect(mails[0].subject).toBe('Acme Corp has assigned you a license')
  })

  it('answers the §5 errors with their texts and changes nothing', async () => {
    const sub = await make({
      quantity: 2,
      seats: [{ assignedTo: 'a@acme.test' }, {}, { assignedTo: 'l@acme.test', lapsing: true }],
    })
    const before = await snapshot(service.db, sub.id)
    const cases: Array<[Payload<'subscriptionAssign'>, string, string]> = [
      [
        { subscriptionId: sub.id, emails: ['a@acme.test', 'b@acme.test', 'c@acme.test', 'l@acme.test'] },
        'NOT_ENOUGH_LICENSES',
        'Error: not enough licenses available.',
      ],
      [
        { subscriptionId: sub.id, emails: ['a@acme.test', 'b@acme.test', 'c@acme.test'], lapsingEmails: [] },
        'NOT_ENOUGH_LICENSES',
        'Error: not enough non-lapsing licenses available.',
      ],
      [
        { subscriptionId: sub.id, emails: ['a@acme.test'], lapsingEmails: ['l@acme.test', 'm@acme.test'] },
        'NOT_ENOUGH_LICENSES',
        'Error: not enough lapsing licenses available.',
      ],
      [
        { subscriptionId: sub.id, emails: ['a@acme.test'], lapsingEmails: ['a@acme.test'] },
        'INVALID_PAYLOAD',
        'Error: email address must not exist as both lapsing and non-lapsing assignment.',
      ],
    ]
    for (const [payload, error, message] of cases) {
      expect(await ask('subscriptionAssign', payload, olivia)).toMatchObject({ status: 500, body: { error, message } })
    }
    expect(
      await ask('subscriptionAssign', { subscriptionId: sub.id, emails: ['not an address'] }, olivia),
    ).toMatchObject({
      status: 500,
      body: { error: 'INVALID_PAYLOAD' },
    })
    expect(await snapshot(service.db, sub.id)).toEqual(before)
  })

  it('with a list of lapsing holders, hands out lapsing licenses only to those addresses', async () => {
    const sub = await make({ quantity: 1, seats: [{ assignedTo: 'a@acme.test' }, { lapsing: true }] })
    expect(
      await ask(
        'subscriptionAssign',
        { subscriptionId: sub.id, emails: ['a@acme.test'], lapsingEmails: ['temp@acme.test'] },
        olivia,
      ),
    ).toMatchObject({ status: 200 })
    const after = await snapshot(service.db, sub.id)
    expect(after.licenses.map((l) => [l.assigned_to, l.lapsing])).toEqual([
      ['a@acme.test', 0],
      ['temp@acme.test', 1],
    ])
  })
})

describe('webhooks after an operation', () => {
  it('a repeated webhook changes nothing the second time, nor does the same change under a new alert id', async () => {
    const sub = await make({
      quantity: 4,
      seats: [{ assignedTo: 'a@acme.test' }, { assignedTo: 'b@acme.test' }, { assignedTo: 'c@acme.test' }, {}],
    })
    expect(
      await ask(
        'subscriptionUpdateQuantity',
        { subscriptionId: sub.id, quantity: 2, licensesToLapse: [{ id: sub.licenseIds[0], owner: 'acme' }] },
        olivia,
      ),
    ).toMatchObject({ status: 200 })
    const settled = await snapshot(service.db, sub.id)
    expect(settled.licenses.filter((l) => l.lapsing === 1).map((l) => l.id)).toEqual([
      sub.licenseIds[0],
      sub.licenseIds[3],
    ])

    const alert = await updatedAlert(sub.providerId, { new_quantity: '2', old_quantity: '4' })
    expect(await handleWebhookAlert(alert, service.context())).toMatchObject({ outcome: 'processed' })
    const once = await snapshot(service.db, sub.id)
    expect(await handleWebhookAlert(alert, service.context())).toMatchObject({ outcome: 'duplicate' })
    expect(await snapshot(service.db, sub.id)).toEqual(once)
    expect(once.licenses.map((l) => [l.id, l.lapsing])).toEqual(settled.licenses.map((l) => [l.id, l.lapsing]))
    expect(once.subscription?.quantity).toBe(2)
  })
})

describe('one change at a time per subscription', () => {
  it('a change waits for the one under way; a lease left behind is refused until it expires', async () => {
    const sub = await make({ nextPaymentIn: 100 })
    const { withSubscriptionLock } = await import('../subscriptions/lock.js')
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
      .withTables<{ subscription_locks: { subscription_id: string; token: string; expires_at: number } }>()
      .insertInto('subscription_locks')
      .values({ subscription_id: sub.id, token: 'stale', expires_at: Date.now() + 60_000 })
      .execute()
    await expect(withSubscriptionLock(service.db, sub.id, async () => 'ran', { waitMs: 50 })).rejects.toMatchObject({
      code: 'INVALID_STATE',
    })
    await service.db
      .withTables<{ subscription_locks: { subscription_id: string; token: string; expires_at: number } }>()
      .updateTable('subscription_locks')
      .set({ expires_at: Date.now() - 1 })
      .where('subscription_id', '=', sub.id)
      .execute()
    expect(await withSubscriptionLock(service.db, sub.id, async () => 'ran', { waitMs: 50 })).toBe('ran')
  })
})

/** A `subscription_updated` alert as the sandbox would send it, signed with the sandbox's key. */
async function updatedAlert(providerId: string, fields: Record<string, string>) {
  const keys = await readOrCreateSandboxKeys(service.db)
  return signAlert(
    {
      alert_id: alertId(),
      alert_name: 'subscription_updated',
      event_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      status: 'active',
      subscription_id: providerId,
      currency: 'USD',
      email: 'olivia@acme.test',
      passthrough: '{}',
      user_id: '1',
      ...fields,
    },
    keys.privateKey,
  )
}
