/**
 * The contract of the published documents: `/api/v1/openapi.json` and the licensing protocol's document validate as
 * OpenAPI 3.1 (a registry validator); every route the API serves is documented, and every documented route answers
 * with its documented status and an answer its documented schema accepts (checked with a JSON Schema validator).
 */
import fs from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import Ajv2020 from 'ajv/dist/2020.js'
import type express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRouter, expressPath } from '../../service/api/router.js'
import { operationNames } from '../../protocol/operations.js'
import { apiV1Endpoints } from '../../protocol/api/api-v1-endpoints.js'
import { errorCodes } from '../../protocol/shared/errors.js'
import { apiTokenScopes } from '../../protocol/shared/access-tokens.js'
import { demoRefs } from '../../demo/seed.js'
import { webhookResolver } from '../../service/webhooks/operations.js'
import { apiClient, apiToken, companyWithLicenses, contractFixtures, startApi } from '../support/api.js'
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js'
import { API_TYPES_FILE, apiV1Types } from '../../scripts/api-types.js'

type Operation = {
  operationId: string
  parameters?: Array<{ name: string; in: string }>
  responses: Record<string, { content?: Record<string, { schema: object }> }>
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components?: object }

let server: Awaited<ReturnType<typeof startApi>>
const company = 'cmp_api_contract'
let licenses: string[]
let secret: string
/** The ids a path or an example names (`{machineKey}`, `LICENSE_ID`): a machine, a webhook's delivery, a reclaim. */
let ids: Record<string, string>
/** The company's OpenID provider its sign-in settings name, on loopback. */
let idp: TestOidcProvider
const resolve = webhookResolver.resolve

beforeAll(async () => {
  server = await startApi()
  licenses = await companyWithLicenses(server.service, company, 3)
  secret = (await apiToken(server.service, { companyId: company }, [...apiTokenScopes])).secret
  ids = {
    licenseId: licenses[0],
    LICENSE_ID: licenses[0],
    ...(await contractFixtures(server.service, company, licenses)),
  }
  idp = await startOidcProvider({ redirectUris: [`${server.origin}/auth/company/`] })
  Object.assign(ids, { ISSUER: idp.issuer, CLIENT_ID: idp.clientId, CLIENT_SECRET: idp.clientSecret })
  // A public address for the example's webhook host, found without asking DNS.
  webhookResolver.resolve = async () => [{ address: '93.184.215.14', family: 4 }]
}, 60_000)
afterAll(async () => {
  webhookResolver.resolve = resolve
  await server.close()
  await idp.close()
})

/** A JSON pointer's token (RFC 6901). */
const pointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1')

async function documentAt(path: string): Promise<Document> {
  const answer = await fetch(`${server.origin}${path}`)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toContain('application/json')
  return (await answer.json()) as Document
}

async function expectValid(document: Document) {
  const validator = new Validator()
  const result = await validator.validate(document as never)
  expect(result.errors ?? []).toEqual([])
  expect(result.valid).toBe(true)
  expect(validator.version).toBe('3.1')
}

/** The example request each endpoint declares (shown as curl on /developers); a documented route without one fails. */
const examples = new Map(
  Object.values(apiV1Endpoints).map((e) => [e.operationId, e.example as { query?: string; body?: unknown }]),
)

describe('REST API v1 document', () => {
  it('validates as OpenAPI 3.1 and documents exactly the routes the router serves', async () => {
    const document = await documentAt('/api/v1/openapi.json')
    await expectValid(document)
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${expressPath(path)}`),
    )
    // What the router itself serves, read from its routes (the documents and the fallbacks aside).
    const stack = (
      apiRouter(server.service) as unknown as {
        stack: Array<{ route?: express.IRoute & { methods: Record<string, boolean> } }>
      }
    ).stack
    const served = stack.flatMap((layer) =>
      layer.route && !layer.route.path.toString().endsWith('openapi.json') && !layer.route.methods._all
        ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${String(layer.route!.path)}`)
        : [],
    )
    expect(served.sort()).toEqual(documented.sort())
  })

  it('answers every documented route with its documented status and schema, a refusal with the Problem schema', async () => {
    const document = await documentAt('/api/v1/openapi.json')
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    ajv.addSchema({ ...document, $id: 'openapi.json' })
    const api = apiClient(server.origin, secret)
    const { secret: personal } = await apiToken(server.service, { account: 'olivia@acme.test' }, ['read'])
    const answered: string[] = []
    // Assign before unassign: the documented order of the paths.
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const example = examples.get(operation.operationId)
        expect(example, `an example request for ${operation.operationId}`).toBeDefined()
        // A restart, an upgrade or an offer is of a subscription it fits, with the id of a preview of it.
        const previewed = previewedChanges.get(operation.operationId)
        const named = previewed ? await previewedIds(api, previewed) : ids
        const url =
          path.replace('{companyId}', company).replace(/\{(\w+)\}/g, (_, name: string) => named[name]) +
          (example?.query ?? '')
        const body =
          example?.body &&
          JSON.parse(
            JSON.stringify(example.body).replace(/"([A-Z_]+)"/g, (m, name: string) =>
              named[name] ? `"${named[name]}"` : m,
            ),
          )
        const client = path.startsWith('/me/') ? apiClient(server.origin, personal) : api
        const answer = await client(method.toUpperCase(), url, body)
        expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(200)
        const at = (status: number, type: string) => ({
          $ref: `openapi.json#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer(type)}/schema`,
        })
        expect(
          ajv.validate(at(200, 'application/json'), answer.body),
          `${operation.operationId}: ${ajv.errorsText()}`,
        ).toBe(true)
        answered.push(operation.operationId)
        // A preview's id is what the change after it takes.
        if (typeof answer.body.previewId === 'string') ids.PREVIEW_ID = answer.body.previewId

        const refused = await client(method.toUpperCase(), url.replace(company, demoRefs.companies.acme), body)
        if (path.includes('{companyId}')) {
          expect(refused.status).toBe(404)
          expect(ajv.validate(at(404, 'application/problem+json'), refused.body), ajv.errorsText()).toBe(true)
        }
      }
    }
    expect(answered.sort()).toEqual([...examples.keys()].sort())
  })
})

/** Each change previewed first: the subscription it fits (an id of the fixtures) and the preview asked. */
const previewedChanges = new Map([
  ['restartSubscription', { subscription: 'pausedSubscriptionId', body: { change: 'restart' } }],
  ['upgradeSubscription', { subscription: 'monthlySubscriptionId', body: { change: 'upgrade' } }],
  ['acceptSubscriptionOffer', { subscription: 'offeredSubscriptionId', body: { change: 'offer', country: 'US' } }],
])

async function previewedIds(
  api: ReturnType<typeof apiClient>,
  { subscription, body }: { subscription: string; body: object },
): Promise<Record<string, string>> {
  const subscriptionId = ids[subscription]!
  const preview = await api('POST', `/companies/${company}/subscriptions/${subscriptionId}/preview`, body)
  expect(preview.status, JSON.stringify(preview.body)).toBe(200)
  return { ...ids, subscriptionId, PREVIEW_ID: String(preview.body.previewId) }
}

describe('the typed client', () => {
  it('has the types the served document generates: a change to the API without `npm run api:types` fails here', async () => {
    const document = await documentAt('/api/v1/openapi.json')
    const committed = fs.readFileSync(API_TYPES_FILE, 'utf8')
    expect(await apiV1Types(document), `${API_TYPES_FILE} is stale: run npm run api:types`).toBe(committed)
  })
})

describe('licensing protocol document', () => {
  it('validates as OpenAPI 3.1, is versioned, and names every operation and error code', async () => {
    const document = (await documentAt('/api/licensing/openapi.json')) as Document & {
      info: { version: string }
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> }
    }
    await expectValid(document)
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(Object.keys(document.paths)).toEqual(['/api/licensing'])
    for (const name of operationNames) {
      expect(document.components.schemas[`${name}Request`], name).toBeDefined()
      expect(document.components.schemas[`${name}Result`], name).toBeDefined()
    }
    expect(document.components.schemas.ProtocolError.properties?.error.enum).toEqual([...errorCodes])
  })
})
