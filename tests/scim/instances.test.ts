/**
 * Two service instances on one store (PostgreSQL with TEST_DATABASE_URL, as a deployment of several instances runs;
 * else one SQLite file) receive the same SCIM changes at the same moment, as an identity provider retrying against a
 * load balancer sends them: the seat count stays exact — every entitled person holds one seat while seats last, no
 * one else holds one, and nobody holds two.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freshDatabase } from '../support/service.js'
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

let one: Awaited<ReturnType<typeof startScim>>
let two: Awaited<ReturnType<typeof startScim>>
let cleanUp = async () => {}
const SEATS = 25
const people = Array.from({ length: 30 }, (_, i) => `eng${String(i + 1).padStart(2, '0')}@twice.test`)

beforeAll(async () => {
  const postgres = process.env.TEST_DATABASE_URL ? await freshDatabase(process.env.TEST_DATABASE_URL) : null
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scim-instances-'))
  const database = postgres?.url ?? path.join(folder, 'licensing.db')
  one = await startScim({ database })
  two = await startScim({ database })
  cleanUp = async () => {
    await postgres?.drop()
    fs.rmSync(folder, { recursive: true, force: true })
  }
}, 120_000)
afterAll(async () => {
  await one.close()
  await two.close()
  await cleanUp()
}, 60_000)

/** Sends the same request to both instances at once; both must succeed (the second finds it done). */
async function both(a: ScimClient, b: ScimClient, method: string, requestPath: string, body?: unknown) {
  const answers = await Promise.all([a(method, requestPath, body), b(method, requestPath, body)])
  for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
  return answers
}

it('two instances receiving the same SCIM changes at once keep the seat count exact', async () => {
  const { companyId } = await companyWithSeats(one.service, {
    name: 'Twice Ltd',
    seats: SEATS,
    admin: 'ops@twice.test',
  })
  const token = await scimToken(one.service, companyId, 'Okta')
  const a = scimClient(one.origin, token)
  const b = scimClient(two.origin, token)
  const ids: string[] = []
  for (const email of people) ids.push((await a('POST', 'Users', entraUser(email))).body.id as string)
  const groupId = (await a('POST', 'Groups', { schemas: [GROUP], displayName: 'Engineering' })).body.id as string
  await one.service.db
    .insertInto('directory_mappings')
    .values({ group_id: groupId, product_group: 'wallaby', company_id: companyId, created_at: Date.now() })
    .execute()

  // Okta adds people one PATCH at a time; each reaches both instances at once.
  await Promise.all(
    ids.map((id) =>
      both(a, b, 'PATCH', `Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: id }] }],
      }),
    ),
  )
  const afterJoin = await holders(one.service, companyId)
  expect(afterJoin.get('')).toBeUndefined()
  expect([...afterJoin.values()].every((n) => n === 1)).toBe(true)
  expect(afterJoin.size).toBe(SEATS)

  // Then 5 holders are deactivated and 2 others leave the group, each change sent to both at once.
  const seatedBefore = [...afterJoin.keys()]
  const deactivated = seatedBefore.slice(0, 5)
  const leaving = seatedBefore.slice(5, 7)
  await Promise.all([
    ...deactivated.map((email) =>
      both(a, b, 'PATCH', `Users/${ids[people.indexOf(email)]}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
    ),
    ...leaving.map((email) =>
      both(a, b, 'PATCH', `Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: `members[value eq "${ids[people.indexOf(email)]}"]` }],
      }),
    ),
  ])

  const entitled = people.filter((p) => !deactivated.includes(p) && !leaving.includes(p))
  const after = await holders(one.service, companyId)
  const seated = [...after.keys()].filter((e) => e !== '')
  expect(entitled).toHaveLength(23)
  expect(seated.sort()).toEqual(entitled.sort())
  expect([...after.entries()].filter(([e]) => e !== '').every(([, n]) => n === 1)).toBe(true)
  expect(after.get('')).toBe(SEATS - entitled.length)
  const seats = await one.service.db
    .selectFrom('directory_seats')
    .select('license_id')
    .where('company_id', '=', companyId)
    .execute()
  expect(seats).toHaveLength(entitled.length)
}, 180_000)
