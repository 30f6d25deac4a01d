/**
 * SCIM conformance, Groups (RFC 7643 §4.2, RFC 7644 §3): create with members, filter by displayName, leave out the
 * members, the membership PATCH shapes of Entra ID (add and remove by value, remove all) and Okta (remove by
 * `members[value eq "…"]`, rename without a path), PUT, DELETE, and the errors; and a second company's token, which
 * reaches nothing of the first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { GROUP, PATCH_OP, entraUser, scimClient, scimToken, startScim, type ScimClient } from './scim-client.js'

let server: Awaited<ReturnType<typeof startScim>>
let scim: ScimClient
let globex: ScimClient
const people: string[] = []

beforeAll(async () => {
  server = await startScim()
  scim = scimClient(server.origin, await scimToken(server.service, demoRefs.companies.acme, 'Okta'))
  globex = scimClient(server.origin, await scimToken(server.service, demoRefs.companies.globex, 'Globex Okta'))
  for (const name of ['grace', 'linus', 'margaret', 'ken']) {
    people.push((await scim('POST', 'Users', entraUser(`${name}@acme.test`, name))).body.id as string)
  }
}, 60_000)
afterAll(() => server.close())

const memberIds = async (id: string) =>
  (((await scim('GET', `Groups/${id}`)).body.members ?? []) as Array<{ value: string }>).map((m) => m.value).sort()

describe('SCIM Groups', () => {
  let group: Record<string, unknown>

  it('creates a group with members: 201, the members with their userName; a second of the name is 409', async () => {
    const answer = await scim('POST', 'Groups', {
      schemas: [GROUP],
      displayName: 'Engineering',
      externalId: 'eng-1',
      members: [{ value: people[0] }, { value: people[1] }],
    })
    expect(answer.status).toBe(201)
    group = answer.body
    expect(group).toMatchObject({
      displayName: 'Engineering',
      externalId: 'eng-1',
      members: expect.arrayContaining([expect.objectContaining({ value: people[0], display: 'grace@acme.test' })]),
      meta: { resourceType: 'Group' },
    })
    const twice = await scim('POST', 'Groups', { schemas: [GROUP], displayName: 'engineering' })
    expect(twice.status).toBe(409)
    expect(twice.body.scimType).toBe('uniqueness')
    const user = await scim('GET', `Users/${people[0]}`)
    expect(user.body.groups).toEqual([expect.objectContaining({ value: group.id, display: 'Engineering' })])
  })

  it('filters by displayName in any case and leaves out members when asked', async () => {
    const found = await scim(
      'GET',
      `Groups?filter=${encodeURIComponent('displayName eq "ENGINEERING"')}&excludedAttributes=members`,
    )
    expect(found.body.totalResults).toBe(1)
    const [resource] = found.body.Resources as Array<Record<string, unknown>>
    expect(resource.id).toBe(group.id)
    expect(resource).not.toHaveProperty('members')
    const member = await scim('GET', `Groups?filter=${encodeURIComponent(`members[value eq "${people[1]}"]`)}`)
    expect((member.body.Resources as Array<{ id: string }>).map((r) => r.id)).toEqual([group.id])
  })

  it("adds and removes members with Entra ID's PATCH shapes", async () => {
    const add = await scim('PATCH', `Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: people[2] }, { value: people[3] }] }],
    })
    expect(add.status).toBe(204)
    expect(await memberIds(group.id as string)).toEqual([...people].sort())
    await scim('PATCH', `Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: people[3] }] }],
    })
    expect(await memberIds(group.id as string)).toEqual(people.slice(0, 3).sort())
  })

  it('removes a member by members[value eq …] and renames without a path, as Okta does', async () => {
    await scim('PATCH', `Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'remove', path: `members[value eq "${people[2]}"]` },
        { op: 'replace', value: { id: group.id, displayName: 'Platform Engineering' } },
      ],
    })
    const after = await scim('GET', `Groups/${group.id}`)
    expect(after.body.displayName).toBe('Platform Engineering')
    expect(await memberIds(group.id as string)).toEqual(people.slice(0, 2).sort())
  })

  it('removes every member (Entra ID) and refuses a member that is not a user of the directory', async () => {
    await scim('PATCH', `Groups/${group.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: 'members' }] })
    expect(await memberIds(group.id as string)).toEqual([])
    const unknown = await scim('PATCH', `Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: 'usr_nobody' }] }],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.scimType).toBe('invalidValue')
  })

  it('replaces a group with PUT and deletes it', async () => {
    const put = await scim('PUT', `Groups/${group.id}`, {
      schemas: [GROUP],
      displayName: 'Engineering',
      members: [{ value: people[3] }],
    })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({
      displayName: 'Engineering',
      members: [expect.objectContaining({ value: people[3] })],
    })
    expect((await scim('DELETE', `Groups/${group.id}`)).status).toBe(204)
    expect((await scim('GET', `Groups/${group.id}`)).status).toBe(404)
  })

  it("never lets a second company's token reach the first company's users or groups", async () => {
    const other = await scim('POST', 'Groups', {
      schemas: [GROUP],
      displayName: 'Acme only',
      members: [{ value: people[0] }],
    })
    expect((await globex('GET', `Users/${people[0]}`)).status).toBe(404)
    expect((await globex('GET', `Groups/${other.body.id}`)).status).toBe(404)
    expect(
      (
        await globex('PATCH', `Users/${people[0]}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', value: { active: false } }],
        })
      ).status,
    ).toBe(404)
    expect((await globex('DELETE', `Groups/${other.body.id}`)).status).toBe(404)
    expect(
      (await globex('GET', `Users?filter=${encodeURIComponent('userName eq "grace@acme.test"')}`)).body.totalResults,
    ).toBe(0)
    const foreign = await globex('PATCH', `Groups/${other.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members' }],
    })
    expect(foreign.status).toBe(404)
    expect(await memberIds(other.body.id as string)).toEqual([people[0]])
    // A group of the second company cannot take the first one's users as members either.
    const theirs = await globex('POST', 'Groups', {
      schemas: [GROUP],
      displayName: 'Globex',
      members: [{ value: people[0] }],
    })
    expect(theirs.status).toBe(400)
  })
})
