/**
 * SCIM conformance as the identity providers' own suites run it, over real HTTP: Okta's SCIM 2.0 spec tests and
 * Microsoft's SCIM validator — create, filter by userName and externalId, paging, PATCH as each sends it, deactivate,
 * groups with member add and remove, delete — in each provider's own request bodies, and what RFC 7643/7644 ask of
 * `schemas`, `attributes`/`excludedAttributes` and out-of-range paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { ERROR, GROUP, PATCH_OP, USER } from './scim-client.js'
import { entraUser, scimClient, scimToken, startScim, type ScimClient } from './scim-client.js'

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'

let server: Awaited<ReturnType<typeof startScim>>
let okta: ScimClient
let entra: ScimClient

beforeAll(async () => {
  server = await startScim()
  okta = scimClient(server.origin, await scimToken(server.service, demoRefs.companies.acme, 'Okta'))
  entra = scimClient(server.origin, await scimToken(server.service, demoRefs.companies.acme, 'Entra ID'))
}, 60_000)
afterAll(() => server.close())

const resources = (answer: { body: Record<string, unknown> }) => answer.body.Resources as Array<Record<string, unknown>>
const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations })

/** A user as Okta provisions one (its password attribute included, which the portal ignores). */
const oktaUser = (userName: string, externalId: string) => ({
  schemas: [USER],
  userName,
  name: { givenName: 'Grace', familyName: 'Hopper' },
  emails: [{ primary: true, value: userName, type: 'work' }],
  displayName: 'Grace Hopper',
  locale: 'en-US',
  externalId,
  groups: [],
  password: 'not-kept-1!',
  active: true,
})

describe("Okta's SCIM 2.0 spec tests", () => {
  it('creates, finds by userName and externalId, pages, deactivates, pushes a group with members, deletes', async () => {
    const unknown = await okta('GET', `Users?filter=${encodeURIComponent('userName eq "nobody-okta@acme.test"')}`)
    expect(unknown.body).toMatchObject({ totalResults: 0, Resources: [] })

    const created = await okta('POST', 'Users', oktaUser('grace@acme.test', '00ugrace'))
    expect(created.status).toBe(201)
    expect(created.body).not.toHaveProperty('password')
    const id = created.body.id as string
    expect(resources(await okta('GET', 'Users?count=1&startIndex=1'))).toHaveLength(1)
    const byName = await okta(
      'GET',
      `Users?filter=${encodeURIComponent('userName eq "GRACE@acme.test"')}&startIndex=1&count=100`,
    )
    expect(resources(byName).map((u) => u.id)).toEqual([id])
    const byExternal = await okta('GET', `Users?filter=${encodeURIComponent('externalId eq "00ugrace"')}`)
    expect(resources(byExternal).map((u) => u.id)).toEqual([id])

    const renamed = await okta('PUT', `Users/${id}`, {
      ...oktaUser('grace@acme.test', '00ugrace'),
      displayName: 'Adm. Hopper',
    })
    expect(renamed.body).toMatchObject({ displayName: 'Adm. Hopper' })
    const off = await okta('PATCH', `Users/${id}`, patch({ op: 'replace', value: { active: false } }))
    expect(off.body).toMatchObject({ active: false })

    const group = await okta('POST', 'Groups', { schemas: [GROUP], displayName: 'Okta pilots', members: [] })
    expect(group.status).toBe(201)
    const groupId = group.body.id as string
    const add = patch({ op: 'add', path: 'members', value: [{ value: id, display: 'grace@acme.test' }] })
    expect((await okta('PATCH', `Groups/${groupId}`, add)).status).toBe(204)
    expect((await okta('GET', `Groups/${groupId}`)).body.members).toEqual([expect.objectContaining({ value: id })])
    const remove = patch({ op: 'remove', path: `members[value eq "${id}"]` })
    expect((await okta('PATCH', `Groups/${groupId}`, remove)).status).toBe(204)
    expect((await okta('GET', `Groups/${groupId}`)).body.members).toEqual([])

    expect((await okta('DELETE', `Groups/${groupId}`)).status).toBe(204)
    expect((await okta('DELETE', `Users/${id}`)).status).toBe(204)
    expect((await okta('GET', `Users/${id}`)).status).toBe(404)
  })
})

describe("Microsoft's SCIM validator (Entra ID's requests)", () => {
  it("creates with the enterprise extension, sets the manager as Entra's default mapping sends it, and deprovisions", async () => {
    const manager = (await entra('POST', 'Users', entraUser('boss@acme.test', 'boss'))).body.id as string
    const created = await entra('POST', 'Users', entraUser('alan@acme.test', 'alan'))
    expect(created.status).toBe(201)
    const id = created.body.id as string
    const byExternal = await entra('GET', `Users?filter=${encodeURIComponent('externalId eq "alan"')}`)
    expect(resources(byExternal).map((u) => u.id)).toEqual([id])

    // Entra ID sends the manager as a bare id, with a capitalised op.
    const withManager = await entra(
      'PATCH',
      `Users/${id}`,
      patch(
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: manager },
        { op: 'Replace', path: 'displayName', value: 'Alan T.' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'alan@acme.test' },
      ),
    )
    expect(withManager.status).toBe(200)
    expect(withManager.body[ENTERPRISE]).toMatchObject({ department: 'Engineering', manager: { value: manager } })
    expect(withManager.body).toMatchObject({ displayName: 'Alan T.' })
    // Its create and replace may carry the bare id too.
    const put = await entra('PUT', `Users/${id}`, {
      ...entraUser('alan@acme.test', 'alan'),
      [ENTERPRISE]: { department: 'Research', manager },
    })
    expect(put.body[ENTERPRISE]).toEqual({ department: 'Research', manager: { value: manager } })
    const noManager = await entra('PATCH', `Users/${id}`, patch({ op: 'Remove', path: `${ENTERPRISE}:manager` }))
    expect(noManager.body[ENTERPRISE]).toEqual({ department: 'Research' })

    const group = await entra('POST', 'Groups', {
      schemas: [GROUP],
      externalId: 'entra-g1',
      displayName: 'Entra pilots',
    })
    const groupId = group.body.id as string
    const byGroupName = await entra(
      'GET',
      `Groups?filter=${encodeURIComponent('displayName eq "Entra pilots"')}&excludedAttributes=members`,
    )
    expect(resources(byGroupName)).toEqual([expect.not.objectContaining({ members: expect.anything() })])
    await entra('PATCH', `Groups/${groupId}`, patch({ op: 'Add', path: 'members', value: [{ value: id }] }))
    await entra('PATCH', `Groups/${groupId}`, patch({ op: 'Remove', path: 'members', value: [{ value: id }] }))
    expect((await entra('GET', `Groups/${groupId}`)).body.members).toEqual([])

    const disabled = await entra('PATCH', `Users/${id}`, patch({ op: 'Replace', path: 'active', value: 'False' }))
    expect(disabled.body).toMatchObject({ active: false })
    expect((await entra('DELETE', `Users/${id}`)).status).toBe(204)
    expect((await entra('DELETE', `Groups/${groupId}`)).status).toBe(204)
  })
})

describe('what RFC 7643 and 7644 ask of a request', () => {
  it('refuses a POST or PUT whose schemas do not name the resource (400 invalidSyntax), keeping extra URNs', async () => {
    const asGroup = await okta('POST', 'Users', { ...oktaUser('wrong@acme.test', 'w'), schemas: [GROUP] })
    expect(asGroup.status).toBe(400)
    expect(asGroup.body).toMatchObject({ schemas: [ERROR], scimType: 'invalidSyntax' })
    expect(asGroup.body.detail).toContain(USER)
    const { schemas: _, ...bare } = oktaUser('bare@acme.test', 'b')
    expect((await okta('POST', 'Users', bare)).status).toBe(400)
    expect((await okta('POST', 'Groups', { schemas: [USER], displayName: 'Not a group' })).status).toBe(400)
    expect(
      (await okta('GET', `Users?filter=${encodeURIComponent('userName eq "wrong@acme.test"')}`)).body.totalResults,
    ).toBe(0)

    const custom = 'urn:ietf:params:scim:schemas:extension:CustomExtensionName:2.0:User'
    const extra = await entra('POST', 'Users', {
      ...entraUser('extra@acme.test', 'extra'),
      schemas: [USER, ENTERPRISE, custom],
    })
    expect(extra.status).toBe(201)
    const id = extra.body.id as string
    const asGroupPut = await entra('PUT', `Users/${id}`, { ...entraUser('extra@acme.test', 'extra'), schemas: [GROUP] })
    expect(asGroupPut.body).toMatchObject({ status: '400', scimType: 'invalidSyntax' })
  })

  it('returns and leaves out fully qualified extension attributes (attributes, excludedAttributes)', async () => {
    const id = (await entra('POST', 'Users', entraUser('proj@acme.test', 'proj'))).body.id as string
    const department = `${ENTERPRISE}:department`
    const only = await entra('GET', `Users/${id}?attributes=${encodeURIComponent(`userName,${department}`)}`)
    expect(only.body).toEqual({
      schemas: [USER, ENTERPRISE],
      id,
      userName: 'proj@acme.test',
      [ENTERPRISE]: { department: 'Engineering' },
    })
    const whole = await entra('GET', `Users/${id}?attributes=${encodeURIComponent(ENTERPRISE)}`)
    expect(whole.body[ENTERPRISE]).toEqual({ department: 'Engineering' })
    const without = await entra(
      'GET',
      `Users/${id}?excludedAttributes=${encodeURIComponent(`${department},emails.type`)}`,
    )
    expect(without.body[ENTERPRISE]).toEqual({})
    expect(without.body.emails).toEqual([{ primary: true, value: 'proj@acme.test' }])
    const listed = await entra(
      'GET',
      `Users?filter=${encodeURIComponent('externalId eq "proj"')}&attributes=${encodeURIComponent(department)}`,
    )
    expect(resources(listed)).toEqual([
      { schemas: [USER, ENTERPRISE], id, [ENTERPRISE]: { department: 'Engineering' } },
    ])
  })

  it('reads a count or startIndex of any length as the provider’s maximum, and names a bad one', async () => {
    const huge = await okta('GET', 'Users?startIndex=1&count=99999999999')
    expect(huge.status).toBe(200)
    expect(huge.body).toMatchObject({ startIndex: 1 })
    expect(resources(huge).length).toBeLessThanOrEqual(200)
    const beyond = await okta('GET', 'Users?startIndex=123456789012345678901234567890&count=10')
    expect(beyond.status).toBe(200)
    expect(beyond.body).toMatchObject({ itemsPerPage: 0, Resources: [] })
    const bad = await okta('GET', 'Users?count=ten')
    expect(bad.body).toMatchObject({
      status: '400',
      scimType: 'invalidValue',
      detail: 'count must be a whole number, such as 100.',
    })
  })
})

describe('limits', () => {
  it('limits each SCIM token by itself, refusing past it in the SCIM error schema with Retry-After', async () => {
    const limited = await startScim({ env: { NODE_ENV: 'test', RATE_LIMIT_SCIM_TOKEN: '3' } })
    try {
      const busy = scimClient(limited.origin, await scimToken(limited.service, demoRefs.companies.acme, 'Okta'))
      const calm = scimClient(limited.origin, await scimToken(limited.service, demoRefs.companies.acme, 'Entra ID'))
      for (let i = 0; i < 3; i++) expect((await busy('GET', 'Users?count=1')).status).toBe(200)
      const refused = await busy('GET', 'Users?count=1')
      expect(refused.body).toMatchObject({ schemas: [ERROR], status: '429' })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.headers.get('ratelimit-policy')).toBe('"per-token"; q=3; w=60')
      expect((await calm('GET', 'Users?count=1')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('answers /Bulk with 501 in the SCIM error schema, as ServiceProviderConfig says', async () => {
    const bulk = await okta('POST', 'Bulk', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'],
      Operations: [],
    })
    expect(bulk.body).toMatchObject({ schemas: [ERROR], status: '501' })
  })
})
