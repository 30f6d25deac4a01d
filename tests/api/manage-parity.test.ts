/**
 * What /manage does, done through the REST API with tokens an administrator made (createApiToken): each through the
 * service operation the form calls, so the same rules, refusals and log entries ("API (name)"), over real HTTP.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastAdministrator } from '../../protocol/permissions/roles.js'
import { demoRefs } from '../../demo/seed.js'
import { webhookResolver } from '../../service/webhooks/operations.js'
import { webhookSecretShownOnce } from '../../protocol/webhooks/webhooks.js'
import { adminMadeToken, apiClient, apiToken, companyWithLicenses, expectProblem, startApi } from '../support/api.js'
import { signInAs } from '../support/service.js'

let server: Awaited<ReturnType<typeof startApi>>
const acme = demoRefs.companies.acme
const olivia = 'olivia@acme.test' // Acme's only Company Administrator
let writer: string
let reader: string
const resolve = webhookResolver.resolve

beforeAll(async () => {
  server = await startApi()
  const credential = await signInAs(server.service, olivia)
  writer = await adminMadeToken(server.service, credential, acme, ['read', 'seats', 'people', 'webhooks'], 'HR sync')
  reader = await adminMadeToken(server.service, credential, acme, ['read'], 'Audit')
  webhookResolver.resolve = async () => [{ address: '93.184.215.14', family: 4 }]
}, 60_000)
afterAll(async () => {
  webhookResolver.resolve = resolve
  await server.close()
})

const send = (secret: string, method: string, path: string, body?: unknown, key: string = crypto.randomUUID()) =>
  apiClient(server.origin, secret)(method, `/companies/${acme}${path}`, body, { 'Idempotency-Key': key })
const api = (method: string, path: string, body?: unknown, key?: string) => send(writer, method, path, body, key)

const logged = (kind: string) =>
  server.service.db
    .selectFrom('activity_entries')
    .select(['actor', 'summary', 'details'])
    .where('company_id', '=', acme)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .execute()

describe('people', () => {
  it('adds a manager once per key, refuses a second role and the last administrator, and logs as the token', async () => {
    expect((await api('GET', '/people')).body.data).toEqual(
      expect.arrayContaining([
        { email: olivia, role: 'Company Administrator' },
        { email: 'max@acme.test', role: 'Company Manager' },
      ]),
    )
    const key = crypto.randomUUID()
    const body = { email: 'Ada@Example.com', role: 'manager' }
    const added = await api('POST', '/people', body, key)
    expect(added.status).toBe(200)
    expect(added.body.data).toContainEqual({ email: 'ada@example.com', role: 'Company Manager' })
    const again = await api('POST', '/people', body, key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const entries = (await logged('permission')).filter((e) => e.summary.includes('ada@example.com'))
    expect(entries).toEqual([
      { actor: 'API (HR sync)', summary: 'added ada@example.com as Company Manager', details: expect.anything() },
    ])

    expectProblem(await api('POST', '/people', { email: 'ada@example.com', role: 'administrator' }), 409, 'USER_EXISTS')
    expectProblem(await api('POST', '/people/remove', { email: olivia }), 409, 'LAST_ADMINISTRATOR', lastAdministrator)
    expectProblem(await api('POST', '/people/remove', { email: 'nobody@example.com' }), 404, 'NOT_FOUND')
    expectProblem(
      await send(reader, 'POST', '/people', { email: 'eve@example.com', role: 'manager' }),
      403,
      'FORBIDDEN',
    )

    const removed = await api('POST', '/people/remove', { email: 'ada@example.com' })
    expect(removed.body.data).not.toContainEqual(expect.objectContaining({ email: 'ada@example.com' }))
    expect((await logged('permission'))[0]).toMatchObject({
      actor: 'API (HR sync)',
      summary: 'removed ada@example.com (Company Manager)',
    })
  })

  it("is not found for another company's token", async () => {
    await companyWithLicenses(server.service, 'cmp_parity_other', 1)
    const other = (await apiToken(server.service, { companyId: 'cmp_parity_other' }, ['read', 'people'])).secret
    expectProblem(await send(other, 'GET', '/people'), 404, 'NOT_FOUND')
    expectProblem(await send(other, 'POST', '/people', { email: 'x@example.com', role: 'manager' }), 404, 'NOT_FOUND')
  })
})

describe('many seats in one call', () => {
  it('is all or nothing: one row whose holder changed refuses the batch; then both rows change, logged once', async () => {
    const free = (await api('GET', '/licenses?state=unassigned&product=quokka&limit=2')).body.data as Array<{
      id: string
    }>
    expect(free).toHaveLength(2)
    const [a, b] = free.map((l) => l.id)
    const refused = await api('POST', '/assignments', {
      changes: [
        { licenseId: a, holder: 'lin@acme.test', expectedHolder: '' },
        { licenseId: b, holder: 'kim@acme.test', expectedHolder: 'someone@acme.test' },
      ],
    })
    expectProblem(refused, 409, 'ASSIGNMENT_CHANGED')
    expect((await api('GET', `/licenses/${a}`)).body.holder).toBeNull()

    const before = (await logged('assignment')).length
    const done = await api('POST', '/assignments', {
      changes: [
        { licenseId: a, holder: 'lin@acme.test', expectedHolder: '' },
        { licenseId: b, holder: 'kim@acme.test', expectedHolder: '' },
      ],
    })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((done.body.data as Array<{ holder: string }>).map((l) => l.holder)).toEqual([
      'lin@acme.test',
      'kim@acme.test',
    ])
    const entries = await logged('assignment')
    expect(entries.length).toBe(before + 1)
    expect(entries[0].actor).toBe('API (HR sync)')
    expectProblem(
      await api('POST', '/assignments', { changes: [{ licenseId: 'no-such', holder: '', expectedHolder: '' }] }),
      404,
      'NOT_FOUND',
    )
  })
})

describe('machines', () => {
  it('lists the machines of a license and deactivates one once, logged as the token', async () => {
    const [license] = (await api('GET', '/licenses?state=assigned&product=wallaby&limit=1')).body.data as Array<{
      id: string
    }>
    const now = Date.now()
    await server.service.db
      .insertInto('activations')
      .values({
        id: 'act-parity',
        license_id: license.id,
        hostname: 'ci-runner',
        status: 'active',
        requested_at: now,
        activation_time: now,
      })
      .execute()
    const listed = await send(reader, 'GET', `/licenses/${license.id}/machines`)
    const machines = listed.body.data as unknown[]
    expect(machines.length).toBeGreaterThan(0)
    expect(listed.body.data).toContainEqual(expect.objectContaining({ key: 'act-parity', hostname: 'ci-runner' }))

    expect((await send(reader, 'GET', `/licenses/${license.id}`)).body.machines).toBe(machines.length)
    const path = `/licenses/${license.id}/machines/act-parity/deactivate`
    expectProblem(await send(reader, 'POST', path), 403, 'FORBIDDEN')
    const done = await api('POST', path)
    expect(done.body).toMatchObject({ deactivated: true, hostname: 'ci-runner' })
    expect((await api('POST', path)).body).toMatchObject({ deactivated: false })
    expect((await logged('activation'))[0]).toMatchObject({ actor: 'API (HR sync)' })
    expect((await logged('activation'))[0].summary).toContain('on the machine "ci-runner"')
    expectProblem(await api('POST', `/licenses/${license.id}/machines/act-none/deactivate`), 404, 'NOT_FOUND')
  })

  it('lists the seats idle for 30, 60 or 90 days, each with when it was last seen', async () => {
    const idle = await send(reader, 'GET', '/licenses?idleDays=30')
    expect(idle.status, JSON.stringify(idle.body)).toBe(200)
    for (const license of idle.body.data as Array<{ holder: string | null; lastSeenAt: string | null }>) {
      expect(license.holder).not.toBeNull()
      if (license.lastSeenAt) expect(Date.parse(license.lastSeenAt)).toBeLessThan(Date.now() - 30 * 86_400_000)
    }
    expectProblem(await send(reader, 'GET', '/licenses?idleDays=45'), 400, 'INVALID_PAYLOAD')
  })
})

describe('webhooks', () => {
  it('adds an endpoint (its secret answered once), pauses it and removes it, each logged', async () => {
    const created = await api('POST', '/webhooks', { url: 'https://hooks.example.com/hr', events: ['seat.assigned'] })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { endpoint, secret } = created.body as { endpoint: { id: string }; secret: string }
    expect(secret).toMatch(/^whsec_/)
    const listed = await send(reader, 'GET', '/webhooks')
    expect(JSON.stringify(listed.body)).not.toContain(secret)
    expect(listed.body.data).toContainEqual(expect.objectContaining({ id: endpoint.id, state: 'active' }))

    expect((await api('POST', `/webhooks/${endpoint.id}`, { state: 'paused' })).status).toBe(200)
    expect((await send(reader, 'GET', '/webhooks')).body.data).toContainEqual(
      expect.objectContaining({ id: endpoint.id, state: 'paused' }),
    )
    expectProblem(
      await api('POST', '/webhooks', { url: 'http://hooks.example.com/plain', events: ['seat.assigned'] }),
      422,
      'INVALID_REQUEST',
      'This endpoint cannot be used: it must start with https://.',
    )
    expect((await api('POST', `/webhooks/${endpoint.id}/delete`)).status).toBe(200)
    expectProblem(await api('POST', `/webhooks/${endpoint.id}`, { state: 'active' }), 404, 'NOT_FOUND')
    expect((await logged('webhook')).map((e) => e.actor)).toContain('API (HR sync)')
  })

  it('answers the signing secret once: a repeat of the key is refused, and no store keeps the answer', async () => {
    const body = { url: 'https://hooks.example.com/once', events: ['seat.assigned'] }
    const key = crypto.randomUUID()
    const created = await api('POST', '/webhooks', body, key)
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { secret } = created.body as { secret: string }
    const entries = (await logged('webhook')).length
    const again = await api('POST', '/webhooks', body, key)
    expectProblem(again, 422, 'INVALID_STATE', webhookSecretShownOnce)
    expect(JSON.stringify(again.body)).not.toContain(secret)
    expect(await logged('webhook')).toHaveLength(entries)
    const kept = await server.service.db.selectFrom('idempotency_keys').selectAll().execute()
    expect(kept.length).toBeGreaterThan(0)
    expect(JSON.stringify(kept)).not.toContain(secret)
    const listed = (await send(reader, 'GET', '/webhooks')).body.data as Array<{ url: string }>
    expect(listed.filter((e) => e.url === body.url)).toHaveLength(1)

    // The dialog's form, sent twice with its key, is refused the same way by the same operation.
    const credential = await signInAs(server.service, olivia)
    const add = { addWebhookEndpoint: { companyId: acme, ...body, url: 'https://hooks.example.com/form' } }
    const formKey = crypto.randomUUID()
    expect((await server.service.call(add, credential, formKey)).status).toBe(200)
    expect((await server.service.call(add, credential, formKey)).body).toEqual({
      error: 'INVALID_STATE',
      message: webhookSecretShownOnce,
    })
  })
})

describe('settings', () => {
  it('sets the reclaim policy and reads it back; lists domains, the sign-in settings and the seat queue', async () => {
    const set = await api('POST', '/reclaim', { idleDays: 90 })
    expect(set.body).toEqual({ idleDays: 90, changed: true })
    expect((await send(reader, 'GET', '/reclaim')).body).toMatchObject({ idleDays: 90 })
    expect((await logged('assignment'))[0]).toMatchObject({ actor: 'API (HR sync)' })
    expect((await logged('assignment'))[0].summary).toContain('90 days')
    expectProblem(await api('POST', '/reclaim', { idleDays: 45 }), 400, 'INVALID_PAYLOAD')

    expect((await send(reader, 'GET', '/domains')).body.data).toContainEqual(
      expect.objectContaining({ domain: 'acme.test', status: 'verified' }),
    )
    expect((await send(reader, 'GET', '/sign-in')).body).toMatchObject({ verifiedDomains: ['acme.test'] })
    expect((await send(reader, 'GET', '/seat-queue')).status).toBe(200)
  })
})
