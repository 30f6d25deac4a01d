// Subscription seats: changing the quantity (the licenses that lapse, the charge of an increase), bulk assignment,
// and the provider's webhooks after a quantity change.
import { describe, expect, it } from 'vitest'
import type { Payload } from '../../protocol/operations.js'
import { handleWebhookAlert } from '../payments/webhooks.js'
import { snapshot } from '../../tests/support/subscriptions.js'
import {
  ask,
  make,
  olivia,
  sandboxRow,
  service,
  signedUpdate,
  startSubscriptionService,
} from '../../tests/support/subscription-service.js'

startSubscriptionService()

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
      body: { error: 'INVALID_PAYLOAD', message: '2 distinct email addresses must be specified to Continue.' },
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
    expect(mails[0].subject).toBe('The company "Acme Corp" has assigned you a license')
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
        'Error: not enough licenses available. Asked for 2, 1 available.',
      ],
      [
        { subscriptionId: sub.id, emails: ['a@acme.test', 'b@acme.test', 'c@acme.test'], lapsingEmails: [] },
        'NOT_ENOUGH_LICENSES',
        'Error: not enough non-lapsing licenses available. Asked for 2, 1 available.',
      ],
      [
        { subscriptionId: sub.id, emails: ['a@acme.test'], lapsingEmails: ['l@acme.test', 'm@acme.test'] },
        'NOT_ENOUGH_LICENSES',
        'Error: not enough lapsing licenses available. Asked for 1, 0 available.',
      ],
      [
        { subscriptionId: sub.id, emails: ['a@acme.test'], lapsingEmails: ['a@acme.test'] },
        'INVALID_PAYLOAD',
        'Error: email address must not exist as both lapsing and non-lapsing assignment. In both lists: a@acme.test.',
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

    const alert = await signedUpdate(sub.providerId, { new_quantity: '2', old_quantity: '4' })
    expect(await handleWebhookAlert(alert, service.context())).toMatchObject({ outcome: 'processed' })
    const once = await snapshot(service.db, sub.id)
    expect(await handleWebhookAlert(alert, service.context())).toMatchObject({ outcome: 'duplicate' })
    expect(await snapshot(service.db, sub.id)).toEqual(once)
    expect(once.licenses.map((l) => [l.id, l.lapsing])).toEqual(settled.licenses.map((l) => [l.id, l.lapsing]))
    expect(once.subscription?.quantity).toBe(2)
  })
})
