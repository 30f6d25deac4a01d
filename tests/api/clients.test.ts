/**
 * The REST API as HTTP clients meet it, through the server's own layers in front of it (body limits, the per-address
 * limit): RFC 6750's challenge, RFC 9457 problem details from whichever layer refuses, RFC 9110's 415, one RateLimit
 * syntax with a limit per token, the OpenAPI document's refusals, and Stripe's mark on a replayed Idempotency-Key.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import type { Logger } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiProblemCodes, Problem } from '../../protocol/api/api-v1.js'
import type { Config } from '../../config/config.js'
import { boundedBodies } from '../../server/bodies.js'
import { apiV1Document } from '../../service/api/openapi.js'
import { rateLimits } from '../../server/guards.js'
import { serviceRouter } from '../../service/dispatch/http.js'
import { apiClient, apiToken, companyWithLicenses, DAY, type ApiAnswer } from '../support/api.js'
import { createTestService } from '../support/service.js'

const ADDRESS_LIMIT = 8
let service: Awaited<ReturnType<typeof createTestService>>
let origin: string
let close: () => Promise<void>
const company = 'cmp_api_clients'
let licenses: string[]
let secret: string

/** The layers server.ts puts before the service's endpoints, in its order. */
beforeAll(async () => {
  service = await createTestService({ env: { NODE_ENV: 'test', RATE_LIMIT_API_TOKEN: '20' } })
  const config = { publicUrl: undefined, rateLimits: { api: ADDRESS_LIMIT, forms: 60, apiToken: 20 } } as Config
  const app = express()
  app.use(boundedBodies())
  app.use('/api', rateLimits(config, { warn: () => {} } as unknown as Logger).api)
  app.use(serviceRouter(service))
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  licenses = await companyWithLicenses(service, company, 3)
  secret = (await apiToken(service, { companyId: company })).secret
}, 60_000)
afterAll(async () => {
  await close()
  await service.close()
})

function expectProblem(answer: ApiAnswer, status: number, code: string) {
  expect(answer.status).toBe(status)
  expect(answer.headers.get('content-type')).toContain('application/problem+json')
  expect(Problem.parse(answer.body)).toMatchObject({ status, code })
}

describe('the bearer challenge (RFC 6750 §3.1)', () => {
  it('names no error without credentials or with another scheme, and invalid_token for a token refused', async () => {
    const none = await apiClient(origin, undefined)('GET', '/companies')
    expectProblem(none, 401, 'NOT_AUTHENTICATED')
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="License Portal API"')
    const basic = await apiClient(origin, undefined)('GET', '/companies', undefined, {
      authorization: 'Basic dXNlcjpwYXNz',
    })
    expect(basic.headers.get('www-authenticate')).toBe('Bearer realm="License Portal API"')
    const unknown = await apiClient(origin, 'lp_api_unknown')('GET', '/companies')
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer realm="License Portal API", error="invalid_token"')
  })
})

describe('problem details from every layer', () => {
  it('answers the API’s own base address, a body over 1 MB declared by Content-Length, and a 405 as problems', async () => {
    const api = apiClient(origin, secret)
    expectProblem(await api('GET', ''), 404, 'NOT_FOUND')
    const huge = await api('POST', `/companies/${company}/licenses/${licenses[0]}/assign`, 'x'.repeat(1024 * 1024 + 10))
    expectProblem(huge, 413, 'MALFORMED_REQUEST')
    const wrongMethod = await api('DELETE', `/companies/${company}/licenses`)
    expectProblem(wrongMethod, 405, 'MALFORMED_REQUEST')
    // RFC 9457 §3.1.3: one type, one title, whatever the status.
    expect(new Set([huge.body.title, wrongMethod.body.title])).toEqual(new Set(['Malformed request']))
  })

  it('refuses a text/plain or form body with 415, saying to send JSON', async () => {
    const api = apiClient(origin, secret)
    const path = `/companies/${company}/licenses/${licenses[0]}/assign`
    const body = JSON.stringify({ email: 'ada@clients.test', expectedHolder: '' })
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await api('POST', path, body, { 'content-type': type })
      expectProblem(answer, 415, 'MALFORMED_REQUEST')
      expect(answer.body.detail).toBe('Send the body as JSON, with Content-Type: application/json.')
    }
    expect(
      (
        await service.db
          .selectFrom('licenses')
          .select('assigned_to')
          .where('id', '=', licenses[0])
          .executeTakeFirstOrThrow()
      ).assigned_to,
    ).toBe('')
  })
})

describe('rate limits', () => {
  it("one token's burst past the per-address limit never locks out another token; both limits speak one syntax", async () => {
    const burst = apiClient(
      origin,
      (await apiToken(service, { companyId: company }, ['read'], { name: 'Burst' })).secret,
    )
    for (let i = 0; i < 20; i++) {
      const answer = await burst('GET', '/companies')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('ratelimit')).toMatch(/^"per-token"; r=\d+; t=\d+$/)
    }
    expectProblem(await burst('GET', '/companies'), 429, 'RATE_LIMITED')
    const other = apiClient(
      origin,
      (await apiToken(service, { companyId: company }, ['read'], { name: 'Other' })).secret,
    )
    expect((await other('GET', '/companies')).status).toBe(200)

    // Requests without a token are counted per address, and refused as problem details in the same syntax.
    const anonymous = apiClient(origin, undefined)
    let last: ApiAnswer | undefined
    for (let i = 0; i <= ADDRESS_LIMIT; i++) last = await anonymous('GET', '/openapi.json')
    expect(last!.headers.get('ratelimit-policy')).toMatch(/^"per-address"; q=8; w=60/)
    expectProblem(last!, 429, 'RATE_LIMITED')
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await other('GET', '/companies')).status).toBe(200)
  })
})

describe('the rule of what can be assigned, as the spec and /developers say it', () => {
  it('assigns an expired license one at a time, as /manage does', async () => {
    const [expired] = await companyWithLicenses(service, 'cmp_api_expired', 1, Date.now() - 400 * DAY)
    const token = (await apiToken(service, { companyId: 'cmp_api_expired' })).secret
    const path = `/companies/cmp_api_expired/licenses/${expired}/assign`
    const answer = await apiClient(origin, token)('POST', path, { email: 'late@clients.test', expectedHolder: '' })
    expect(answer).toMatchObject({ status: 200, body: { expired: true, holder: 'late@clients.test' } })
    // The names webhooks use, beside the deprecated ones of v1 (decision 0022).
    const { productGroup, orderId, keyNumber, product, order, key } = answer.body
    expect({ productGroup, orderId, keyNumber }).toEqual({ productGroup: product, orderId: order, keyNumber: key })
    const cannotAssign = apiProblemCodes.find((p) => p.code === 'CANNOT_ASSIGN')
    expect(cannotAssign?.meaning).toContain('an expired one can be, one at a time')
  })
})

describe('idempotent replays', () => {
  it('marks the answer to a repeated Idempotency-Key with Idempotent-Replayed: true, never the first', async () => {
    const api = apiClient(origin, secret)
    const path = `/companies/${company}/licenses/${licenses[1]}/assign`
    const body = { email: 'grace@clients.test', expectedHolder: '' }
    const first = await api('POST', path, body, { 'idempotency-key': 'replay-1' })
    expect(first.status).toBe(200)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const repeat = await api('POST', path, body, { 'idempotency-key': 'replay-1' })
    expect(repeat).toMatchObject({ status: 200, body: first.body })
    expect(repeat.headers.get('idempotent-replayed')).toBe('true')
  })
})

describe('the OpenAPI document', () => {
  it('documents Retry-After on every 429, and 413 and 415 on every operation with a body', async () => {
    const document = apiV1Document('http://portal.test') as unknown as {
      paths: Record<string, Record<string, { requestBody?: object; responses: Record<string, { headers?: object }> }>>
    }
    for (const operation of Object.values(document.paths).flatMap((methods) => Object.values(methods))) {
      expect(operation.responses['429'].headers).toHaveProperty('Retry-After')
      if (operation.requestBody)
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['413', '415']))
    }
  })
})
