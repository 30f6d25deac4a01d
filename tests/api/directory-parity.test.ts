/**
 * The directory through the REST API, with the typed client and tokens an administrator made: a group the identity
 * provider sent over SCIM mapped to products, and a product's seats owned by the directory, each through the operation
 * the Directory dialog calls (its rules, refusals and log); read with `read`, changed with `people`.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { ownershipChangedMessage } from '../../protocol/directory/directory.js'
import {
  activityEntries,
  acmeAdminTokens,
  answered,
  apiToken,
  expectProblem,
  startApi,
  typedApi,
} from '../support/api.js'
import { entraUser, GROUP, scimClient, scimToken } from '../scim/scim-client.js'

let server: Awaited<ReturnType<typeof startApi>>
const acme = demoRefs.companies.acme
const company = { companyId: acme }
let writer: string
let reader: string
let seats: string
let groupId: string

beforeAll(async () => {
  server = await startApi()
  ;({ writer, reader, seats } = await acmeAdminTokens(server.service, {
    writer: [['read', 'people'], 'Identity sync'],
    reader: [['read'], 'Audit'],
    seats: [['read', 'seats'], 'Seat script'],
  }))
  const scim = scimClient(server.origin, await scimToken(server.service, acme))
  const members = []
  for (const name of ['grace', 'linus']) {
    members.push({ value: (await scim('POST', 'Users', entraUser(`${name}@acme.test`))).body.id as string })
  }
  groupId = (await scim('POST', 'Groups', { schemas: [GROUP], displayName: 'Engineering', members })).body.id as string
}, 60_000)
afterAll(() => server.close())

const key = () => crypto.randomUUID()
const directory = async (secret = reader) => {
  const read = await typedApi(server.origin, secret).GET('/companies/{companyId}/directory', {
    params: { path: company },
  })
  return read.data!
}
const map = (secret: string, group: string, productGroups: string[], idempotencyKey = key()) =>
  typedApi(server.origin, secret).POST('/companies/{companyId}/directory/groups/{groupId}', {
    params: { path: { ...company, groupId: group }, header: { 'Idempotency-Key': idempotencyKey } },
    body: { productGroups: productGroups as Array<'wallaby'> },
  })
const own = (secret: string, body: { owned: boolean; expectedReleases?: string[] }, idempotencyKey = key()) =>
  typedApi(server.origin, secret).POST('/companies/{companyId}/directory/products/{productGroup}', {
    params: { path: { ...company, productGroup: 'quokka' }, header: { 'Idempotency-Key': idempotencyKey } },
    body,
  })

const directoryEntries = () => activityEntries(server.service, acme, 'directory')

describe('directory group mappings through the API', () => {
  it('reads the group, maps it to products once for one key, logged as the token, and unmaps it', async () => {
    expect((await directory()).groups).toEqual([{ id: groupId, name: 'Engineering', members: 2, productGroups: [] }])
    const idempotencyKey = key()
    const mapped = await map(writer, groupId, ['wallaby', 'quokka'], idempotencyKey)
    expect(mapped.data).toEqual({
      id: groupId,
      name: 'Engineering',
      members: 2,
      productGroups: expect.arrayContaining(['wallaby', 'quokka']),
    })
    const entries = await directoryEntries()
    expect(entries[0]).toEqual({
      actor: 'API (Identity sync)',
      summary: 'mapped group Engineering to Wallaby.js, Quokka.js PRO (2 members)',
    })
    const again = await map(writer, groupId, ['wallaby', 'quokka'], idempotencyKey)
    expect(again.response.headers.get('idempotent-replayed')).toBe('true')
    expect(again.data).toEqual(mapped.data)
    expect(await directoryEntries()).toHaveLength(entries.length)
    expect((await directory()).groups[0]!.productGroups.sort()).toEqual(['quokka', 'wallaby'])

    expect((await map(writer, groupId, ['quokka'])).data?.productGroups).toEqual(['quokka'])
    expect((await directoryEntries())[0]!.summary).toBe('unmapped group Engineering from Wallaby.js (2 members)')
  })

  it('refuses a token without people, a group not in the directory, a product that is none', async () => {
    for (const secret of [reader, seats]) expectProblem(answered(await map(secret, groupId, [])), 403, 'FORBIDDEN')
    const unknown = answered(await map(writer, 'grp-nope', ['wallaby']))
    expectProblem(unknown, 404, 'NOT_FOUND', 'There is no such group in the directory.')
    expectProblem(answered(await map(writer, groupId, ['emacs'])), 400, 'INVALID_PAYLOAD')
    const other = (await apiToken(server.service, { companyId: demoRefs.companies.globex }, ['read', 'people'])).secret
    expectProblem(answered(await map(other, groupId, [])), 404, 'NOT_FOUND')
    const read = await typedApi(server.origin, other).GET('/companies/{companyId}/directory', {
      params: { path: company },
    })
    expectProblem(answered(read), 404, 'NOT_FOUND')
    expect((await directory()).groups[0]!.productGroups).toEqual(['quokka'])
  })
})

describe("a product's seats owned by the directory through the API", () => {
  const quokka = async () => (await directory()).products.find((p) => p.productGroup === 'quokka')!
  const holds = async (email: string) =>
    (
      await server.service.db
        .selectFrom('licenses')
        .select('id')
        .where('owner', '=', acme)
        .where('assigned_to', '=', email)
        .where('product_group', '=', 'quokka')
        .execute()
    ).length

  it('frees exactly the seats it read would be freed, refuses when they changed, and gives ownership back', async () => {
    // A seat assigned by hand, through the API, to a person in no mapped group.
    const free = await server.service.db
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', acme)
      .where('product_group', '=', 'quokka')
      .where('assigned_to', '=', '')
      .where('is_multi_user', '=', 0)
      .where('expiration', '>', Date.now())
      .executeTakeFirstOrThrow()
    const assigned = await typedApi(server.origin, seats).POST('/companies/{companyId}/licenses/{licenseId}/assign', {
      params: { path: { ...company, licenseId: free.id } },
      body: { email: 'hand@acme.test', expectedHolder: '' },
    })
    expect(assigned.response.status).toBe(200)
    const before = await quokka()
    expect(before).toMatchObject({ owned: false, wouldFree: expect.arrayContaining(['hand@acme.test']) })

    const stale = before.wouldFree.filter((email) => email !== 'hand@acme.test')
    expectProblem(
      answered(await own(writer, { owned: true, expectedReleases: stale })),
      422,
      'INVALID_STATE',
      ownershipChangedMessage,
    )
    expect((await quokka()).owned).toBe(false)
    expectProblem(answered(await own(reader, { owned: true, expectedReleases: before.wouldFree })), 403, 'FORBIDDEN')

    const idempotencyKey = key()
    const owned = await own(writer, { owned: true, expectedReleases: before.wouldFree }, idempotencyKey)
    expect(owned.data).toMatchObject({ productGroup: 'quokka', name: 'Quokka.js PRO', owned: true, wouldFree: [] })
    expect(await holds('hand@acme.test')).toBe(0)
    const entries = await directoryEntries()
    expect(entries[0]).toMatchObject({
      actor: 'API (Identity sync)',
      summary: expect.stringMatching(
        /^let the directory own the seats of Quokka\.js PRO, freeing \d+ seats? of people/,
      ),
    })
    const again = await own(writer, { owned: true, expectedReleases: before.wouldFree }, idempotencyKey)
    expect(again.response.headers.get('idempotent-replayed')).toBe('true')
    expect(await directoryEntries()).toHaveLength(entries.length)

    expect((await own(writer, { owned: false })).data).toMatchObject({ owned: false })
    expect((await directoryEntries())[0]).toEqual({
      actor: 'API (Identity sync)',
      summary: 'took the seats of Quokka.js PRO back from the directory: seats assigned by hand stay as they are',
    })
    const typo = await typedApi(server.origin, writer).POST(
      '/companies/{companyId}/directory/products/{productGroup}',
      {
        params: { path: { ...company, productGroup: 'emacs' as 'quokka' } },
        body: { owned: false },
      },
    )
    expectProblem(answered(typo), 400, 'INVALID_PAYLOAD')
  })
})
