// What a Standard Webhooks receiver on loopback asks of the sender: 410 Gone stops deliveries, Retry-After is waited
// for, an answer may take 15 seconds; and a development server admitting such a receiver delivers by itself.
import { Webhook } from 'standardwebhooks'
import { describe, expect, it, vi } from 'vitest'
import type { WebhookEndpoint } from '../../protocol/webhooks/operations.js'
import { GLOBEX, carl, jobOptions, loopbackWebhookSuite } from '../../tests/support/webhooks.js'
import { demoRefs } from '../../demo/seed.js'
import { serverJobRunner } from '../jobs/index.js'
import { deliverDue, retryAfterMs, WEBHOOK_TIMEOUT_MS } from './deliver.js'

const t = loopbackWebhookSuite()

async function addEndpoint() {
  const added = await t.ask(
    'addWebhookEndpoint',
    { companyId: GLOBEX, url: t.receiver.url, events: ['seat.assigned'] },
    t.admin,
  )
  expect(added.status).toBe(200)
  return added.body as { endpoint: WebhookEndpoint; secret: string }
}
const endpointNamed = async (id: string) =>
  (
    (await t.ask('retrieveWebhooks', { companyId: GLOBEX }, t.admin)).body as { endpoints: WebhookEndpoint[] }
  ).endpoints.find((e) => e.id === id)
/** Frees a Globex license and assigns it to `to`: one seat.assigned event. */
async function assign(to: string) {
  const license = await t.service.db
    .selectFrom('licenses')
    .selectAll()
    .where('order_id', '=', demoRefs.orders.globexWallaby)
    .orderBy('key_number')
    .executeTakeFirstOrThrow()
  await t.ask('changeAssignment', { licenses: [{ id: license.id, owner: license.owner, assignedTo: '' }] }, t.admin)
  await t.ask('changeAssignment', { licenses: [{ id: license.id, owner: license.owner, assignedTo: to }] }, t.admin)
}
const remove = async (id: string) =>
  expect((await t.ask('removeWebhookEndpoint', { companyId: GLOBEX, endpointId: id }, t.admin)).status).toBe(200)

describe('a receiver’s answers', () => {
  it('pauses an endpoint that answers 410 Gone at once, mails its administrators, and sends it nothing more', async () => {
    const { endpoint } = await addEndpoint()
    t.receiver.state.status = 410
    await assign('gone@globex.test')
    const t0 = Date.now()
    expect(await deliverDue(jobOptions(t.service), t0)).toMatchObject({ failed: 1 })
    const listed = await endpointNamed(endpoint.id)
    expect(listed).toMatchObject({ state: 'paused', pausedReason: 'Paused when the endpoint answered 410 Gone.' })
    expect(listed?.deliveries[0].lastError).toBe(
      'The endpoint answered 410 Gone, so it was paused; resume it once the receiver is back.',
    )
    const mails = await t.service.db
      .selectFrom('mail_outbox')
      .select(['to', 'text'])
      .where('subject', '=', 'A webhook endpoint of the company "Globex" was paused')
      .execute()
    expect(mails.map((m) => m.to).sort()).toEqual([carl, 'rita@reseller.test'])
    expect(mails[0].text).toContain('answered 410 Gone, which says it wants no more deliveries')
    expect(await deliverDue(jobOptions(t.service), t0 + 24 * 3_600_000)).toMatchObject({ failed: 0, delivered: 0 })
    expect(t.receiver.received).toHaveLength(1)
    await remove(endpoint.id)
  })

  it('waits for the Retry-After a receiver asks for when it is longer than its own wait', async () => {
    const { endpoint, secret } = await addEndpoint()
    t.receiver.state.status = 429
    t.receiver.state.headers = { 'Retry-After': '3600' }
    await assign('busy@globex.test')
    const t0 = Date.now()
    expect(await deliverDue(jobOptions(t.service), t0)).toMatchObject({ failed: 1 })
    expect((await endpointNamed(endpoint.id))?.deliveries[0].nextAttemptAt).toBe(t0 + 3_600_000)
    expect(await deliverDue(jobOptions(t.service), t0 + 30 * 60_000)).toMatchObject({ failed: 0, delivered: 0 })
    t.receiver.state.status = 204
    expect(await deliverDue(jobOptions(t.service), t0 + 3_600_000)).toMatchObject({ delivered: 1 })
    // The receiver verifies the first attempt (signed now) with its Standard Webhooks library; the retry is the same message.
    const [first, retry] = t.receiver.received
    expect(() => new Webhook(secret).verify(first.body, first.headers)).not.toThrow()
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id'])
    // The API's names (decision 0022), the deprecated `product` beside them.
    const license = (JSON.parse(first.body) as { data: { license: Record<string, unknown> } }).data.license
    expect(license).toMatchObject({ productName: license.product, productGroup: 'wallaby' })
    expect(license.productName).toMatch(/^Wallaby\.js/)
    await remove(endpoint.id)
  })

  it('reads Retry-After as seconds or an HTTP date, and gives an answer 15 to 30 seconds', () => {
    expect(retryAfterMs('120', 0)).toBe(120_000)
    expect(retryAfterMs('Thu, 01 Jan 1970 00:10:00 GMT', 0)).toBe(600_000)
    expect(retryAfterMs('soon', 0)).toBe(0)
    expect(WEBHOOK_TIMEOUT_MS).toBeGreaterThanOrEqual(15_000)
    expect(WEBHOOK_TIMEOUT_MS).toBeLessThanOrEqual(30_000)
  })
})

describe('a development server admitting a local receiver (WEBHOOKS_ALLOW_LOOPBACK=1, no JOBS_INTERVAL_SECONDS)', () => {
  it('delivers by itself, running no other job', async () => {
    expect(t.service.config.webhooks.deliverLocally).toBe(true)
    const runner = serverJobRunner(t.service, { intervalMs: 0, log: { info: () => {}, error: () => {} } })
    const { endpoint } = await addEndpoint()
    await assign('local@globex.test')
    const running = runner!.start(200)
    try {
      await vi.waitFor(() => expect(t.receiver.received).toHaveLength(1), { timeout: 10_000, interval: 100 })
    } finally {
      await running.stop()
    }
    const jobs = await t.service.db.selectFrom('jobs').select('name').execute()
    expect(jobs.map((j) => j.name)).toEqual(['webhook-deliveries'])
    await remove(endpoint.id)
  })
})
