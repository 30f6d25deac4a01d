import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { ServiceError } from '../dispatch/errors.js'
import { createTestService } from '../../tests/support/service.js'
import {
  AccessTokenRefused,
  LAST_USE_GRANULARITY_MS,
  authenticateAccessToken,
  createAccessToken,
  findAccessToken,
  listAccessTokens,
  revokeAccessToken,
  type NewAccessToken,
} from './access-tokens.js'

let service: Awaited<ReturnType<typeof createTestService>>
beforeAll(async () => {
  service = await createTestService()
}, 60_000)
afterAll(() => service.close())

const acme = { companyId: demoRefs.companies.acme }
const globex = { companyId: demoRefs.companies.globex }
const T0 = Date.UTC(2026, 0, 1)

const scim = (overrides: Partial<NewAccessToken> = {}): NewAccessToken => ({
  kind: 'scim',
  owner: acme,
  name: 'Okta',
  scopes: ['scim'],
  createdBy: 'olivia@acme.test',
  now: T0,
  ...overrides,
})

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AccessTokenRefused) return error.reason
    throw error
  }
  throw new Error('the token was accepted')
}

async function row(id: string) {
  return service.db.selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe('access tokens', () => {
  it('shows the secret once, with its recognisable prefix, and keeps only its hash', async () => {
    const { token, secret } = await createAccessToken(service.db, scim())
    expect(secret).toMatch(/^lp_scim_[0-9A-Za-z]{43}$/)
    expect(token.hint).toBe(`${secret.slice(0, 12)}…`)
    const stored = await row(token.id)
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(secret.slice(8))
    const listed = await listAccessTokens(service.db, acme, 'scim')
    expect(listed.find((t) => t.id === token.id)).toMatchObject({ name: 'Okta', scopes: ['scim'], lastUsedAt: null })
    expect(JSON.stringify(listed)).not.toContain(secret)
  })

  it('authenticates its own kind and records the last use at most once a minute', async () => {
    const { token, secret } = await createAccessToken(service.db, scim({ name: 'Entra ID' }))
    const found = await authenticateAccessToken(service.db, secret, { kind: 'scim', now: T0 + 1000 })
    expect(found).toMatchObject({ id: token.id, companyId: acme.companyId, name: 'Entra ID' })
    expect((await row(token.id)).last_used_at).toBe(T0 + 1000)
    await authenticateAccessToken(service.db, secret, { kind: 'scim', now: T0 + 30_000 })
    expect((await row(token.id)).last_used_at).toBe(T0 + 1000)
    await authenticateAccessToken(service.db, secret, { kind: 'scim', now: T0 + 1000 + LAST_USE_GRANULARITY_MS + 1 })
    expect((await row(token.id)).last_used_at).toBe(T0 + LAST_USE_GRANULARITY_MS + 1001)
  })

  it('refuses an unknown, altered, malformed, revoked, expired or other-kind secret', async () => {
    const { token, secret } = await createAccessToken(service.db, scim({ expiresAt: T0 + 10_000 }))
    const last = secret.at(-1) === 'a' ? 'b' : 'a'
    expect(
      await refusal(authenticateAccessToken(service.db, `${secret.slice(0, -1)}${last}`, { kind: 'scim', now: T0 })),
    ).toBe('unknown')
    expect(await refusal(authenticateAccessToken(service.db, 'Bearer nonsense', { kind: 'scim', now: T0 }))).toBe(
      'malformed',
    )
    expect(await refusal(authenticateAccessToken(service.db, undefined, { kind: 'scim', now: T0 }))).toBe('malformed')
    expect(await refusal(authenticateAccessToken(service.db, secret, { kind: 'api', now: T0 }))).toBe('kind')
    expect(await refusal(authenticateAccessToken(service.db, secret, { kind: 'scim', now: T0 + 10_000 }))).toBe(
      'expired',
    )
    await revokeAccessToken(service.db, { owner: acme, id: token.id, by: 'olivia@acme.test', now: T0 + 1 })
    expect(await refusal(authenticateAccessToken(service.db, secret, { kind: 'scim', now: T0 + 2 }))).toBe('revoked')
  })

  it("keeps each owner's tokens to itself: another company neither lists, finds nor revokes them", async () => {
    const { token, secret } = await createAccessToken(service.db, scim({ name: 'Acme only' }))
    expect((await listAccessTokens(service.db, globex, 'scim')).map((t) => t.id)).not.toContain(token.id)
    expect(await findAccessToken(service.db, globex, token.id)).toBeUndefined()
    expect(
      await revokeAccessToken(service.db, { owner: globex, id: token.id, by: 'carl@globex.test', now: T0 }),
    ).toBeUndefined()
    expect((await authenticateAccessToken(service.db, secret, { kind: 'scim', now: T0 })).companyId).toBe(
      acme.companyId,
    )
  })

  it('revokes once: a repeat changes nothing and the token leaves the list', async () => {
    const { token } = await createAccessToken(service.db, scim({ name: 'Twice' }))
    const first = await revokeAccessToken(service.db, {
      owner: acme,
      id: token.id,
      by: 'olivia@acme.test',
      now: T0 + 5,
    })
    const again = await revokeAccessToken(service.db, {
      owner: acme,
      id: token.id,
      by: 'olivia@acme.test',
      now: T0 + 9,
    })
    expect(first?.revokedNow).toBe(true)
    expect(again?.revokedNow).toBe(false)
    expect((await findAccessToken(service.db, acme, token.id))?.revokedAt).toBe(T0 + 5)
    expect((await listAccessTokens(service.db, acme, 'scim')).map((t) => t.id)).not.toContain(token.id)
  })

  it('makes API tokens with any of the API scopes, and refuses scopes a kind may not hold', async () => {
    const pat = { account: 'pat@personal.test' }
    const { token, secret } = await createAccessToken(service.db, {
      kind: 'api',
      owner: pat,
      name: 'laptop script',
      scopes: ['read', 'keys'],
      createdBy: 'pat@personal.test',
      now: T0,
    })
    expect(secret.startsWith('lp_api_')).toBe(true)
    expect(await listAccessTokens(service.db, pat, 'api')).toEqual([expect.objectContaining({ id: token.id })])
    const refused = (input: NewAccessToken) =>
      createAccessToken(service.db, input).then(
        () => '',
        (e: ServiceError) => e.code,
      )
    expect(await refused(scim({ scopes: ['read'] }))).toBe('INVALID_PAYLOAD')
    expect(await refused({ ...scim(), kind: 'api', scopes: ['scim'] })).toBe('INVALID_PAYLOAD')
    expect(await refused({ ...scim(), kind: 'api', scopes: [] })).toBe('INVALID_PAYLOAD')
    expect(await refused({ ...scim(), kind: 'api', scopes: ['seats', 'seats'] })).toBe('INVALID_PAYLOAD')
    expect(await refused(scim({ owner: pat }))).toBe('INVALID_PAYLOAD')
    expect(await refused(scim({ expiresAt: T0 - 1 }))).toBe('INVALID_PAYLOAD')
  })

  it('answers a repeated creation request without making a second token', async () => {
    const first = await createAccessToken(service.db, scim({ name: 'Repeat', creationKey: 'form-key-0123456789' }))
    const again = await createAccessToken(
      service.db,
      scim({ name: 'Repeat', creationKey: 'form-key-0123456789' }),
    ).then(
      () => '',
      (e: ServiceError) => e.code,
    )
    expect(again).toBe('INVALID_STATE')
    expect((await listAccessTokens(service.db, acme, 'scim')).filter((t) => t.name === 'Repeat')).toEqual([
      expect.objectContaining({ id: first.token.id }),
    ])
  })
})
