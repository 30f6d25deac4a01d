/**
 * A company's domains and sign-in settings through the REST API with tokens an administrator made: claim, verify
 * against a local DNS server, auto-join and remove; save (the client secret written only) and remove single sign-on;
 * each through the service operation the /manage dialog calls (its refusals and log).
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { autoJoinNeedsVerification, domainTakenMessage } from '../../protocol/domains/domains.js'
import { clientSecretRequired } from '../../protocol/company-sign-in/company-sign-in.js'
import { demoRefs } from '../../demo/seed.js'
import { activityEntries, acmeAdminTokens, apiClient, expectProblem, startApi } from '../support/api.js'
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js'
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js'

let server: Awaited<ReturnType<typeof startApi>>
let dns: TestDnsServer
let idp: TestOidcProvider
const acme = demoRefs.companies.acme
let writer: string
let reader: string

beforeAll(async () => {
  dns = await startDnsServer()
  idp = await startOidcProvider({ redirectUris: ['http://portal.test/auth/company/'] })
  server = await startApi({ env: { NODE_ENV: 'test', DNS_RESOLVER: dns.address } })
  ;({ writer, reader } = await acmeAdminTokens(server.service, {
    writer: [['read', 'people'], 'Identity sync'],
    reader: [['read', 'seats'], 'Seat script'],
  }))
}, 60_000)
afterAll(async () => {
  await server.close()
  await dns.close()
  await idp.close()
})

const send = (secret: string, path: string, body?: unknown, key: string = crypto.randomUUID()) =>
  apiClient(server.origin, secret)('POST', `/companies/${acme}/domains${path}`, body, { 'Idempotency-Key': key })
const api = (path: string, body?: unknown, key?: string) => send(writer, path, body, key)

const lastEntry = async () => (await activityEntries(server.service, acme, 'domain'))[0]

describe('domains through the API', () => {
  it('claims, verifies once the record is in DNS, sets auto-join and removes, with the people scope', async () => {
    expectProblem(await send(reader, '', { domain: 'api.example' }), 403, 'FORBIDDEN')
    expectProblem(await api('', { domain: 'https://api.example/' }), 400, 'INVALID_PAYLOAD')

    const key = crypto.randomUUID()
    const claimed = await api('', { domain: ' API.example. ' }, key)
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200)
    const { record } = (claimed.body as { domain: { domain: string; record: string } }).domain
    expect(claimed.body.domain).toMatchObject({ domain: 'api.example', status: 'pending' })
    expect((await api('', { domain: ' API.example. ' }, key)).headers.get('idempotent-replayed')).toBe('true')
    expect(await lastEntry()).toEqual({ actor: 'API (Identity sync)', summary: 'added domain api.example' })

    expectProblem(
      await api('/api.example/auto-join', { productGroups: ['wallaby'] }),
      422,
      'INVALID_STATE',
      autoJoinNeedsVerification('api.example'),
    )
    const missing = await api('/api.example/verify')
    expect(missing.body).toMatchObject({ verified: false, message: expect.stringContaining('does not exist in DNS') })
    dns.zone.set('api.example', [record])
    const verified = await api('/api.example/verify')
    expect(verified.body).toMatchObject({ verified: true, domain: { status: 'verified' } })
    expect((await lastEntry()).summary).toBe('verified domain api.example (its TXT record was found)')

    const joined = await api('/api.example/auto-join', { productGroups: ['wallaby'] })
    expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    expect(joined.body.domain).toMatchObject({ domain: 'api.example', autoJoin: ['wallaby'] })
    const listed = await apiClient(server.origin, reader)('GET', `/companies/${acme}/domains`)
    expect(listed.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ domain: 'api.example', autoJoin: ['wallaby'] })]),
    )

    expect((await api('/api.example/delete')).body).toEqual({ completed: true })
    expect(await lastEntry()).toEqual({ actor: 'API (Identity sync)', summary: 'removed domain api.example' })
    expectProblem(await api('/api.example/delete'), 404, 'NOT_FOUND')
    expectProblem(await api('/nowhere.example/verify'), 404, 'NOT_FOUND')
  })

  it("refuses a domain another company verified, as the portal's dialog does", async () => {
    await server.service.db
      .insertInto('company_domains')
      .values({
        company_id: demoRefs.companies.globex,
        domain: 'taken.example',
        token: 'abc',
        status: 'verified',
        claimed_by: 'carl@globex.test',
        claimed_at: Date.now(),
        verified_at: Date.now(),
        checked_at: null,
        check_outcome: null,
        check_message: null,
        failing_since: null,
      })
      .execute()
    expectProblem(await api('', { domain: 'taken.example' }), 422, 'INVALID_STATE', domainTakenMessage('taken.example'))
  })
})

describe('sign-in settings through the API', () => {
  it('saves single sign-on with a client secret never answered nor kept for a repeat, then removes it', async () => {
    const settings = { issuer: idp.issuer, clientId: idp.clientId, required: false }
    const at = (path: string, body?: unknown, key?: string, secret = writer) =>
      apiClient(server.origin, secret)('POST', `/companies/${acme}/sign-in${path}`, body, {
        'Idempotency-Key': key ?? crypto.randomUUID(),
      })
    expectProblem(await at('', { ...settings, clientSecret: idp.clientSecret }, undefined, reader), 403, 'FORBIDDEN')
    expectProblem(await at('', settings), 422, 'INVALID_REQUEST', clientSecretRequired)

    const key = crypto.randomUUID()
    const saved = await at('', { ...settings, clientSecret: idp.clientSecret }, key)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.settings).toMatchObject({ issuer: idp.issuer, clientId: idp.clientId, secretSet: true })
    const again = await at('', { ...settings, clientSecret: idp.clientSecret }, key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const kept = await server.service.db.selectFrom('idempotency_keys').selectAll().execute()
    expect(JSON.stringify([saved.body, again.body, kept])).not.toContain(idp.clientSecret)
    expect(await lastEntry()).toEqual({
      actor: 'API (Identity sync)',
      summary: `set up company sign-in: issuer ${idp.issuer}, client ID ${idp.clientId}, a client secret, not required`,
    })
    // Without a secret the stored one stays.
    const required = await at('', { ...settings, required: true })
    expect(required.body.settings).toMatchObject({ secretSet: true, required: true })

    const removed = await at('/delete')
    expect(removed.body.settings).toBeNull()
    expect((await lastEntry()).summary).toBe('removed company sign-in')
    expectProblem(await at('/delete'), 404, 'NOT_FOUND')
  })
})
