/**
 * The REST API v1 over real HTTP, through the typed client (openapi-fetch) where a request is one it allows: token scopes, revoked and expired tokens, another company's id, idempotent writes,
 * compare-and-set, rate limits and problem details; the reads of licenses, subscriptions, seats and the activity log
 * checked against their schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ActivityPage,
  ApiLicense,
  LicensePage,
  Problem,
  SeatUsage,
  SubscriptionList,
} from '../../protocol/api/api-v1.js'
import { createAccessToken, revokeAccessToken } from '../../service/auth/access-tokens.js'
import { demoRefs } from '../../demo/seed.js'
import {
  answered,
  apiClient,
  apiToken,
  companyWithLicenses,
  DAY,
  startApi,
  typedApi,
  type ApiAnswer,
} from '../support/api.js'

let server: Awaited<ReturnType<typeof startApi>>
const company = 'cmp_api_rest'
let licenses: string[]
let secret: string

beforeAll(async () => {
  server = await startApi()
  licenses = await companyWithLicenses(server.service, company, 5)
  secret = (await apiToken(server.service, { companyId: company })).secret
}, 60_000)
afterAll(() => server.close())

const api = () => apiClient(server.origin, secret)
/** The typed client, as /developers shows it; the untyped one above sends what the types would not let through. */
const typed = (token = secret) => typedApi(server.origin, token)
const licensePath = (licenseId: string) => ({ path: { companyId: company, licenseId } })
const holderOf = async (id: string) =>
  (await server.service.db.selectFrom('licenses').select('assigned_to').where('id', '=', id).executeTakeFirstOrThrow())
    .assigned_to

function expectProblem(answer: ApiAnswer, status: number, code: string) {
  expect(answer.status).toBe(status)
  expect(answer.headers.get('content-type')).toContain('application/problem+json')
  expect(Problem.parse(answer.body)).toMatchObject({ status, code })
  expect(answer.body.type).toBe(`http://portal.test/developers#${code.toLowerCase().replace(/_/g, '-')}`)
}

describe('tokens', () => {
  it('refuses a request without a token, with a malformed one, and with a SCIM token (401, WWW-Authenticate)', async () => {
    const scim = await createAccessToken(server.service.db, {
      kind: 'scim',
      owner: { companyId: company },
      name: 'Okta',
      scopes: ['scim'],
      createdBy: 'olivia@acme.test',
      now: Date.now(),
    })
    for (const token of [undefined, 'lp_api_short', scim.secret]) {
      const answer = answered(await typedApi(server.origin, token).GET('/companies'))
      expectProblem(answer, 401, 'NOT_AUTHENTICATED')
      expect(answer.headers.get('www-authenticate')).toContain('Bearer realm="License Portal API"')
    }
  })

  it('refuses a revoked token and an expired one, each saying to create another', async () => {
    const revoked = await apiToken(server.service, { companyId: company }, ['read'], { name: 'Old script' })
    await revokeAccessToken(server.service.db, {
      owner: { companyId: company },
      id: revoked.token.id,
      by: 'olivia@acme.test',
      now: Date.now(),
    })
    const answer = answered(
      await typed(revoked.secret).GET('/companies/{companyId}/licenses', { params: { path: { companyId: company } } }),
    )
    expectProblem(answer, 401, 'NOT_AUTHENTICATED')
    expect(answer.body.detail).toBe('This API token was revoked: create another in Manage Licenses (API tokens).')

    const expiring = await apiToken(server.service, { companyId: company }, ['read'], {
      expiresAt: Date.now() - DAY + 1000,
      now: Date.now() - DAY,
    })
    const late = answered(
      await typed(expiring.secret).GET('/companies/{companyId}/licenses', { params: { path: { companyId: company } } }),
    )
    expectProblem(late, 401, 'NOT_AUTHENTICATED')
    expect(late.body.detail).toBe('This API token has expired: create another in Manage Licenses (API tokens).')
  })

  it('refuses an endpoint whose scope the token lacks (403 naming it), and the license keeps its holder', async () => {
    const reader = typed((await apiToken(server.service, { companyId: company }, ['read'])).secret)
    const read = await reader.GET('/companies/{companyId}/licenses/{licenseId}', { params: licensePath(licenses[0]) })
    expect(read.data?.id).toBe(licenses[0])
    const answer = answered(
      await reader.POST('/companies/{companyId}/licenses/{licenseId}/assign', {
        params: licensePath(licenses[0]),
        body: { email: 'dev@example.test', expectedHolder: '' },
      }),
    )
    expectProblem(answer, 403, 'FORBIDDEN')
    expect(answer.body.detail).toBe(
      'This token lacks the seats scope (Assign and free licenses, deactivate machines, set the reclaim policy and ' +
        'undo a reclaim): create a token with it in Manage Licenses (API tokens).',
    )
    expect(answer.headers.get('www-authenticate')).toBe(
      'Bearer realm="License Portal API", error="insufficient_scope", scope="seats"',
    )
    expect(await holderOf(licenses[0])).toBe('')
    // Seats without read changes seats and reads nothing.
    const writer = typed((await apiToken(server.service, { companyId: company }, ['seats'])).secret)
    const listed = await writer.GET('/companies/{companyId}/licenses', { params: { path: { companyId: company } } })
    expectProblem(answered(listed), 403, 'FORBIDDEN')
  })

  it('answers license keys only to a token with the keys scope', async () => {
    const companyPath = { params: { path: { companyId: company } } }
    const reader = typed((await apiToken(server.service, { companyId: company }, ['read'])).secret)
    const keyless = (await reader.GET('/companies/{companyId}/licenses', companyPath)).data!
    expect(keyless.data.length).toBeGreaterThan(0)
    expect(keyless.data.every((l) => !('licenseKey' in l))).toBe(true)
    const one = await reader.GET('/companies/{companyId}/licenses/{licenseId}', { params: licensePath(licenses[0]) })
    expect(one.data).not.toHaveProperty('licenseKey')
    expect(JSON.stringify(one.data)).not.toContain('KEY-')
    const keyed = typed((await apiToken(server.service, { companyId: company }, ['read', 'keys'])).secret)
    const withKeys = (await keyed.GET('/companies/{companyId}/licenses', companyPath)).data!
    expect(withKeys.data.every((l) => l.licenseKey?.startsWith(`KEY-${company}-`))).toBe(true)
    const { secret: personal } = await apiToken(server.service, { account: 'pat@personal.test' }, ['read'])
    const mine = (await typed(personal).GET('/me/licenses')).data!
    expect(mine.data.length).toBeGreaterThan(0)
    expect(mine.data.every((l) => l.licenseKey === undefined)).toBe(true)
  })

  it("answers 404 for another company's id, and for another company's license under its own company", async () => {
    const acme = demoRefs.companies.acme
    for (const companyId of [acme, 'no-such-company']) {
      const params = { params: { path: { companyId } } }
      expectProblem(answered(await typed().GET('/companies/{companyId}/licenses', params)), 404, 'NOT_FOUND')
      expectProblem(answered(await typed().GET('/companies/{companyId}/subscriptions', params)), 404, 'NOT_FOUND')
      expectProblem(answered(await typed().GET('/companies/{companyId}/seats', params)), 404, 'NOT_FOUND')
      expectProblem(answered(await typed().GET('/companies/{companyId}/activity', params)), 404, 'NOT_FOUND')
    }
    const acmeLicense = await server.service.db
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', acme)
      .executeTakeFirstOrThrow()
    for (const companyId of [acme, company]) {
      const answer = await typed().POST('/companies/{companyId}/licenses/{licenseId}/assign', {
        params: { path: { companyId, licenseId: acmeLicense.id } },
        body: { email: 'x@example.test', expectedHolder: '' },
      })
      expectProblem(answered(answer), 404, 'NOT_FOUND')
    }
    expectProblem(answered(await typed().GET('/me/licenses')), 404, 'NOT_FOUND')
  })

  it("reads a personal token's own licenses, and no company", async () => {
    const { secret } = await apiToken(server.service, { account: 'olivia@acme.test' }, ['read'])
    const personal = typed(secret)
    const mine = await personal.GET('/me/licenses', { params: { query: { limit: 500 } } })
    expect(mine.response.status).toBe(200)
    const page = LicensePage.parse(mine.data)
    const own = await server.service.db
      .selectFrom('licenses')
      .select('id')
      .where((eb) => eb.or([eb('owner', '=', 'olivia@acme.test'), eb('assigned_to', '=', 'olivia@acme.test')]))
      .execute()
    expect(page.data.map((l) => l.id).sort()).toEqual(own.map((l) => l.id).sort())
    expect((await personal.GET('/companies')).data).toEqual({ data: [] })
    const acme = { params: { path: { companyId: demoRefs.companies.acme } } }
    expectProblem(answered(await personal.GET('/companies/{companyId}/licenses', acme)), 404, 'NOT_FOUND')
  })
})

describe('assign and unassign', () => {
  const assign = (licenseId: string, body: { email: string; expectedHolder: string }, key?: string) =>
    typed().POST('/companies/{companyId}/licenses/{licenseId}/assign', {
      params: { ...licensePath(licenseId), header: key ? { 'Idempotency-Key': key } : {} },
      body,
    })

  it('assigns once for one Idempotency-Key, answering a repeat as the first, logged as "API (token name)"', async () => {
    const body = { email: 'Ada@Example.test', expectedHolder: '' }
    const first = await assign(licenses[1], body, 'assign-ada-1')
    expect(first.response.status).toBe(200)
    expect(ApiLicense.parse(first.data)).toMatchObject({ id: licenses[1], holder: 'ada@example.test' })
    // Freed meanwhile: a repeat of the key still answers the first request and changes nothing.
    await server.service.db.updateTable('licenses').set({ assigned_to: '' }).where('id', '=', licenses[1]).execute()
    const repeat = await assign(licenses[1], body, 'assign-ada-1')
    expect(repeat.response.status).toBe(200)
    expect(repeat.data).toEqual(first.data)
    expect(await holderOf(licenses[1])).toBe('')

    const entries = await server.service.db
      .selectFrom('activity_entries')
      .select(['actor', 'summary'])
      .where('company_id', '=', company)
      .execute()
    expect(entries).toHaveLength(1)
    expect(entries[0].actor).toBe('API (Onboarding script)')
    expect(entries[0].summary).toContain('ada@example.test')

    const reused = await assign(licenses[1], { ...body, email: 'bob@example.test' }, 'assign-ada-1')
    expectProblem(answered(reused), 422, 'IDEMPOTENCY_KEY_REUSED')
  })

  it('refuses a change when the license no longer has the expected holder (409), changing nothing', async () => {
    const unassign = (expectedHolder: string) =>
      typed().POST('/companies/{companyId}/licenses/{licenseId}/unassign', {
        params: licensePath(licenses[2]),
        body: { expectedHolder },
      })
    expect((await assign(licenses[2], { email: 'first@example.test', expectedHolder: '' })).response.status).toBe(200)
    const late = answered(await assign(licenses[2], { email: 'second@example.test', expectedHolder: '' }))
    expectProblem(late, 409, 'ASSIGNMENT_CHANGED')
    expect(late.body.detail).toBe('This license was just assigned to first@example.test by someone else.')
    expectProblem(answered(await unassign('someone@example.test')), 409, 'ASSIGNMENT_CHANGED')
    expect(await holderOf(licenses[2])).toBe('first@example.test')
    const freed = await unassign('first@example.test')
    expect(freed.response.status).toBe(200)
    expect(freed.data).toMatchObject({ holder: null })
  })
})

describe('problem details', () => {
  it('names each invalid field by its JSON pointer, and refuses bad JSON, a bad cursor and an unknown address', async () => {
    const invalid = await api()('POST', `/companies/${company}/licenses/${licenses[3]}/assign`, {
      email: 'not an address',
    })
    expectProblem(invalid, 400, 'INVALID_PAYLOAD')
    expect((invalid.body.errors as Array<{ pointer: string }>).map((e) => e.pointer)).toEqual([
      '/email',
      '/expectedHolder',
    ])
    expectProblem(
      await api()('POST', `/companies/${company}/licenses/${licenses[3]}/assign`, '{"email":'),
      400,
      'MALFORMED_REQUEST',
    )
    expectProblem(await api()('GET', `/companies/${company}/licenses?cursor=bm9wZQ`), 400, 'INVALID_PAYLOAD')
    expectProblem(await api()('GET', `/companies/${company}/licenses?state=lost`), 400, 'INVALID_PAYLOAD')
    const tooMany = await api()('GET', `/companies/${company}/licenses?limit=501`)
    expectProblem(tooMany, 400, 'INVALID_PAYLOAD')
    expect(tooMany.body.detail).toBe('The query is not valid: limit Too big: expected number to be <=500.')
    expectProblem(await api()('GET', '/nowhere'), 404, 'NOT_FOUND')
    const wrongMethod = await api()('DELETE', `/companies/${company}/licenses`)
    expectProblem(wrongMethod, 405, 'MALFORMED_REQUEST')
    expect(wrongMethod.headers.get('allow')).toBe('GET')
  })
})

describe('reads', () => {
  it("reads Acme's licenses, subscriptions with seats and next payment, seat usage and activity", async () => {
    const acme = demoRefs.companies.acme
    const reader = typed((await apiToken(server.service, { companyId: acme }, ['read'])).secret)
    const path = { companyId: acme }
    const filtered = LicensePage.parse(
      (
        await reader.GET('/companies/{companyId}/licenses', {
          params: { path, query: { product: 'quokka', state: 'unassigned' } },
        })
      ).data,
    )
    expect(filtered.data.length).toBeGreaterThan(0)
    expect(filtered.data.every((l) => l.product === 'quokka' && l.holder === null && !l.expired)).toBe(true)

    const subscriptions = SubscriptionList.parse(
      (await reader.GET('/companies/{companyId}/subscriptions', { params: { path } })).data,
    )
    expect(subscriptions.data.length).toBeGreaterThan(1)
    expect(subscriptions.data.some((s) => s.state === 'active' && s.nextPayment !== null)).toBe(true)
    for (const s of subscriptions.data)
      expect(s.seats.assigned + s.seats.unassigned).toBeLessThanOrEqual(s.seats.licenses)

    const seats = SeatUsage.parse((await reader.GET('/companies/{companyId}/seats', { params: { path } })).data)
    const total = await server.service.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', acme)
      .executeTakeFirstOrThrow()
    expect(seats.total.licenses).toBe(Number(total.n))

    const activity = (query: { limit: number; cursor?: string }) =>
      reader.GET('/companies/{companyId}/activity', { params: { path, query } })
    const first = ActivityPage.parse((await activity({ limit: 2 })).data)
    expect(first.data).toHaveLength(2)
    const next = ActivityPage.parse((await activity({ limit: 2, cursor: first.nextCursor! })).data)
    expect(next.data[0].id).not.toBe(first.data[1].id)
    expect(Date.parse(next.data[0].at)).toBeLessThanOrEqual(Date.parse(first.data[1].at))
  })
})

describe('rate limits', () => {
  it('counts requests per token, says what is left (RateLimit), and refuses beyond it with Retry-After', async () => {
    const limited = await startApi({ env: { NODE_ENV: 'test', RATE_LIMIT_API_TOKEN: '3' } })
    try {
      await companyWithLicenses(limited.service, company, 1)
      const client = typedApi(limited.origin, (await apiToken(limited.service, { companyId: company })).secret)
      const other = typedApi(limited.origin, (await apiToken(limited.service, { companyId: company })).secret)
      const left: string[] = []
      for (let i = 0; i < 3; i++) {
        const answer = answered(await client.GET('/companies'))
        expect(answer.status).toBe(200)
        expect(answer.headers.get('ratelimit-policy')).toBe('"per-token"; q=3; w=60')
        left.push(/r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1] ?? '')
      }
      expect(left).toEqual(['2', '1', '0'])
      const refused = answered(await client.GET('/companies'))
      expectProblem(refused, 429, 'RATE_LIMITED')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
      // Another token has a limit of its own.
      expect((await other.GET('/companies')).response.status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
