// Where a webhook may be sent in the production configuration: no loopback, no private networks, checked when the
// endpoint is added and again when a delivery looks the name up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../config/config.js'
import { createTestService, signInAs } from '../../tests/support/service.js'
import { asker, GLOBEX, carl, jobOptions } from '../../tests/support/webhooks.js'
import type { Service } from '../../tests/support/webhooks.js'
import { demoRefs } from '../../demo/seed.js'
import { deliverDue } from './deliver.js'
import { webhookResolver } from './operations.js'
import { addressRefusal, LOCAL_HINT, urlRefusal } from './addresses.js'

describe('webhook addresses in the production configuration (no loopback, no private networks)', () => {
  let service: Service
  let ask: ReturnType<typeof asker>
  let admin: string
  const original = webhookResolver.resolve

  beforeAll(async () => {
    service = await createTestService()
    ask = asker(service)
    admin = await signInAs(service, carl)
  })
  afterAll(async () => {
    webhookResolver.resolve = original
    await service.close()
  })

  it('refuses WEBHOOKS_ALLOW_LOOPBACK in production unless the development tools are explicitly on', () => {
    const result = parseConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: '1' })
    expect(!result.ok && result.problems).toContain(
      'WEBHOOKS_ALLOW_LOOPBACK is refused in production without DEV_TOOLS=1: webhook endpoints must be public https:// addresses (it is for tests and local development).',
    )
    const testDeployment = parseConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: '1', DEV_TOOLS: '1' })
    expect(!testDeployment.ok && testDeployment.problems).not.toContain(
      'WEBHOOKS_ALLOW_LOOPBACK is refused in production without DEV_TOOLS=1: webhook endpoints must be public https:// addresses (it is for tests and local development).',
    )
    expect(service.config.webhooks).toEqual({ allowLoopback: false, development: true, deliverLocally: false })
  })

  it.each([
    // A development server says how to admit this machine (production's words are below).
    ['https://127.0.0.1/hooks', `it points at this machine (127.0.0.1); use a public address, or ${LOCAL_HINT}`],
    ['https://[::1]/hooks', `it points at this machine (::1); use a public address, or ${LOCAL_HINT}`],
    ['http://localhost:4000/hooks', `it points at this machine (localhost); ${LOCAL_HINT}`],
    ['https://10.1.2.3/hooks', 'it points at a private or reserved network address (10.1.2.3); use a public address'],
    [
      'https://192.168.0.10/hooks',
      'it points at a private or reserved network address (192.168.0.10); use a public address',
    ],
    [
      'https://169.254.169.254/latest',
      'it points at a private or reserved network address (169.254.169.254); use a public address',
    ],
    [
      'https://[::ffff:10.0.0.1]/',
      'it points at a private or reserved network address (10.0.0.1); use a public address',
    ],
    ['https://[fd00::1]/', 'it points at a private or reserved network address (fd00::1); use a public address'],
    ['http://hooks.example.com/', 'it must start with https://'],
    ['https://intranet/hooks', 'its host name must be a full domain name'],
  ])('refuses %s', async (url, why) => {
    const answer = await ask('addWebhookEndpoint', { companyId: GLOBEX, url, events: ['seat.assigned'] }, admin)
    expect(answer.body).toEqual({ error: 'INVALID_REQUEST', message: `This endpoint cannot be used: ${why}.` })
  })

  it('tells production only to use a public address', () => {
    const production = { allowLoopback: false, development: false }
    expect(addressRefusal('127.0.0.1', production)).toBe('it points at this machine (127.0.0.1); use a public address')
    expect(urlRefusal('http://localhost:4000/hooks', production)).toBe('it must start with https://')
  })

  it('refuses a name that resolves to a private address, at registration and again at delivery', async () => {
    webhookResolver.resolve = async () => [{ address: '10.0.0.7', family: 4 }]
    const refused = await ask(
      'addWebhookEndpoint',
      { companyId: GLOBEX, url: 'https://hooks.example.com/a', events: ['seat.assigned'] },
      admin,
    )
    expect(refused.body).toMatchObject({
      message:
        'This endpoint cannot be used: it points at a private or reserved network address (10.0.0.7); use a public address.',
    })

    // Public when registered, private when the delivery looks it up (a rebinding name): not sent.
    webhookResolver.resolve = async () => [{ address: '93.184.215.14', family: 4 }]
    const added = await ask(
      'addWebhookEndpoint',
      { companyId: GLOBEX, url: 'https://hooks.example.com/b', events: ['seat.assigned'] },
      admin,
    )
    expect(added.status).toBe(200)
    const license = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('order_id', '=', demoRefs.orders.globexWallaby)
      .where('assigned_to', '=', '')
      .executeTakeFirstOrThrow()
    await ask(
      'changeAssignment',
      { licenses: [{ id: license.id, owner: license.owner, assignedTo: 'x@globex.test' }] },
      admin,
    )
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]
    expect(await deliverDue(jobOptions(service, { resolve }), Date.now())).toMatchObject({ failed: 1 })
    const delivery = await service.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow()
    expect(delivery).toMatchObject({
      state: 'pending',
      last_status: null,
      last_error: 'Not sent: it points at a private or reserved network address (10.0.0.7); use a public address.',
    })
  })
})
