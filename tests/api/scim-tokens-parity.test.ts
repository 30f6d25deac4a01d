/**
 * SCIM tokens through the REST API, with the typed client and tokens an administrator made: listed with `read`, made
 * and revoked with `people` by the operations the Directory dialog calls (their refusals and log), the secret answered
 * once and working at the SCIM endpoint until it is revoked.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { tokenShownOnce } from '../../service/auth/access-tokens.js'
import {
  activityEntries,
  acmeAdminTokens,
  answered,
  apiToken,
  expectProblem,
  startApi,
  typedApi,
} from '../support/api.js'
import { entraUser, scimClient } from '../scim/scim-client.js'

let server: Awaited<ReturnType<typeof startApi>>
const acme = demoRefs.companies.acme
let writer: string
let reader: string
let seats: string

beforeAll(async () => {
  server = await startApi()
  ;({ writer, reader, seats } = await acmeAdminTokens(server.service, {
    writer: [['read', 'people'], 'Identity sync'],
    reader: [['read'], 'Audit'],
    seats: [['read', 'seats'], 'Seat script'],
  }))
}, 60_000)
afterAll(() => server.close())

const company = { companyId: acme }
const create = (secret: string, body: { name: string; expiresInDays?: number }, key: string = crypto.randomUUID()) =>
  typedApi(server.origin, secret).POST('/companies/{companyId}/scim-tokens', {
    params: { path: company, header: { 'Idempotency-Key': key } },
    body,
  })
const revoke = (secret: string, scimTokenId: string) =>
  typedApi(server.origin, secret).POST('/companies/{companyId}/scim-tokens/{scimTokenId}/revoke', {
    params: { path: { ...company, scimTokenId }, header: { 'Idempotency-Key': crypto.randomUUID() } },
  })
const listed = async (secret = reader) =>
  (await typedApi(server.origin, secret).GET('/companies/{companyId}/scim-tokens', { params: { path: company } })).data
    ?.data ?? []

const lastEntry = async () => (await activityEntries(server.service, acme, 'directory'))[0]

describe('SCIM tokens through the API', () => {
  it('creates one with people, logged as the token; its secret works at the SCIM endpoint and is answered once', async () => {
    const key = crypto.randomUUID()
    const made = answered(await create(writer, { name: 'Okta', expiresInDays: 365 }, key))
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const { token, secret } = made.body as { token: { id: string; kind: string; scopes: string[] }; secret: string }
    expect(token).toMatchObject({ kind: 'scim', scopes: ['scim'], createdBy: 'API (Identity sync)' })
    expect(secret).toMatch(/^lp_scim_/)
    expect(await lastEntry()).toEqual({ actor: 'API (Identity sync)', summary: 'created the SCIM token Okta' })

    // The same request again is refused, never answered with the secret; nothing of it is kept to answer with.
    const again = answered(await create(writer, { name: 'Okta', expiresInDays: 365 }, key))
    expectProblem(again, 422, 'INVALID_STATE', tokenShownOnce)
    expect(JSON.stringify(again.body)).not.toContain(secret)
    const kept = await server.service.db.selectFrom('idempotency_keys').selectAll().execute()
    expect(JSON.stringify(kept)).not.toContain(secret)
    expect((await listed()).filter((t) => t.name === 'Okta')).toHaveLength(1)

    const scim = scimClient(server.origin, secret)
    expect((await scim('POST', 'Users', entraUser('grace@acme.test'))).status).toBe(201)
    const shown = (await listed()).find((t) => t.id === token.id)
    expect(shown).toMatchObject({ name: 'Okta', hint: `${secret.slice(0, 'lp_scim_'.length + 4)}…` })
    expect(JSON.stringify(await listed())).not.toContain(secret)

    expect((await revoke(writer, token.id)).data).toEqual({ completed: true })
    expect(await lastEntry()).toEqual({ actor: 'API (Identity sync)', summary: 'revoked the SCIM token Okta' })
    expect((await scim('GET', 'Users')).status).toBe(401)
    // Revoking a revoked token changes nothing, and logs nothing more.
    const entries = await server.service.db.selectFrom('activity_entries').select('id').execute()
    expect((await revoke(writer, token.id)).data).toEqual({ completed: true })
    expect(await server.service.db.selectFrom('activity_entries').select('id').execute()).toHaveLength(entries.length)
  })

  it('refuses a token without people, a name that does not validate, and a token that is not a SCIM one', async () => {
    for (const secret of [reader, seats]) {
      const refused = answered(await create(secret, { name: 'Entra ID' }))
      expectProblem(refused, 403, 'FORBIDDEN')
      expect(refused.headers.get('www-authenticate')).toContain('scope="people"')
    }
    expectProblem(answered(await create(writer, { name: ' ' })), 400, 'INVALID_PAYLOAD')
    expectProblem(answered(await create(writer, { name: 'Entra ID', expiresInDays: 4000 })), 400, 'INVALID_PAYLOAD')
    expectProblem(answered(await create(writer, { name: 'Entra ID' }, 'k'.repeat(201))), 400, 'MALFORMED_REQUEST')
    expect((await listed()).map((t) => t.name)).not.toContain('Entra ID')

    // An API token's id names no SCIM token: it stays as it was.
    const api = await apiToken(server.service, company, ['read'], { name: 'Not a SCIM token' })
    expectProblem(answered(await revoke(writer, api.token.id)), 404, 'NOT_FOUND', 'There is no such SCIM token.')
    expect((await typedApi(server.origin, api.secret).GET('/companies')).response.status).toBe(200)
    expectProblem(answered(await revoke(reader, api.token.id)), 403, 'FORBIDDEN')
  })

  it("is not found for another company's token, and lists no secret to a reader", async () => {
    const globex = demoRefs.companies.globex
    const other = (await apiToken(server.service, { companyId: globex }, ['read', 'people'])).secret
    expectProblem(answered(await create(other, { name: 'Okta' })), 404, 'NOT_FOUND')
    const read = await typedApi(server.origin, other).GET('/companies/{companyId}/scim-tokens', {
      params: { path: company },
    })
    expectProblem(answered(read), 404, 'NOT_FOUND')
    const made = (await create(writer, { name: 'OneLogin' })).data!
    expectProblem(answered(await revoke(other, made.token.id)), 404, 'NOT_FOUND')
    expect((await listed()).find((t) => t.id === made.token.id)).toMatchObject({
      name: 'OneLogin',
      hint: expect.any(String),
    })
  })
})
