/**
 * SCIM conformance, Users (RFC 7643 §4.1, RFC 7644 §3): over real HTTP, the requests Entra ID's SCIM validator and
 * Okta's SCIM 2.0 test suite make — discovery, create, get, filter (userName in another case, externalId, emails),
 * paging through 120 users, PATCH in both providers' shapes, PUT, DELETE, and the SCIM error schema for 400, 401,
 * 404, 409, 412 and 413.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccessToken, revokeAccessToken } from '../../service/auth/access-tokens.js'
import { demoRefs } from '../../demo/seed.js'
import {
  ERROR,
  PATCH_OP,
  SCIM_TYPE,
  USER,
  entraUser,
  scimClient,
  scimToken,
  startScim,
  type ScimClient,
} from './scim-client.js'

let server: Awaited<ReturnType<typeof startScim>>
let scim: ScimClient
const acme = demoRefs.companies.acme

beforeAll(async () => {
  server = await startScim()
  scim = scimClient(server.origin, await scimToken(server.service, acme, 'Entra ID'))
}, 60_000)
afterAll(() => server.close())

const errorOf = (answer: { status: number; body: Record<string, unknown> }) => ({
  status: answer.status,
  schemas: answer.body.schemas,
  httpStatus: answer.body.status,
  scimType: answer.body.scimType,
})

describe('SCIM discovery', () => {
  it('describes the service provider, its resource types and schemas, in application/scim+json', async () => {
    const config = await scim('GET', 'ServiceProviderConfig')
    expect(config.status).toBe(200)
    expect(config.headers.get('content-type')).toContain(SCIM_TYPE)
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    })
    const types = await scim('GET', 'ResourceTypes')
    expect((types.body.Resources as Array<{ id: string }>).map((r) => r.id)).toEqual(['User', 'Group'])
    const schemas = await scim('GET', 'Schemas')
    expect((schemas.body.Resources as Array<{ id: string }>).map((r) => r.id)).toEqual([
      USER,
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ])
    expect((await scim('GET', `Schemas/${USER}`)).body).toMatchObject({ name: 'User' })
  })
})

describe('SCIM authentication', () => {
  it('answers 401 in the SCIM error schema without a bearer SCIM token, or with a revoked, expired or API one', async () => {
    const anonymous = await scimClient(server.origin, undefined)('GET', 'Users')
    expect(errorOf(anonymous)).toEqual({ status: 401, schemas: [ERROR], httpStatus: '401', scimType: undefined })
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer')
    const basic = await scimClient(server.origin, undefined)('GET', 'Users', undefined, {
      authorization: 'Basic b2t0YTpva3Rh',
    })
    expect(basic.status).toBe(401)

    const now = Date.now()
    const made = await createAccessToken(server.service.db, {
      kind: 'scim',
      owner: { companyId: acme },
      name: 'Old Okta',
      scopes: ['scim'],
      createdBy: 'olivia@acme.test',
      now,
    })
    expect((await scimClient(server.origin, made.secret)('GET', 'Users')).status).toBe(200)
    await revokeAccessToken(server.service.db, {
      owner: { companyId: acme },
      id: made.token.id,
      by: 'olivia@acme.test',
      now,
    })
    expect((await scimClient(server.origin, made.secret)('GET', 'Users')).status).toBe(401)

    const api = await createAccessToken(server.service.db, {
      kind: 'api',
      owner: { companyId: acme },
      name: 'script',
      scopes: ['read'],
      createdBy: 'olivia@acme.test',
      now,
    })
    expect((await scimClient(server.origin, api.secret)('GET', 'Users')).status).toBe(401)
  })
})

describe('SCIM Users', () => {
  let created: Record<string, unknown>

  it('creates a user: 201, Location, ETag, the resource with its id, active and meta', async () => {
    const answer = await scim('POST', 'Users', entraUser('Ada.Lovelace@Acme.test', 'ada'))
    expect(answer.status).toBe(201)
    created = answer.body
    expect(created).toMatchObject({
      schemas: expect.arrayContaining([USER]),
      userName: 'Ada.Lovelace@Acme.test',
      externalId: 'ada',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Ada.Lovelace@Acme.test' }],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Engineering' },
      meta: { resourceType: 'User', version: 'W/"1"' },
    })
    expect(answer.headers.get('location')).toBe(`http://portal.test/scim/v2/Users/${created.id}`)
    expect(answer.headers.get('etag')).toBe('W/"1"')
  })

  it('refuses a second user with the same userName in another case: 409 uniqueness', async () => {
    const answer = await scim('POST', 'Users', entraUser('ada.lovelace@acme.TEST', 'ada2'))
    expect(errorOf(answer)).toEqual({ status: 409, schemas: [ERROR], httpStatus: '409', scimType: 'uniqueness' })
  })

  it('refuses a user whose userName is not an email address, or without one: 400 invalidValue', async () => {
    expect(errorOf(await scim('POST', 'Users', { schemas: [USER], userName: 'ada' }))).toMatchObject({
      status: 400,
      scimType: 'invalidValue',
    })
    expect(errorOf(await scim('POST', 'Users', { schemas: [USER], active: true }))).toMatchObject({
      status: 400,
      scimType: 'invalidValue',
    })
  })

  it('gets a user by id; an unknown id is 404 in the SCIM error schema', async () => {
    const answer = await scim('GET', `Users/${created.id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id: created.id, userName: 'Ada.Lovelace@Acme.test', groups: [] })
    expect(errorOf(await scim('GET', 'Users/usr_doesnotexist'))).toEqual({
      status: 404,
      schemas: [ERROR],
      httpStatus: '404',
      scimType: undefined,
    })
  })

  it('filters by userName in another case, externalId, emails.value and emails[type eq "work"].value, with and/or', async () => {
    const ids = async (filter: string) => {
      const answer = await scim('GET', `Users?filter=${encodeURIComponent(filter)}`)
      expect(answer.status).toBe(200)
      return (answer.body.Resources as Array<{ id: string }>).map((r) => r.id)
    }
    expect(await ids('userName eq "ADA.LOVELACE@acme.test"')).toEqual([created.id])
    expect(await ids('externalId eq "ada"')).toEqual([created.id])
    expect(await ids('externalId eq "ADA"')).toEqual([])
    expect(await ids('emails.value eq "ada.lovelace@acme.test"')).toEqual([created.id])
    expect(await ids('emails[type eq "work"].value eq "Ada.Lovelace@acme.test"')).toEqual([created.id])
    expect(await ids('userName eq "nobody@acme.test" or externalId eq "ada"')).toEqual([created.id])
    expect(await ids('userName eq "ada.lovelace@acme.test" and active eq true')).toEqual([created.id])
    expect(await ids('userName sw "ada." and not (externalId eq "ada")')).toEqual([])
    expect(await ids('userName eq "nobody@acme.test"')).toEqual([])
  })

  it('refuses a filter it cannot read, or on an attribute it does not index: 400 invalidFilter', async () => {
    for (const filter of ['userName eq', 'userName eq "a" and', 'name.familyName eq "x"']) {
      expect(errorOf(await scim('GET', `Users?filter=${encodeURIComponent(filter)}`))).toMatchObject({
        status: 400,
        scimType: 'invalidFilter',
      })
    }
  })

  it('pages through 120 users with startIndex and count: every user once, totalResults on each page', async () => {
    for (let i = 1; i <= 120; i++) {
      expect((await scim('POST', 'Users', entraUser(`pager${String(i).padStart(3, '0')}@acme.test`))).status).toBe(201)
    }
    const filter = encodeURIComponent('userName sw "pager"')
    const seen: string[] = []
    for (let start = 1; start <= 120; start += 50) {
      const page = await scim('GET', `Users?filter=${filter}&startIndex=${start}&count=50`)
      expect(page.body).toMatchObject({
        totalResults: 120,
        startIndex: start,
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      })
      const resources = page.body.Resources as Array<{ userName: string }>
      expect(page.body.itemsPerPage).toBe(resources.length)
      seen.push(...resources.map((r) => r.userName))
    }
    expect(seen).toHaveLength(120)
    expect(new Set(seen).size).toBe(120)
    const counted = await scim('GET', `Users?filter=${filter}&count=0`)
    expect(counted.body).toMatchObject({ totalResults: 120, itemsPerPage: 0, Resources: [] })
    expect((await scim('GET', 'Users?startIndex=x')).status).toBe(400)
  }, 120_000)

  it("deactivates with Entra's PATCH ({op: Replace, path: active, value: False}) and Okta's (no path), and back", async () => {
    const entra = await scim('PATCH', `Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    })
    expect(entra.status).toBe(200)
    expect(entra.body).toMatchObject({ active: false, meta: { version: 'W/"2"' } })
    const okta = await scim('PATCH', `Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: true } }],
    })
    expect(okta.body.active).toBe(true)
  })

  it('patches paths with value filters, no-path value objects with dotted keys, and removes', async () => {
    const answer = await scim('PATCH', `Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Add', path: 'emails[type eq "home"].value', value: 'ada@home.test' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'Ada.Lovelace@Acme.test' },
        { op: 'replace', value: { 'name.givenName': 'Augusta', displayName: 'Augusta Ada King' } },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: '1815' },
        { op: 'remove', path: 'title' },
      ],
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      displayName: 'Augusta Ada King',
      name: { givenName: 'Augusta' },
      emails: expect.arrayContaining([{ type: 'home', value: 'ada@home.test' }]),
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {
        department: 'Engineering',
        employeeNumber: '1815',
      },
    })
    const home = await scim(
      'GET',
      `Users?filter=${encodeURIComponent('emails[type eq "home"].value eq "ada@home.test"')}`,
    )
    expect(home.body.totalResults).toBe(1)
    const removed = await scim('PATCH', `Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: 'emails[type eq "home"]' }],
    })
    expect(removed.body.emails).toEqual([{ primary: true, type: 'work', value: 'Ada.Lovelace@Acme.test' }])
  })

  it('refuses a PATCH that is not a PatchOp, or has an unknown op: 400', async () => {
    expect(errorOf(await scim('PATCH', `Users/${created.id}`, { Operations: [] }))).toMatchObject({
      status: 400,
      scimType: 'invalidSyntax',
    })
    expect(
      errorOf(
        await scim('PATCH', `Users/${created.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'move', path: 'active' }],
        }),
      ),
    ).toMatchObject({ status: 400, scimType: 'invalidSyntax' })
    expect(
      errorOf(await scim('PATCH', `Users/${created.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] })),
    ).toMatchObject({ status: 400, scimType: 'noTarget' })
  })

  it('replaces a user with PUT; a userName taken by another is 409; a stale If-Match is 412', async () => {
    const put = await scim('PUT', `Users/${created.id}`, {
      ...entraUser('ada.lovelace@acme.test', 'ada'),
      displayName: 'Ada',
    })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ userName: 'ada.lovelace@acme.test', displayName: 'Ada' })
    expect(put.body).not.toHaveProperty('title')
    const taken = await scim('PUT', `Users/${created.id}`, entraUser('pager001@acme.test', 'ada'))
    expect(errorOf(taken)).toMatchObject({ status: 409, scimType: 'uniqueness' })
    const stale = await scim('PUT', `Users/${created.id}`, entraUser('ada.lovelace@acme.test', 'ada'), {
      'if-match': 'W/"1"',
    })
    expect(stale.status).toBe(412)
  })

  it('answers 400 for a body that is not JSON and 413 for one past the limit, in the SCIM error schema', async () => {
    expect(errorOf(await scim('POST', 'Users', '{"userName":'))).toMatchObject({
      status: 400,
      schemas: [ERROR],
      scimType: 'invalidSyntax',
    })
    const huge = { ...entraUser('big@acme.test'), displayName: 'x'.repeat(1_100_000) }
    expect(errorOf(await scim('POST', 'Users', huge))).toMatchObject({ status: 413, schemas: [ERROR] })
  })

  it('deletes a user: 204, then 404 for it', async () => {
    expect((await scim('DELETE', `Users/${created.id}`)).status).toBe(204)
    expect((await scim('GET', `Users/${created.id}`)).status).toBe(404)
    expect((await scim('DELETE', `Users/${created.id}`)).status).toBe(404)
  })

  it("writes every change to the company's log as the identity provider (token name)", async () => {
    const entries = await server.service.db
      .selectFrom('activity_entries')
      .select(['actor', 'summary', 'kind'])
      .where('company_id', '=', acme)
      .where('summary', 'like', '%ada.lovelace@acme.test%')
      .orderBy('id')
      .execute()
    expect(entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'provisioned ada.lovelace@acme.test',
        'deactivated ada.lovelace@acme.test',
        'deprovisioned ada.lovelace@acme.test',
      ]),
    )
    expect(new Set(entries.map((e) => `${e.kind} ${e.actor}`))).toEqual(
      new Set(['directory identity provider (Entra ID)']),
    )
  })
})
