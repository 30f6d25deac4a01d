/**
 * The REST API's list of SCIM tokens reads the company's SCIM tokens alone: with a directory of many users and groups
 * it answers what the Directory dialog lists, and none of its statements reads the directory's users, groups or seats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { acmeAdminTokens, startApi, typedApi } from '../support/api.js'
import { statementsOf } from '../support/sql-statements.js'
import { entraUser, GROUP, scimClient, scimToken } from '../scim/scim-client.js'

let server: Awaited<ReturnType<typeof startApi>>
const acme = demoRefs.companies.acme
let credential: string
let reader: string

beforeAll(async () => {
  server = await startApi()
  ;({ credential, reader } = await acmeAdminTokens(server.service, { reader: [['read'], 'Audit'] }))
}, 60_000)
afterAll(() => server.close())

const listed = async () =>
  (
    await typedApi(server.origin, reader).GET('/companies/{companyId}/scim-tokens', {
      params: { path: { companyId: acme } },
    })
  ).data?.data

describe('the SCIM token list through the API', () => {
  it("answers the dialog's list with a directory of many users and groups, reading none of them", async () => {
    const scim = scimClient(server.origin, await scimToken(server.service, acme, 'Okta'))
    await scimToken(server.service, acme, 'Entra ID')
    const members = []
    for (let i = 0; i < 40; i++) {
      members.push({ value: (await scim('POST', 'Users', entraUser(`person${i}@acme.test`))).body.id as string })
    }
    for (const displayName of ['Engineering', 'Sales', 'Support']) {
      expect((await scim('POST', 'Groups', { schemas: [GROUP], displayName, members })).status).toBe(201)
    }
    const read = await server.service.call({ retrieveDirectory: { companyId: acme } }, credential)
    const dialog = (read.body as { retrieveDirectory: { users: number; tokens: unknown[] } }).retrieveDirectory
    expect(dialog.users).toBe(40)

    const { answer, statements } = await statementsOf(listed)
    expect(answer).toEqual(JSON.parse(JSON.stringify(dialog.tokens)))
    expect(answer?.map((token) => token.name).sort()).toEqual(['Entra ID', 'Okta'])
    // The request was seen (its token is looked up), and nothing of the directory was read to answer it.
    expect(statements.some((statement) => statement.includes('access_tokens'))).toBe(true)
    expect(statements.filter((statement) => /scim_|directory_|licenses/.test(statement))).toEqual([])
  })
})
