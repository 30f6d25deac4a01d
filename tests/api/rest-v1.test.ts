/**
 * The REST API v1 over real HTTP: token scopes, revoked and expired tokens, another company's id, idempotent writes,
 * compare-and-set, rate limits and problem details; the reads of licenses, subscriptions, seats and the activity log
 * checked against their schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ActivityPage, ApiLicense, LicensePage, Problem, SeatUsage, SubscriptionList } from '../../protocol/api-v1.js'
import { createAccessToken, revokeAccessToken } from '../../service/auth/access-tokens.js'
import { demoRefs } from '../../demo/seed.js'
import { apiClient, apiToken, companyWithLicenses, DAY, startApi, type ApiAnswer } from '../support/api.js'

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
      const answer = await apiClient(server.origin, token)('GET', '/companies')
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
    const answer = await apiClient(server.origin, revoked.secret)('GET', `/companies/${company}/licenses`)
    expectProblem(answer, 401, 'NOT_AUTHENTICATED')
    expect(answer.body.detail).toBe('This API token was revoked: create another in Manage Licenses (API tokens).')

    const expiring = await apiToken(server.service, { companyId: company }, ['read'], {
      expiresAt: Date.now() - DAY + 1000,
      now: Date.now() - DAY,
    })
    const late = await apiClient(server.origin, expiring.secret)('GET', `/companies/${company}/licenses`)
    expectProblem(late, 401, 'NOT_AUTHENTICATED')
    expect(late.body.detail).toBe('This API token has expired: create another in Manage Licenses (API tokens).')
  })

  it('lets a read token read but not assign (403), and the license keeps its holder', async () => {
    const reader = apiClient(server.origin, (await apiToken(server.service, { companyId: company }, ['read'])).secret)
    expect((await reader('GET', `/companies/${company}/licenses/${licenses[0]}`)).status).toBe(200)
    const answer = await reader('POST', `/companies/${company}/licenses/${licenses[0]}/assign`, {
      email: 'dev@example.test',
      expectedHolder: '',
    })
    expectProblem(answer, 403, 'FORBIDDEN')
    expect(answer.body.detail).toContain('This token may only read')
    expect(await holderOf(licenses[0])).toBe('')
  })

  it("answers 404 for another company's id, and for another company's license under its own company", async () => {
    const acme = demoRefs.companies.acme
    for (const path of [
      `/companies/${acme}/licenses`,
      `/companies/${acme}/subscriptions`,
      `/companies/${acme}/seats`,
      `/companies/${acme}/activity`,
      '/companies/no-such-company/licenses',
    ]) {
      expectProblem(await api()('GET', path), 404, 'NOT_FOUND')
    }
    const acmeLicense = await server.service.db
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', acme)
      .executeTakeFirstOrThrow()
    expectProblem(
      await api()('POST', `/companies/${acme}/licenses/${acmeLicense.id}/assign`, {
        email: 'x@example.test',
        expectedHolder: '',
      }),
      404,
      'NOT_FOUND',
    )
    expectProblem(
      await api()('POST', `/companies/${company}/licenses/${acmeLicense.id}/assign`, {
        email: 'x@example.test',
        expectedHolder: '',
      }),
      404,
      'NOT_FOUND',
    )
    expectProblem(await api()('GET', '/me/licenses'), 404, 'NOT_FOUND')
  })

  it("reads a personal token's own licenses, and no company", async () => {
    const { secret: personal } = await apiToken(server.service, { account: 'olivia@acme.test' }, ['read'])
    const mine = await apiClient(server.origin, personal)('GET', '/me/licenses?limit=500')
    expect(mine.status).toBe(200)
    const page = LicensePage.parse(mine.body)
    const own = await server.service.db
      .selectFrom('licenses')
      .select('id')
      .where((eb) => eb.or([eb('owner', '=', 'olivia@acme.test'), eb('assigned_to', '=', 'olivia@acme.test')]))
      .execute()
    expect(page.data.map((l) => l.id).sort()).toEqual(own.map((l) => l.id).sort())
    expect((await apiClient(server.origin, personal)('GET', '/companies')).body).toEqual({ data: [] })
    expectProblem(
      await apiClient(server.origin, personal)('GET', `/companies/${demoRefs.companies.acme}/licenses`),
      404,
      'NOT_FOUND',
    )
  })
})

describe('assign and unassign', () => {
  it('assigns once for one Idempotency-Key, answering a repeat as the first, logged as "API (token name)"', async () => {
    const path = `/companies/${company}/licenses/${licenses[1]}/assign`
    const body = { email: 'Ada@Example.test', expectedHolder: '' }
    const first = await api()('POST', path, body, { 'idempotency-key': 'assign-ada-1' })
    expect(first.status).toBe(200)
    expect(ApiLicense.parse(first.body)).toMatchObject({ id: licenses[1], holder: 'ada@example.test' })
    // Freed meanwhile: a repeat of the key still answers the first request and changes nothing.
    await server.service.db.updateTable('licenses').set({ assigned_to: '' }).where('id', '=', licenses[1]).execute()
    const repeat = await api()('POST', path, body, { 'idempotency-key': 'assign-ada-1' })
    expect(repeat.status).toBe(200)
    expect(repeat.body).toEqual(first.body)
    expect(await holderOf(licenses[1])).toBe('')

    const entries = await server.service.db
      .selectFrom('activity_entries')
      .select(['actor', 'summary'])
      .where('company_id', '=', company)
      .execute()
    expect(entries).toHaveLength(1)
    expect(entries[0].actor).toBe('API (Onboarding script)')
    expect(entries[0].summary).toContain('ada@example.test')

    const reused = await api()(
      'POST',
      path,
      { ...body, email: 'bob@example.test' },
      { 'idempotency-key': 'assign-ada-1' },
    )
    expectProblem(reused, 422, 'IDEMPOTENCY_KEY_REUSED')
  })

  it('refuses a change when the license no longer has the expected holder (409), changing nothing', async () => {
    const path = `/companies/${company}/licenses/${licenses[2]}`
    expect((await api()('POST', `${path}/assign`, { email: 'first@example.test', expectedHolder: '' })).status).toBe(
      200,
    )
    const late = await api()('POST', `${path}/assign`, { email: 'second@example.test', expectedHolder: '' })
    expectProblem(late, 409, 'ASSIGNMENT_CHANGED')
    expect(late.body.detail).toBe('This license was just assigned to first@example.test by someone else.')
    const wrongUnassign = await api()('POST', `${path}/unassign`, { expectedHolder: 'someone@example.test' })
    expectProblem(wrongUnassign, 409, 'ASSIGNMENT_CHANGED')
    expect(await holderOf(licenses[2])).toBe('first@example.test')
    const freed = await api()('POST', `${path}/unassign`, { expectedHolder: 'first@example.test' })
    expect(freed.status).toBe(200)
    expect(freed.body).toMatchObject({ holder: null })
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
    const reader = apiClient(server.origin, (await apiToken(server.service, { companyId: acme }, ['read'])).secret)
    const filtered = LicensePage.parse(
      (await reader('GET', `/companies/${acme}/licenses?product=quokka&state=unassigned`)).body,
    )
    expect(filtered.data.length).toBeGreaterThan(0)
    expect(filtered.data.every((l) => l.product === 'quokka' && l.holder === null && !l.expired)).toBe(true)

    const subscriptions = SubscriptionList.parse((await reader('GET', `/companies/${acme}/subscriptions`)).body)
    expect(subscriptions.data.length).toBeGreaterThan(1)
    expect(subscriptions.data.some((s) => s.state === 'active' && s.nextPayment !== null)).toBe(true)
    for (const s of subscriptions.data)
      expect(s.seats.assigned + s.seats.unassigned).toBeLessThanOrEqual(s.seats.licenses)

    const seats = SeatUsage.parse((await reader('GET', `/companies/${acme}/seats`)).body)
    const total = await server.service.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', acme)
      .executeTakeFirstOrThrow()
    expect(seats.total.licenses).toBe(Number(total.n))

    const first = ActivityPage.parse((await reader('GET', `/companies/${acme}/activity?limit=2`)).body)
    expect(first.data).toHaveLength(2)
    const next = ActivityPage.parse(
      (await reader('GET', `/companies/${acme}/activity?limit=2&cursor=${first.nextCursor}`)).body,
    )
    expect(next.data[0].id).not.toBe(first.data[1].id)
    expect(Date.parse(next.data[0].at)).toBeLessThanOrEqual(Date.parse(first.data[1].at))
  })
})

describe('rate limits', () => {
  it('counts requests per token, says what is left (RateLimit), and refuses beyond it with Retry-After', async () => {
    const limited = await startApi({ env: { NODE_ENV: 'test', RATE_LIMIT_API_TOKEN: '3' } })
    try {
      await companyWithLicenses(limited.service, company, 1)
      const client = apiClient(limited.origin, (await apiToken(limited.service, { companyId: company })).secret)
      const other = apiClient(limited.origin, (await apiToken(limited.service, { companyId: company })).secret)
      const left: string[] = []
      for (let i = 0; i < 3; i++) {
        const answer = await client('GET', '/companies')
        expect(answer.status).toBe(200)
        expect(answer.headers.get('ratelimit-policy')).toBe('"per-token"; q=3; w=60')
        left.push(/r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1] ?? '')
      }
      expect(left).toEqual(['2', '1', '0'])
      const refused = await client('GET', '/companies')
      expectProblem(refused, 429, 'RATE_LIMITED')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
      // Another token has a limit of its own.
      expect((await other('GET', '/companies')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
