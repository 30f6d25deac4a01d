/**
 * API tokens made and revoked in /manage (the dialogs' loaders and actions, answered by a real service that also serves
 * /api/v1 over HTTP): who may, the secret shown once and stored hashed, a repeat that makes nothing twice, the log,
 * a revoked token refused, and the personal token.
 */
import crypto from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_LIVE_MAX, apiActor, tooManyTokens } from '../../protocol/shared/access-tokens.js'
import { chooseAScope, personalTokenScopeRefusal } from '../../protocol/api-tokens/api-tokens.js'
import { tokenShownOnce } from '../../service/auth/access-tokens.js'
import { demoRefs } from '../../demo/seed.js'
import { createTestService, signInAs } from '../support/service.js'
import { startApi, typedApi } from '../support/api.js'
import { cookieFrom, settle } from '../routes/account-stub.js'

const { loader: manageLoader, action: manageAction } = await import('#app/routes/manage')
const { createUserSession } = await import('#app/utils/session.server')

let server: Awaited<ReturnType<typeof startApi>>
const credentials = new Map<string, string>()
const cookies = new Map<string, string>()
const context = {
  licensing: {
    call: (request: unknown, credential?: string, key?: string) => server.service.call(request, credential, key),
  },
} as unknown as AppLoadContext

const acme = demoRefs.companies.acme
const olivia = 'olivia@acme.test' // Company Administrator of Acme
const max = 'max@acme.test' // may assign in Acme, not add users
const pat = 'pat@personal.test' // no role in Acme
const root = 'root@vendor.test' // platform administrator

beforeAll(async () => {
  server = await startApi()
  for (const email of [olivia, max, pat, root]) {
    const credential = await signInAs(server.service, email)
    credentials.set(email, credential)
    const admin = email === root
    cookies.set(
      email,
      cookieFrom(await createUserSession(new Request('http://portal.test/'), { email, admin, credential }, '/')),
    )
  }
}, 60_000)
afterAll(() => server.close())

async function open(email: string, search: string) {
  const request = new Request(`http://portal.test/manage?${search}`, { headers: { cookie: cookies.get(email)! } })
  return settle(manageLoader({ request, params: {}, context }))
}

/** A list is sent as the form sends its ticked boxes: the name once per value. */
async function post(email: string, search: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries({ idempotencyKey: crypto.randomUUID(), ...fields }))
    for (const one of [value].flat()) body.append(name, one)
  const request = new Request(`http://portal.test/manage?${search}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie: cookies.get(email)! },
  })
  return settle(manageAction({ request, params: {}, context }))
}

type Created = { result: { error?: Record<string, string[]> }; created?: { token: { id: string }; secret: string } }

const call = async (email: string, operation: string, payload: unknown, key = crypto.randomUUID()) => {
  const answer = await server.service.call({ [operation]: payload }, credentials.get(email), key)
  return answer.body as Record<string, unknown>
}

const tokens = () => server.service.db

const logOf = (where: { companyId: string } | { account: string }) => {
  let query = server.service.db
    .selectFrom('activity_entries')
    .select(['actor', 'summary', 'kind'])
    .orderBy('id', 'desc')
  query =
    'companyId' in where
      ? query.where('company_id', '=', where.companyId)
      : query.where('account_email', '=', where.account)
  return query.execute()
}

describe('company API tokens in /manage', () => {
  it('an administrator creates one: the secret in that answer alone, stored hashed, listed with its scope, logged', async () => {
    const created = await post(olivia, `dialog=api-token&company=${acme}`, {
      intent: 'create-api-token',
      company: acme,
      name: 'Onboarding',
      scopes: ['keys', 'seats', 'read'],
      expiresInDays: '90',
    })
    expect(created.status).toBe(200)
    expect(created.headers.get('cache-control')).toBe('no-store')
    const { created: made } = (await created.json()) as Created
    expect(made!.secret).toMatch(/^lp_api_[0-9A-Za-z]{43}$/)

    const row = await tokens()
      .selectFrom('access_tokens')
      .selectAll()
      .where('id', '=', made!.token.id)
      .executeTakeFirstOrThrow()
    expect(row.secret_hash).toBe(crypto.createHash('sha256').update(made!.secret).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(made!.secret)
    expect(row.kind).toBe('api')
    expect(row.company_id).toBe(acme)

    const list = await open(olivia, `dialog=api-tokens&company=${acme}`)
    expect(list.status).toBe(200)
    const text = await list.text()
    expect(text).not.toContain(made!.secret)
    const { dialog } = JSON.parse(text) as {
      dialog: { data: { tokens: Array<{ id: string; name: string; scopes: string[]; expiresAt: number | null }> } }
    }
    const listed = dialog.data.tokens.find((t) => t.id === made!.token.id)
    expect(listed).toMatchObject({ name: 'Onboarding', scopes: ['read', 'seats', 'keys'] })
    expect(listed!.expiresAt).toBeGreaterThan(Date.now() + 89 * 24 * 60 * 60 * 1000)

    const [entry] = await logOf({ companyId: acme })
    expect(entry).toMatchObject({ kind: 'api', actor: olivia })
    expect(entry!.summary).toMatch(/^created the API token "Onboarding" \(read, seats and keys, expires /)
  })

  it('a repeated create (one idempotency key) makes no second token, and two at once make one', async () => {
    const key = crypto.randomUUID()
    const fields = { intent: 'create-api-token', company: acme, name: 'Repeated', scopes: 'read', idempotencyKey: key }
    const first = await post(olivia, `dialog=api-token&company=${acme}`, fields)
    expect(((await first.json()) as Created).created?.secret).toBeTruthy()
    const again = await post(olivia, `dialog=api-token&company=${acme}`, fields)
    expect(again.status).toBe(400)
    const refused = (await again.json()) as Created
    expect(refused.created).toBeUndefined()
    expect(refused.result.error?.['']).toEqual([tokenShownOnce])

    const together = crypto.randomUUID()
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(olivia, 'createApiToken', { companyId: acme, name: 'At once' }, together)),
    )
    expect(answers.filter((a) => 'createApiToken' in a)).toHaveLength(1)
    const rows = await tokens()
      .selectFrom('access_tokens')
      .select('name')
      .where('company_id', '=', acme)
      .where('name', 'in', ['Repeated', 'At once'])
      .execute()
    expect(rows.map((r) => r.name).sort()).toEqual(['At once', 'Repeated'])
  })

  it('refuses those who may not manage the tokens: a manager, a stranger (404 in /manage, FORBIDDEN by the service)', async () => {
    for (const email of [max, pat]) {
      expect((await open(email, `dialog=api-tokens&company=${acme}`)).status).toBe(404)
      expect((await open(email, `dialog=api-token&company=${acme}`)).status).toBe(404)
      const made = await post(email, `dialog=api-token&company=${acme}`, {
        intent: 'create-api-token',
        company: acme,
        name: 'Sneaky',
        scopes: 'read',
      })
      expect(made.status).toBe(404)
      for (const [operation, payload] of [
        ['retrieveApiTokens', { companyId: acme }],
        ['createApiToken', { companyId: acme, name: 'Sneaky' }],
        ['revokeApiToken', { companyId: acme, tokenId: 'tok_x' }],
      ] as const) {
        expect((await call(email, operation, payload)).error).toBe('FORBIDDEN')
      }
    }
    const sneaky = await tokens().selectFrom('access_tokens').select('id').where('name', '=', 'Sneaky').execute()
    expect(sneaky).toEqual([])
    // A platform administrator may, and the log says so.
    const made = await call(root, 'createApiToken', { companyId: acme, name: 'Support' })
    expect(made.createApiToken).toBeTruthy()
    const [entry] = await logOf({ companyId: acme })
    expect(entry).toMatchObject({ actor: 'platform administrator', summary: 'created the API token "Support" (read)' })
  })

  it('the token reads /api/v1 and its assignment is logged as "API (name)"; revoked after a confirmation, it is refused with 401', async () => {
    const answer = await post(olivia, `dialog=api-token&company=${acme}`, {
      intent: 'create-api-token',
      company: acme,
      name: 'Seat sync',
      scopes: ['read', 'seats'],
    })
    const { created } = (await answer.json()) as Created
    const api = typedApi(server.origin, created!.secret)
    const company = { path: { companyId: acme } }
    const page = await api.GET('/companies/{companyId}/licenses', {
      params: { ...company, query: { state: 'unassigned', limit: 1 } },
    })
    expect(page.response.status).toBe(200)
    const license = page.data!.data[0]!
    const assigned = await api.POST('/companies/{companyId}/licenses/{licenseId}/assign', {
      params: { path: { companyId: acme, licenseId: license.id } },
      body: { email: 'new.hire@acme.test', expectedHolder: '', notify: false },
    })
    expect(assigned.response.status).toBe(200)
    // Made without keys, it reads none.
    expect(assigned.data).not.toHaveProperty('licenseKey')
    const [assignment] = await logOf({ companyId: acme })
    expect(assignment!.actor).toBe(apiActor('Seat sync'))

    const confirm = await open(olivia, `dialog=revoke-api-token&company=${acme}&token=${created!.token.id}`)
    expect(confirm.status).toBe(200)
    const revoke = {
      intent: 'revoke-api-token',
      company: acme,
      token: created!.token.id,
      named: 'Seat sync',
    }
    const revoked = await post(olivia, `dialog=revoke-api-token&company=${acme}&token=${created!.token.id}`, revoke)
    expect(revoked.status).toBe(302)
    expect(revoked.headers.get('location')).toBe(`/manage?dialog=api-tokens&company=${acme}`)
    expect(revoked.headers.getSetCookie().join(';')).toContain('__flash=')

    const refused = await api.GET('/companies/{companyId}/licenses', { params: company })
    expect(refused.response.status).toBe(401)
    expect(refused.error?.detail).toBe('This API token was revoked: create another in Manage Licenses (API tokens).')

    // Revoking it again changes nothing and logs nothing; the confirmation is gone (404), the list no longer has it.
    expect((await post(olivia, `dialog=api-tokens&company=${acme}`, revoke)).status).toBe(302)
    const entries = (await logOf({ companyId: acme })).filter((e) => e.summary.includes('"Seat sync"'))
    expect(entries.map((e) => e.summary)).toEqual(['revoked the API token "Seat sync"', expect.any(String)])
    expect((await open(olivia, `dialog=revoke-api-token&company=${acme}&token=${created!.token.id}`)).status).toBe(404)
  })
})

describe('how many API tokens', () => {
  const globex = demoRefs.companies.globex
  const live = async () =>
    Number(
      (
        await tokens()
          .selectFrom('access_tokens')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('company_id', '=', globex)
          .where('kind', '=', 'api')
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('a company holds at most the cap of live tokens, even when two instances create them at once; revoked and expired ones make room', async () => {
    const other = await createTestService({
      seed: false,
      database: server.service.store,
    })
    try {
      const signedIn = [credentials.get(root), await signInAs(other, root)]
      const before = await live()
      const asked = ACCESS_TOKEN_LIVE_MAX - before + 5
      const answers = await Promise.all(
        Array.from({ length: asked }, (_, i) =>
          (i % 2 === 0 ? server.service : other)
            .call({ createApiToken: { companyId: globex, name: `Script ${i}` } }, signedIn[i % 2], crypto.randomUUID())
            .then((a) => a.body as Record<string, unknown>),
        ),
      )
      expect(answers.filter((a) => 'createApiToken' in a)).toHaveLength(ACCESS_TOKEN_LIVE_MAX - before)
      const refused = answers.filter((a) => !('createApiToken' in a))
      expect(refused).toHaveLength(5)
      expect(refused.map((a) => [a.error, a.message])).toEqual(Array(5).fill(['INVALID_STATE', tooManyTokens('api')]))
      expect(await live()).toBe(ACCESS_TOKEN_LIVE_MAX)
    } finally {
      await other.close()
    }

    const [first, second] = await tokens()
      .selectFrom('access_tokens')
      .select('id')
      .where('company_id', '=', globex)
      .where('kind', '=', 'api')
      .where('revoked_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute()
    await tokens()
      .updateTable('access_tokens')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', first!.id)
      .execute()
    expect(await call(root, 'revokeApiToken', { companyId: globex, tokenId: second!.id })).toHaveProperty(
      'revokeApiToken',
    )
    const more = await Promise.all(
      [1, 2, 3].map((i) => call(root, 'createApiToken', { companyId: globex, name: `After ${i}` })),
    )
    expect(more.filter((a) => 'createApiToken' in a)).toHaveLength(2)
  })
})

describe('personal API tokens', () => {
  it('an account makes a read-only token for its own licenses, uses it, and revokes it; it reaches no company', async () => {
    const refused = await post(pat, 'dialog=api-token', { intent: 'create-api-token', name: 'Mine', scopes: 'seats' })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as Created).result.error?.['']).toEqual([personalTokenScopeRefusal])
    const none = await post(pat, 'dialog=api-token', { intent: 'create-api-token', name: 'Mine' })
    expect(none.status).toBe(400)
    expect(((await none.json()) as Created).result.error?.scopes).toEqual([chooseAScope])

    const answer = await post(pat, 'dialog=api-token', { intent: 'create-api-token', name: 'Dotfiles', scopes: 'read' })
    expect(answer.status).toBe(200)
    const { created } = (await answer.json()) as Created
    const api = typedApi(server.origin, created!.secret)
    const mine = await api.GET('/me/licenses')
    expect(mine.response.status).toBe(200)
    expect(mine.data!.data.length).toBeGreaterThan(0)
    const other = await api.GET('/companies/{companyId}/licenses', { params: { path: { companyId: acme } } })
    expect(other.response.status).toBe(404)

    const list = await open(pat, 'dialog=api-tokens')
    const { dialog } = (await list.json()) as { dialog: { data: { company: null; tokens: Array<{ id: string }> } } }
    expect(dialog.data.company).toBeNull()
    expect(dialog.data.tokens.map((t) => t.id)).toEqual([created!.token.id])
    // Another account's list does not show it, and a company token is not one of the account's.
    const others = (await call(olivia, 'retrieveApiTokens', {})).retrieveApiTokens as { tokens: unknown[] }
    expect(others.tokens).toEqual([])
    const companyToken = await tokens()
      .selectFrom('access_tokens')
      .select('id')
      .where('company_id', '=', acme)
      .executeTakeFirstOrThrow()
    expect((await call(pat, 'revokeApiToken', { tokenId: companyToken.id })).error).toBe('NOT_FOUND')
    expect((await call(olivia, 'revokeApiToken', { tokenId: created!.token.id })).error).toBe('NOT_FOUND')

    const revoked = await post(pat, `dialog=revoke-api-token&token=${created!.token.id}`, {
      intent: 'revoke-api-token',
      token: created!.token.id,
      named: 'Dotfiles',
    })
    expect(revoked.status).toBe(302)
    expect(revoked.headers.get('location')).toBe('/manage?dialog=api-tokens')
    expect((await api.GET('/me/licenses')).response.status).toBe(401)
    const entries = await logOf({ account: pat })
    expect(entries.slice(0, 2).map((e) => [e.kind, e.actor, e.summary])).toEqual([
      ['api', pat, 'revoked the personal API token "Dotfiles"'],
      ['api', pat, 'created the personal API token "Dotfiles" (read)'],
    ])
  })
})
