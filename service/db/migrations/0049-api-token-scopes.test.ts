import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService } from '../../../tests/support/service.js'
import { down, up } from './0049-api-token-scopes.js'

let service: Awaited<ReturnType<typeof createTestService>>
beforeAll(async () => {
  service = await createTestService({ seed: false })
}, 60_000)
afterAll(() => service.close())

const tokens = () => service.db

/** Tokens as the two scopes stored them before the split. */
const before = [
  ['tok_reader', 'api', 'read'],
  ['tok_assigner', 'api', 'read assign'],
  ['tok_directory', 'scim', 'scim'],
] as const

describe('API token scopes split for least privilege', () => {
  it('gives each existing token exactly what it could do: read reads keys, assign also changes seats', async () => {
    await tokens()
      .insertInto('access_tokens')
      .values(
        before.map(([id, kind, scopes]) => ({
          id,
          kind,
          company_id: null,
          account_email: 'olivia@acme.test',
          name: id,
          scopes,
          secret_hash: `hash-${id}`,
          hint: 'lp_api_x',
          created_by: 'olivia@acme.test',
          creation_key: null,
          created_at: 1,
          expires_at: null,
          last_used_at: null,
          revoked_at: null,
          revoked_by: null,
        })),
      )
      .execute()
    const scopes = async () =>
      Object.fromEntries(
        (await tokens().selectFrom('access_tokens').select(['id', 'scopes']).orderBy('id').execute()).map((t) => [
          t.id,
          t.scopes,
        ]),
      )
    await up(service.db)
    const after = { tok_assigner: 'read seats keys', tok_directory: 'scim', tok_reader: 'read keys' }
    expect(await scopes()).toEqual(after)
    // Applied twice, it changes nothing more; undone, each token has its two scopes back.
    await up(service.db)
    expect(await scopes()).toEqual(after)
    await down(service.db)
    expect(await scopes()).toEqual({ tok_assigner: 'read assign', tok_directory: 'scim', tok_reader: 'read' })
  })
})
