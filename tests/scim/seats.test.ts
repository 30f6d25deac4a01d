/**
 * Seats follow the directory: 30 people in a group mapped to Wallaby.js with 25 seats → 25 hold one, 5 wait in the
 * order they came; deactivating 3 holders gives their seats to the 3 longest-waiting; leaving the group or being
 * deleted frees the seat; the former and new holders are mailed; seats are not changed by hand; ownership frees the
 * hand-assigned seats of people in no mapped group after the administrator saw them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs } from '../support/service.js'
import { directorySeatIds, isDirectorySeat } from '../../service/directory/queue.js'
import {
  GROUP,
  PATCH_OP,
  companyWithSeats,
  entraUser,
  holders,
  scimClient,
  scimToken,
  startScim,
  type ScimClient,
} from './scim-client.js'

let server: Awaited<ReturnType<typeof startScim>>
let scim: ScimClient
let companyId: string
let admin: string
const ADMIN = 'ida@seats.test'
const people = Array.from({ length: 30 }, (_, i) => `dev${String(i + 1).padStart(2, '0')}@seats.test`)
const ids = new Map<string, string>()
let groupId: string

async function call(op: string, payload: unknown) {
  const answer = await server.service.call({ [op]: payload }, admin)
  return {
    status: answer.status,
    body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
  }
}

async function directory() {
  const answer = await call('retrieveDirectory', { companyId })
  expect(answer.status).toBe(200)
  const products = answer.body.products as Array<{
    productGroup: string
    queue: Array<{ email: string }>
    free: number
    held: number
    wouldFree: string[]
  }>
  return products.find((p) => p.productGroup === 'wallaby') as (typeof products)[number]
}

const seated = async () => [...(await holders(server.service, companyId)).keys()].filter((e) => e !== '').sort()
const deactivate = (email: string) =>
  scim('PATCH', `Users/${ids.get(email)}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
  })
const mailsTo = async (email: string) =>
  (await server.service.db.selectFrom('mail_outbox').select('subject').where('to', '=', email).execute()).map(
    (m) => m.subject,
  )

beforeAll(async () => {
  server = await startScim()
  ;({ companyId } = await companyWithSeats(server.service, { name: 'Seats Inc', seats: 25, admin: ADMIN }))
  admin = await signInAs(server.service, ADMIN)
  scim = scimClient(server.origin, await scimToken(server.service, companyId, 'Entra ID'))
  for (const email of people) ids.set(email, (await scim('POST', 'Users', entraUser(email))).body.id as string)
  groupId = (await scim('POST', 'Groups', { schemas: [GROUP], displayName: 'Engineering' })).body.id as string
}, 120_000)
afterAll(() => server.close())

describe('seats follow the directory', () => {
  it('30 people in a group mapped to a product with 25 seats: 25 hold one, 5 wait in the order they came', async () => {
    expect((await call('mapDirectoryGroup', { companyId, groupId, productGroups: ['wallaby'] })).status).toBe(200)
    const added = await scim('PATCH', `Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: people.map((p) => ({ value: ids.get(p) })) }],
    })
    expect(added.status).toBe(204)
    expect(await seated()).toEqual(people.slice(0, 25))
    expect((await holders(server.service, companyId)).get('')).toBeUndefined()
    const wallaby = await directory()
    expect(wallaby.queue.map((q) => q.email)).toEqual(people.slice(25))
    expect(wallaby).toMatchObject({ free: 0, held: 25 })
    expect(await mailsTo(people[0])).toContain('The company "Seats Inc" has assigned you a license')
    const licenses = await server.service.db
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', companyId)
      .execute()
    expect(
      (
        await directorySeatIds(
          server.service.db,
          licenses.map((l) => l.id),
        )
      ).size,
    ).toBe(25)
  })

  it('deactivating 3 holders gives their seats to the 3 longest-waiting; the 3 are told', async () => {
    for (const email of people.slice(0, 3)) expect((await deactivate(email)).status).toBe(200)
    expect(await seated()).toEqual([...people.slice(3, 28)].sort())
    expect((await directory()).queue.map((q) => q.email)).toEqual(people.slice(28))
    expect(await mailsTo(people[0])).toContain('The company "Seats Inc" has unassigned your license')
    expect(await mailsTo(people[25])).toContain('The company "Seats Inc" has assigned you a license')
  })

  it('leaving the group frees the seat for the next in line; so does being deleted', async () => {
    await scim('PATCH', `Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${ids.get(people[3])}"]` }],
    })
    expect(await seated()).not.toContain(people[3])
    expect(await seated()).toContain(people[28])
    expect((await scim('DELETE', `Users/${ids.get(people[4])}`)).status).toBe(204)
    expect(await seated()).toContain(people[29])
    expect((await directory()).queue).toEqual([])
    expect((await holders(server.service, companyId)).get('')).toBeUndefined()
  })

  it('a seat the directory holds is not unassigned by hand', async () => {
    const [license] = await server.service.db
      .selectFrom('licenses')
      .select(['id', 'owner', 'assigned_to'])
      .where('owner', '=', companyId)
      .where('assigned_to', '=', people[5])
      .execute()
    expect(await isDirectorySeat(server.service.db, license.id)).toBe(true)
    const refused = await call('changeAssignment', {
      licenses: [{ id: license.id, owner: license.owner, assignedTo: '', assignedToBefore: people[5] }],
    })
    expect(refused).toMatchObject({ status: 500, body: { error: 'CANNOT_ASSIGN' } })
    expect(String(refused.body.message)).toContain(
      `${people[5]} holds this seat through the company's identity provider`,
    )
  })

  it('a seat freed by hand goes to the person waiting; ownership frees hand-assigned seats only as confirmed', async () => {
    // A seat freed with nobody waiting stays free; given by hand, a newcomer to the group then waits for one.
    expect((await deactivate(people[6])).status).toBe(200)
    const [free] = await server.service.db
      .selectFrom('licenses')
      .select(['id', 'owner'])
      .where('owner', '=', companyId)
      .where('assigned_to', '=', '')
      .execute()
    expect(
      (
        await call('changeAssignment', {
          licenses: [{ id: free.id, owner: free.owner, assignedTo: 'contractor@seats.test', assignedToBefore: '' }],
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await scim('PATCH', `Groups/${groupId}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'add', path: 'members', value: [{ value: ids.get(people[3]) }] }],
        })
      ).status,
    ).toBe(204)
    expect((await directory()).queue.map((q) => q.email)).toEqual([people[3]])
    expect((await directory()).wouldFree).toEqual(['contractor@seats.test'])

    const stale = await call('setDirectoryOwnership', {
      companyId,
      productGroup: 'wallaby',
      owned: true,
      expectedReleases: [],
    })
    expect(stale).toMatchObject({ status: 500, body: { error: 'INVALID_STATE' } })
    expect(await seated()).toContain('contractor@seats.test')

    const owned = await call('setDirectoryOwnership', {
      companyId,
      productGroup: 'wallaby',
      owned: true,
      expectedReleases: ['contractor@seats.test'],
    })
    expect(owned.status).toBe(200)
    expect(await seated()).not.toContain('contractor@seats.test')
    expect(await seated()).toContain(people[3])
    expect(await mailsTo('contractor@seats.test')).toContain('The company "Seats Inc" has unassigned your license')
    const byHand = await call('changeAssignment', {
      licenses: [{ id: free.id, owner: free.owner, assignedTo: 'someone@seats.test', assignedToBefore: people[3] }],
    })
    expect(byHand).toMatchObject({ status: 500, body: { error: 'CANNOT_ASSIGN' } })
  })

  it('unmapping the group frees every seat it gave', async () => {
    expect((await call('mapDirectoryGroup', { companyId, groupId, productGroups: [] })).status).toBe(200)
    expect(await seated()).toEqual([])
    const log = await server.service.db
      .selectFrom('activity_entries')
      .select(['kind', 'summary'])
      .where('company_id', '=', companyId)
      .where('kind', '=', 'directory')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(log.summary).toMatch(/^unmapped group Engineering from Wallaby\.js \(\d+ members\)$/)
  })
})
