/**
 * A subscription changed through the REST API with a token an administrator made: a quantity only with the id of a
 * preview of that very change whose amounts still hold (a restart, an upgrade and the extension offer too); pause,
 * resume and cancel through the portal's operations.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import {
  activityEntries,
  acmeAdminTokens,
  answered,
  apiClient,
  expectProblem,
  extensionOffer,
  startApi,
  typedApi,
} from '../support/api.js'
import { chargeErrorAdvice, chargeErrorTitle } from '../../protocol/subscriptions/subscriptions.js'
import { makeSubscription, type MadeSubscription } from '../support/subscriptions.js'

let server: Awaited<ReturnType<typeof startApi>>
const acme = demoRefs.companies.acme
let writer: string
let reader: string
let subscription: MadeSubscription

beforeAll(async () => {
  server = await startApi()
  ;({ writer, reader } = await acmeAdminTokens(server.service, {
    writer: [['read', 'billing'], 'Seat planner'],
    reader: [['read'], 'Audit'],
  }))
  subscription = await makeSubscription(server.service.db, { now: Date.now(), companyId: acme, quantity: 2 })
}, 60_000)
afterAll(() => server.close())

const send = (secret: string, path: string, body?: unknown, key: string = crypto.randomUUID()) =>
  apiClient(server.origin, secret)('POST', `/companies/${acme}/subscriptions/${subscription.id}${path}`, body, {
    'Idempotency-Key': key,
  })
const api = (path: string, body?: unknown, key?: string) => send(writer, path, body, key)

const quantityNow = async () =>
  Number(
    (
      await server.service.db
        .selectFrom('subscriptions')
        .select('quantity')
        .where('id', '=', subscription.id)
        .executeTakeFirstOrThrow()
    ).quantity,
  )

const lastEntry = async () => (await activityEntries(server.service, acme))[0]

describe('subscriptions through the API', () => {
  it('charges a quantity only with the previewId of that quantity, while its amounts still hold', async () => {
    expectProblem(await api('/quantity', { quantity: 3 }), 400, 'INVALID_PAYLOAD')
    expectProblem(await api('/quantity', { quantity: 3, previewId: 'e30.forged' }), 400, 'INVALID_PAYLOAD')
    expectProblem(await send(reader, '/preview', { change: 'quantity', quantity: 3 }), 403, 'FORBIDDEN')

    const preview = await api('/preview', { change: 'quantity', quantity: 3 })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    const { previewId, immediatePayment } = preview.body as { previewId: string; immediatePayment: { amount: number } }
    expect(immediatePayment.amount).toBeGreaterThan(0)
    expectProblem(await api('/quantity', { quantity: 4, previewId }), 422, 'INVALID_STATE')

    // The provider's price moves after the preview: the amount seen is no longer the one charged.
    const sandbox = server.service.db
    const price = await sandbox
      .selectFrom('sandbox_subscriptions')
      .select('unit_price')
      .where('id', '=', subscription.providerId)
      .executeTakeFirstOrThrow()
    await sandbox
      .updateTable('sandbox_subscriptions')
      .set({ unit_price: Number(price.unit_price) * 2 })
      .where('id', '=', subscription.providerId)
      .execute()
    expectProblem(await api('/quantity', { quantity: 3, previewId }), 422, 'INVALID_STATE')
    expect(await quantityNow()).toBe(2)
    await sandbox
      .updateTable('sandbox_subscriptions')
      .set({ unit_price: Number(price.unit_price) })
      .where('id', '=', subscription.providerId)
      .execute()

    const key = crypto.randomUUID()
    const changed = await api('/quantity', { quantity: 3, previewId }, key)
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ id: subscription.id, quantity: 3 })
    expect((await api('/quantity', { quantity: 3, previewId }, key)).headers.get('idempotent-replayed')).toBe('true')
    const entry = await lastEntry()
    expect(entry).toMatchObject({ actor: 'API (Seat planner)' })
    expect(entry.summary).toContain('from 2 to 3')
  })

  it('restarts a subscription paused past its term only with the previewId of a restart', async () => {
    const paused = await makeSubscription(server.service.db, {
      now: Date.now(),
      companyId: acme,
      quantity: 1,
      state: 'paused',
      expiresIn: -5,
    })
    const at = (path: string, body?: unknown, key?: string) =>
      apiClient(server.origin, writer)('POST', `/companies/${acme}/subscriptions/${paused.id}${path}`, body, {
        'Idempotency-Key': key ?? crypto.randomUUID(),
      })
    expectProblem(await at('/restart', {}), 400, 'INVALID_PAYLOAD')
    expectProblem(await at('/preview', { change: 'quantity' }), 400, 'INVALID_PAYLOAD')
    expectProblem(await at('/resume'), 422, 'INVALID_STATE')

    const preview = await at('/preview', { change: 'restart' })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    const { previewId, immediatePayment } = preview.body as { previewId: string; immediatePayment: { amount: number } }
    expect(immediatePayment.amount).toBeGreaterThan(0)
    // An active subscription has nothing to restart: refused as the portal's Restart is.
    expectProblem(
      await api('/preview', { change: 'restart' }),
      422,
      'INVALID_STATE',
      'Only a paused subscription can be restarted.',
    )
    const key = crypto.randomUUID()
    const restarted = await at('/restart', { previewId }, key)
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200)
    expect(restarted.body).toMatchObject({ id: paused.id, state: 'active' })
    expect((await at('/restart', { previewId }, key)).headers.get('idempotent-replayed')).toBe('true')
    expectProblem(await at('/restart', { previewId }), 422, 'INVALID_STATE')
    const entry = await lastEntry()
    expect(entry.actor).toBe('API (Seat planner)')
    expect(entry.summary).toContain('restarted')
  })

  it('refuses a restart with the previewId of a quantity change', async () => {
    const preview = await api('/preview', { change: 'quantity', quantity: 5 })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    const previewId = String(preview.body.previewId)
    expectProblem(
      await apiClient(server.origin, writer)('POST', `/companies/${acme}/subscriptions/${subscription.id}/restart`, {
        previewId,
      }),
      422,
      'INVALID_STATE',
      'This previewId is of another change: preview this change, then send its previewId.',
    )
  })

  /** A subscription of its own for one test, and a sender of its changes with the writing token. */
  async function madeFor(spec: Omit<Parameters<typeof makeSubscription>[1], 'now'>) {
    const made = await makeSubscription(server.service.db, { now: Date.now(), companyId: acme, ...spec })
    const at = (path: string, body?: unknown, key: string = crypto.randomUUID()) =>
      apiClient(server.origin, writer)('POST', `/companies/${acme}/subscriptions/${made.id}${path}`, body, {
        'Idempotency-Key': key,
      })
    return at
  }

  it('upgrades monthly to annual only with the previewId of an upgrade, then refuses a second while pending', async () => {
    const at = await madeFor({ billingPeriod: 'month', expiresIn: 120 })
    expectProblem(await at('/upgrade', {}), 400, 'INVALID_PAYLOAD')
    const quantityPreview = await at('/preview', { change: 'quantity', quantity: 2 })
    expect(quantityPreview.status, JSON.stringify(quantityPreview.body)).toBe(200)
    expectProblem(await at('/upgrade', { previewId: quantityPreview.body.previewId }), 422, 'INVALID_STATE')

    const preview = await at('/preview', { change: 'upgrade' })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    const { previewId, immediatePayment } = preview.body as { previewId: string; immediatePayment: { amount: number } }
    expect(immediatePayment.amount).toBeGreaterThan(0)
    const key = crypto.randomUUID()
    const upgraded = await at('/upgrade', { previewId }, key)
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200)
    expect((await at('/upgrade', { previewId }, key)).headers.get('idempotent-replayed')).toBe('true')
    expect(await lastEntry()).toMatchObject({ actor: 'API (Seat planner)' })
    expect((await lastEntry()).summary).toContain('from monthly to annual billing')
    // The portal's refusal while the provider has not confirmed it.
    expectProblem(await at('/upgrade', { previewId }), 422, 'INVALID_STATE')
    // An annual subscription has nothing to upgrade: refused at its preview.
    expectProblem(await api('/preview', { change: 'upgrade' }), 422, 'INVALID_STATE')
  })

  it('accepts the extension offer only with the previewId of the offer, paid from a country of its currency', async () => {
    expectProblem(await api('/preview', { change: 'offer', country: 'US' }), 422, 'INVALID_STATE')
    const abroad = await madeFor({ specialOffer: extensionOffer })
    expectProblem(await abroad('/preview', { change: 'offer' }), 400, 'INVALID_PAYLOAD')
    const fromGermany = await abroad('/preview', { change: 'offer', country: 'de' })
    expect(fromGermany.status, JSON.stringify(fromGermany.body)).toBe(200)
    expectProblem(
      await abroad('/offer', { previewId: fromGermany.body.previewId }),
      422,
      'CURRENCY_MISMATCH',
      'The offer is in USD, but payments from DE are made in EUR.',
    )

    const at = await madeFor({ specialOffer: extensionOffer })
    const preview = await at('/preview', { change: 'offer', country: 'US' })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.immediatePayment).toEqual({ amount: extensionOffer.priceGross, currency: 'USD' })
    const previewId = String(preview.body.previewId)
    expectProblem(await at('/upgrade', { previewId }), 422, 'INVALID_STATE')
    const key = crypto.randomUUID()
    const accepted = await at('/offer', { previewId }, key)
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect((await at('/offer', { previewId }, key)).headers.get('idempotent-replayed')).toBe('true')
    const entry = await lastEntry()
    expect(entry.actor).toBe('API (Seat planner)')
    expect(entry.summary).toContain('extension offer, USD 92.8')
    // The offer is spent: a second acceptance is refused as the portal's is.
    expectProblem(await at('/offer', { previewId }), 422, 'INVALID_STATE')
  })

  it("answers a charge the provider declines with 402 and the spec's text, the request itself being fine", async () => {
    // Card 4000 0000 0000 0341: the sandbox keeps it as a payment method, but every charge on it fails.
    const declined = await makeSubscription(server.service.db, {
      now: Date.now(),
      companyId: acme,
      quantity: 2,
      lastFour: '0341',
    })
    const path = { companyId: acme, subscriptionId: declined.id }
    const typed = typedApi(server.origin, writer)
    const preview = await typed.POST('/companies/{companyId}/subscriptions/{subscriptionId}/preview', {
      params: { path },
      body: { change: 'quantity', quantity: 4 },
    })
    const previewId = preview.data!.previewId
    const key = crypto.randomUUID()
    const commit = () =>
      typed.POST('/companies/{companyId}/subscriptions/{subscriptionId}/quantity', {
        params: { path, header: { 'Idempotency-Key': key } },
        body: { quantity: 4, previewId },
      })
    const refused = answered(await commit())
    expectProblem(refused, 402, 'CHARGE_ERROR', `${chargeErrorTitle} ${chargeErrorAdvice}`)
    expect(refused.body.title).toBe('Charge failed')
    const read = await typed.GET('/companies/{companyId}/subscriptions', { params: { path: { companyId: acme } } })
    expect(read.data?.data.find((s) => s.id === declined.id)).toMatchObject({ quantity: 2 })
    // A repeat of the key is answered as the first was, the charge not tried again.
    expectProblem(answered(await commit()), 402, 'CHARGE_ERROR')
  })

  it('pauses, resumes and cancels, refusing a change the state does not allow', async () => {
    expect((await api('/pause')).body).toMatchObject({ state: 'paused' })
    expectProblem(await api('/pause'), 422, 'INVALID_STATE')
    expect((await api('/resume')).body).toMatchObject({ state: 'active' })
    expect((await api('/cancel')).status).toBe(200)
    expectProblem(await api('/resume'), 422, 'INVALID_STATE')
    expectProblem(
      await apiClient(server.origin, writer)('POST', `/companies/${acme}/subscriptions/sub_none/pause`),
      404,
      'NOT_FOUND',
    )
  })
})
