/**
 * Offline keys and API tokens through the REST API with tokens an administrator made: the keys Manage Licenses signs
 * (offlineLicense), and tokens listed, created and revoked by a token that never grants more than it holds.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import {
  activityEntries,
  acmeAdminTokens,
  apiClient,
  apiToken,
  companyWithLicenses,
  DAY,
  expectProblem,
  startApi,
} from '../support/api.js'

let server: Awaited<ReturnType<typeof startApi>>
const acme = demoRefs.companies.acme
let credential: string
let reader: string
let keys: string
let provisioner: string

beforeAll(async () => {
  server = await startApi()
  ;({ credential, reader, keys, provisioner } = await acmeAdminTokens(server.service, {
    reader: [['read'], 'Audit'],
    keys: [['read', 'keys'], 'Editor fleet'],
    provisioner: [['read', 'seats', 'people'], 'Provisioner'],
  }))
}, 60_000)
afterAll(() => server.close())

const send = (secret: string, method: string, path: string, body?: unknown, key: string = crypto.randomUUID()) =>
  apiClient(server.origin, secret)(method, `/companies/${acme}${path}`, body, { 'Idempotency-Key': key })

const lastEntry = async () => (await activityEntries(server.service, acme, 'api'))[0]

describe('offline keys', () => {
  it('answers the keys Manage Licenses signs, for licenses outside a subscription, to a token with keys only', async () => {
    expectProblem(await send(reader, 'GET', '/offline-keys'), 403, 'FORBIDDEN')
    const answer = await send(keys, 'GET', '/offline-keys')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const data = answer.body.data as Array<{ licenseId: string; orderId: string; offlineKey: string }>
    expect(data.length).toBeGreaterThan(0)
    const seats = await server.service.db
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', acme)
      .where('subscription_id', 'is not', null)
      .execute()
    expect(data.filter((k) => seats.some((s) => s.id === k.licenseId))).toEqual([])

    const ids = data.map((k) => ({ id: k.licenseId, owner: acme }))
    const signed = await server.service.call({ offlineLicense: { ids } }, credential, crypto.randomUUID())
    const portal = (signed.body as { offlineLicense: { licenses: Array<{ id: string; licenseKey: string }> } })
      .offlineLicense.licenses
    expect(data.map((k) => [k.licenseId, k.offlineKey])).toEqual(
      expect.arrayContaining(portal.map((l) => [l.id, l.licenseKey])),
    )
    const orders = data.map((k) => k.orderId)
    expect(orders).toEqual([...orders].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })))
  })
})

describe('API tokens', () => {
  it('lists the tokens without secrets, creates one within its own scopes, logged as the token', async () => {
    const listed = await send(reader, 'GET', '/api-tokens')
    expect(listed.status).toBe(200)
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ name: 'Provisioner', scopes: ['read', 'seats', 'people'] }),
    )
    expect(JSON.stringify(listed.body)).not.toContain(provisioner)

    const body = { name: 'Seat sync', scopes: ['read', 'seats'] }
    expectProblem(await send(reader, 'POST', '/api-tokens', body), 403, 'FORBIDDEN')
    expectProblem(
      await send(provisioner, 'POST', '/api-tokens', { name: 'Biller', scopes: ['read', 'billing', 'keys'] }),
      403,
      'FORBIDDEN',
      'This token cannot grant billing and keys: it does not hold them itself.',
    )

    const key = crypto.randomUUID()
    const created = await send(provisioner, 'POST', '/api-tokens', body, key)
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { token, secret } = created.body as { token: { id: string; scopes: string[] }; secret: string }
    expect(token.scopes).toEqual(['read', 'seats'])
    expect(await lastEntry()).toEqual({
      actor: 'API (Provisioner)',
      summary: 'created the API token "Seat sync" (read and seats)',
    })
    // The secret is shown once: the same request again is refused, never answered with it.
    const again = await send(provisioner, 'POST', '/api-tokens', body, key)
    expectProblem(again, 422, 'INVALID_STATE')
    expect(JSON.stringify(again.body)).not.toContain(secret)

    expect((await send(secret, 'GET', '/licenses?limit=1')).status).toBe(200)
    expectProblem(await send(secret, 'POST', '/api-tokens', { name: 'Mine', scopes: ['read'] }), 403, 'FORBIDDEN')

    expect((await send(provisioner, 'POST', `/api-tokens/${token.id}/revoke`)).body).toEqual({ completed: true })
    expect(await lastEntry()).toEqual({ actor: 'API (Provisioner)', summary: 'revoked the API token "Seat sync"' })
    expectProblem(await send(secret, 'GET', '/licenses?limit=1'), 401, 'NOT_AUTHENTICATED')
    expectProblem(await send(provisioner, 'POST', '/api-tokens/no-such/revoke'), 404, 'NOT_FOUND')
  })

  it('never creates a token that outlives the token that asks', async () => {
    const { secret } = await apiToken(server.service, { companyId: acme }, ['read', 'people'], {
      name: 'Short-lived',
      expiresAt: Date.now() + 10 * DAY,
    })
    const create = (expiresInDays: number) =>
      send(secret, 'POST', '/api-tokens', { name: `For ${expiresInDays} days`, scopes: ['read'], expiresInDays })
    const refusal = 'This token expires: the token it creates must expire no later (give expiresInDays).'
    expectProblem(await create(0), 403, 'FORBIDDEN', refusal)
    expectProblem(await create(30), 403, 'FORBIDDEN', refusal)
    expect((await create(5)).status).toBe(200)
  })

  it("is not found for another company's token", async () => {
    await companyWithLicenses(server.service, 'cmp_access_other', 1)
    const other = (await apiToken(server.service, { companyId: 'cmp_access_other' }, ['read', 'people', 'keys'])).secret
    expectProblem(await send(other, 'GET', '/api-tokens'), 404, 'NOT_FOUND')
    expectProblem(await send(other, 'POST', '/api-tokens', { name: 'x', scopes: ['read'] }), 404, 'NOT_FOUND')
    expectProblem(await send(other, 'GET', '/offline-keys'), 404, 'NOT_FOUND')
  })
})
