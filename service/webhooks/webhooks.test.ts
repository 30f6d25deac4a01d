// Webhooks delivered to a receiver on loopback: signed per Standard Webhooks, sent again, retried, paused, delivered
// once by several instances, written in the changing transaction, and managed by the company's administrators only.
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WEBHOOK_PAUSE_AFTER_MS } from '../../protocol/webhooks/webhooks.js'
import type { WebhookEndpoint } from '../../protocol/webhooks/operations.js'
import { signInAs } from '../../tests/support/service.js'
import { asker, GLOBEX, carl, jobOptions, loopbackWebhooks, startReceiver } from '../../tests/support/webhooks.js'
import type { Service } from '../../tests/support/webhooks.js'
import { recordSubscriptionActivity } from '../activity/subscriptions.js'
import { demoRefs } from '../../demo/seed.js'
import { inTransaction } from '../db/transaction.js'
import { finishSeatChanges } from '../directory/changes.js'
import { renewalReminderJob } from '../jobs/reminders.js'
import { createJobRunner } from '../jobs/runner.js'
import { deliverDue, webhookDeliveryJob } from './deliver.js'

describe('webhooks on a receiver on loopback (WEBHOOKS_ALLOW_LOOPBACK=1)', () => {
  let service: Service
  let ask: ReturnType<typeof asker>
  let admin: string
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeAll(async () => {
    ;({ service, ask, admin } = await loopbackWebhooks())
  })
  afterAll(async () => {
    await service.close()
  })
  beforeEach(async () => {
    receiver = await startReceiver()
    return () => receiver.close()
  })

  async function addEndpoint(events: string[]) {
    const added = await ask('addWebhookEndpoint', { companyId: GLOBEX, url: receiver.url, events } as never, admin)
    expect(added.status).toBe(200)
    return added.body as { endpoint: WebhookEndpoint; secret: string }
  }
  async function removeEndpoint(id: string) {
    expect((await ask('removeWebhookEndpoint', { companyId: GLOBEX, endpointId: id }, admin)).status).toBe(200)
  }
  async function globexLicenses() {
    return service.db
      .selectFrom('licenses')
      .selectAll()
      .where('order_id', '=', demoRefs.orders.globexWallaby)
      .orderBy('key_number')
      .execute()
  }
  async function endpoints() {
    const answer = await ask('retrieveWebhooks', { companyId: GLOBEX }, admin)
    return (answer.body as { endpoints: WebhookEndpoint[] }).endpoints
  }

  it('signs each delivery per Standard Webhooks: the receiver verifies it with the library; the secret is shown once', async () => {
    const { endpoint, secret } = await addEndpoint(['seat.assigned', 'seat.unassigned'])
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/)
    expect(JSON.stringify(await ask('retrieveWebhooks', { companyId: GLOBEX }, admin))).not.toContain(secret)

    const [first] = await globexLicenses()
    const reassigned = await ask(
      'changeAssignment',
      { licenses: [{ id: first.id, owner: first.owner, assignedTo: 'newcomer@globex.test' }] },
      admin,
    )
    expect(reassigned.status).toBe(200)
    expect(await deliverDue(jobOptions(service), Date.now())).toMatchObject({ delivered: 2, failed: 0 })

    const verifier = new Webhook(secret)
    // Deliveries may arrive in any order (documented): sorted by type here.
    const events = receiver.received
      .map((r) => verifier.verify(r.body, r.headers) as { type: string; data: object })
      .sort((a, b) => b.type.localeCompare(a.type))
    expect(events).toEqual([
      expect.objectContaining({
        type: 'seat.unassigned',
        data: expect.objectContaining({ companyId: GLOBEX, holder: first.assigned_to }),
      }),
      expect.objectContaining({
        type: 'seat.assigned',
        data: expect.objectContaining({
          companyId: GLOBEX,
          holder: 'newcomer@globex.test',
          license: expect.objectContaining({ id: first.id, orderId: first.order_id, keyNumber: first.key_number }),
        }),
      }),
    ])
    // Another secret, or a changed body, does not verify.
    const tampered = receiver.received.find((r) => r.body.includes('"seat.unassigned"')) ?? receiver.received[0]
    expect(() => verifier.verify(tampered.body.replace('seat', 'seat '), tampered.headers)).toThrow()
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(tampered.body, tampered.headers),
    ).toThrow()

    const [listed] = (await endpoints()).filter((e) => e.id === endpoint.id)
    expect(listed.deliveries.map((d) => [d.type, d.state, d.lastStatus]).sort()).toEqual([
      ['seat.assigned', 'delivered', 204],
      ['seat.unassigned', 'delivered', 204],
    ])
    // Sent: a second run sends nothing again.
    expect(await deliverDue(jobOptions(service), Date.now())).toMatchObject({ delivered: 0 })
    expect(receiver.received).toHaveLength(2)
    await removeEndpoint(endpoint.id)
  })

  it('sends again with the same webhook-id, once however often it is asked', async () => {
    const { endpoint, secret } = await addEndpoint(['seat.assigned'])
    const [, second] = await globexLicenses()
    await ask('changeAssignment', { licenses: [{ id: second.id, owner: second.owner, assignedTo: '' }] }, admin)
    await ask(
      'changeAssignment',
      { licenses: [{ id: second.id, owner: second.owner, assignedTo: 'again@globex.test' }] },
      admin,
    )
    await deliverDue(jobOptions(service), Date.now())
    expect(receiver.received).toHaveLength(1)
    const [delivery] = (await endpoints()).find((e) => e.id === endpoint.id)?.deliveries ?? []
    const resend = { companyId: GLOBEX, endpointId: endpoint.id, deliveryId: delivery.id }
    expect((await ask('resendWebhookDelivery', resend, admin)).status).toBe(200)
    expect((await ask('resendWebhookDelivery', resend, admin)).status).toBe(200)
    await deliverDue(jobOptions(service), Date.now())
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id'])
    expect(() => new Webhook(secret).verify(receiver.received[1].body, receiver.received[1].headers)).not.toThrow()
    await removeEndpoint(endpoint.id)
  })

  it('tries a failing receiver again after 1 and 5 minutes, then delivers; the log shows each attempt', async () => {
    const { endpoint } = await addEndpoint(['seat.unassigned'])
    receiver.state.status = 500
    const [, , third] = await globexLicenses()
    const holder = third.assigned_to || 'holder@globex.test'
    if (!third.assigned_to) {
      await ask('changeAssignment', { licenses: [{ id: third.id, owner: third.owner, assignedTo: holder }] }, admin)
    }
    await ask('changeAssignment', { licenses: [{ id: third.id, owner: third.owner, assignedTo: '' }] }, admin)
    const t0 = Date.now()
    expect(await deliverDue(jobOptions(service), t0)).toMatchObject({ failed: 1 })
    let [delivery] = (await endpoints()).find((e) => e.id === endpoint.id)?.deliveries ?? []
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 })
    // A minute, lengthened by up to a tenth at random (jitter).
    expect(delivery.nextAttemptAt! - t0).toBeGreaterThanOrEqual(60_000)
    expect(delivery.nextAttemptAt! - t0).toBeLessThanOrEqual(66_000)
    expect(delivery.lastError).toBe('The endpoint answered 500; a 2xx status is expected.')

    expect(await deliverDue(jobOptions(service), t0 + 59_000)).toMatchObject({ delivered: 0, failed: 0 })
    expect(receiver.received).toHaveLength(1)
    expect(await deliverDue(jobOptions(service), t0 + 66_000)).toMatchObject({ failed: 1 })
    ;[delivery] = (await endpoints()).find((e) => e.id === endpoint.id)?.deliveries ?? []
    expect(delivery).toMatchObject({ attempts: 2 })
    expect(delivery.nextAttemptAt! - (t0 + 66_000)).toBeGreaterThanOrEqual(5 * 60_000)
    expect(delivery.nextAttemptAt! - (t0 + 66_000)).toBeLessThanOrEqual(5.5 * 60_000)
    expect((await endpoints()).find((e) => e.id === endpoint.id)?.failingSince).toBe(t0)

    receiver.state.status = 200
    expect(await deliverDue(jobOptions(service), t0 + 7 * 60_000)).toMatchObject({ delivered: 1 })
    const listed = (await endpoints()).find((e) => e.id === endpoint.id)
    expect(listed?.deliveries[0]).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200, lastError: null })
    expect(listed?.failingSince).toBeNull()
    expect(receiver.received).toHaveLength(3)
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    await removeEndpoint(endpoint.id)
  })

  it('pauses an endpoint failing for days and mails the administrators once; a resumed endpoint is sent to again', async () => {
    const { endpoint } = await addEndpoint(['seat.assigned'])
    receiver.state.status = 503
    const [, second] = await globexLicenses()
    await ask('changeAssignment', { licenses: [{ id: second.id, owner: second.owner, assignedTo: '' }] }, admin)
    await ask(
      'changeAssignment',
      { licenses: [{ id: second.id, owner: second.owner, assignedTo: 'paused@globex.test' }] },
      admin,
    )
    const t0 = Date.now()
    await deliverDue(jobOptions(service), t0)
    const later = t0 + WEBHOOK_PAUSE_AFTER_MS
    expect(await deliverDue(jobOptions(service), later)).toMatchObject({ paused: 1 })
    expect(await deliverDue(jobOptions(service), later + 1)).toMatchObject({ paused: 0, failed: 0 })
    const listed = (await endpoints()).find((e) => e.id === endpoint.id)
    expect(listed).toMatchObject({ state: 'paused', pausedReason: 'Paused after failing for 3 days.' })
    const mails = await service.db
      .selectFrom('mail_outbox')
      .select(['to', 'subject', 'text'])
      .where('subject', 'like', 'A webhook endpoint of the company%')
      .execute()
    expect(mails.map((m) => m.to).sort()).toEqual([carl, 'rita@reseller.test'])
    expect(mails[0].subject).toBe('A webhook endpoint of the company "Globex" was paused')
    expect(mails[0].text).toContain(`http://portal.test/manage?dialog=webhooks&company=${GLOBEX}`)

    // The delivery was given up (3 days); resumed, it is sent again on request.
    expect(listed?.deliveries[0]).toMatchObject({ state: 'failed', attempts: 2, nextAttemptAt: null })
    receiver.state.status = 200
    const resume = { companyId: GLOBEX, endpointId: endpoint.id, state: 'active' as const }
    const resend = { companyId: GLOBEX, endpointId: endpoint.id, deliveryId: listed?.deliveries[0].id ?? '' }
    expect((await ask('resendWebhookDelivery', resend, admin)).body).toMatchObject({
      error: 'INVALID_STATE',
      message: 'This endpoint is paused: resume it first, then send again.',
    })
    expect((await ask('setWebhookEndpointState', resume, admin)).status).toBe(200)
    expect((await ask('resendWebhookDelivery', resend, admin)).status).toBe(200)
    expect(await deliverDue(jobOptions(service), later + 2)).toMatchObject({ delivered: 1 })
    expect((await endpoints()).find((e) => e.id === endpoint.id)).toMatchObject({ state: 'active', failingSince: null })
    const log = await service.db
      .selectFrom('activity_entries')
      .select('summary')
      .where('kind', '=', 'webhook')
      .where('company_id', '=', GLOBEX)
      .execute()
    expect(log.map((l) => l.summary)).toContain(
      `resumed the webhook endpoint "${receiver.url.replace('://', '[:]//')}"`,
    )
    await removeEndpoint(endpoint.id)
  })

  it('delivers each event once with two job runners (two instances) on one store', async () => {
    const { endpoint } = await addEndpoint(['seat.assigned', 'seat.unassigned'])
    const licenses = await globexLicenses()
    for (const [i, l] of licenses.entries()) {
      await ask(
        'changeAssignment',
        { licenses: [{ id: l.id, owner: l.owner, assignedTo: `twice${i}@globex.test` }] },
        admin,
      )
    }
    const expected = await service.db
      .selectFrom('webhook_deliveries')
      .select('message_id')
      .where('endpoint_id', '=', endpoint.id)
      .execute()
    expect(expected.length).toBeGreaterThanOrEqual(licenses.length)
    const log = { info: () => {}, error: () => {} }
    const runners = ['instance-a', 'instance-b'].map((instance) =>
      createJobRunner({
        db: service.db,
        jobs: [webhookDeliveryJob(jobOptions(service, { instance }))],
        intervalMs: 60_000,
        log,
        instance,
      }),
    )
    await Promise.all(runners.map((r) => r.runDue({ force: true })))
    // And the deliveries' own claims, without the job's: two runs at once.
    await Promise.all([
      deliverDue(jobOptions(service, { instance: 'a' }), Date.now()),
      deliverDue(jobOptions(service, { instance: 'b' }), Date.now()),
    ])
    const ids = receiver.received.map((r) => r.headers['webhook-id'])
    expect(ids.sort()).toEqual(expected.map((e) => e.message_id).sort())
    await removeEndpoint(endpoint.id)
  })

  it('writes the subscription, queue and expiry events in the changing transaction, once per key', async () => {
    const { endpoint } = await addEndpoint([
      'subscription.updated',
      'subscription.payment_failed',
      'seat.queued',
      'license.expiring',
    ])
    const now = Date.now()
    const subscription = await service.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('company_id', '=', GLOBEX)
      .executeTakeFirstOrThrow()
    await inTransaction(service.db, async (trx) => {
      await recordSubscriptionActivity(trx, subscription, { actor: carl, summary: 'changed it', at: now })
      await recordSubscriptionActivity(trx, subscription, {
        actor: carl,
        summary: 'payment failed',
        at: now,
        event: 'subscription.payment_failed',
      })
      // A seat change of the subscription is a seat event, not a subscription event.
      await recordSubscriptionActivity(trx, subscription, {
        actor: carl,
        summary: 'assigned',
        at: now,
        kind: 'assignment',
      })
    })
    await inTransaction(service.db, async (trx) => {
      const outcome = { companyId: GLOBEX, assigned: [], released: [], moved: [], queued: [] as never[] }
      await finishSeatChanges(
        trx,
        { ...outcome, queued: [{ email: 'waiting@globex.test', productGroup: 'wallaby' as const }] as never[] },
        { log: carl, mail: carl },
        now,
        '',
      )
    })
    const [, second] = await globexLicenses()
    await service.db
      .updateTable('licenses')
      .set({ expiration: now + 86_400_000 })
      .where('id', '=', second.id)
      .execute()
    const reminders = renewalReminderJob({ db: service.db, mailer: service.mailer, publicUrl: () => '' })
    await reminders.run(now)
    await reminders.run(now + 60_000)

    await deliverDue(jobOptions(service), Date.now())
    const types = receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type)
    expect(types.sort()).toEqual([
      'license.expiring',
      'seat.queued',
      'subscription.payment_failed',
      'subscription.updated',
    ])
    const updated = receiver.received.find((r) => r.body.includes('"subscription.updated"'))
    expect(JSON.parse(updated?.body ?? '{}')).toMatchObject({
      data: {
        companyId: GLOBEX,
        summary: 'changed it',
        subscription: { id: subscription.id, quantity: subscription.quantity },
      },
    })
    await removeEndpoint(endpoint.id)
  })

  it('refuses a caller who is not an administrator of the company, and a second endpoint at one address', async () => {
    const manager = await signInAs(service, 'ray@reseller.test')
    const refused = await ask('retrieveWebhooks', { companyId: GLOBEX }, manager)
    expect(refused.body).toMatchObject({
      error: 'FORBIDDEN',
      message: "Only the company's administrators may manage its webhooks.",
    })
    const { endpoint } = await addEndpoint(['seat.assigned'])
    const twice = await ask(
      'addWebhookEndpoint',
      { companyId: GLOBEX, url: receiver.url, events: ['seat.queued'] },
      admin,
    )
    expect(twice.body).toMatchObject({
      error: 'INVALID_REQUEST',
      message: `Globex already has an endpoint at ${receiver.url}; change that one.`,
    })
    const none = await ask(
      'addWebhookEndpoint',
      { companyId: GLOBEX, url: 'https://hooks.example.com/', events: [] },
      admin,
    )
    expect(none.body).toMatchObject({ error: 'INVALID_PAYLOAD' })
    await removeEndpoint(endpoint.id)
    expect((await ask('removeWebhookEndpoint', { companyId: GLOBEX, endpointId: endpoint.id }, admin)).status).toBe(200)
  })
})
