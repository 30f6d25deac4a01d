// The OpenAPI 3.1 documents, generated from the zod schemas the service validates with.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi'
import * as z from 'zod'
import { API_V1_BASE, Problem, PROBLEM_CONTENT_TYPE } from '../../protocol/api-v1.js'
import { errorCodes } from '../../protocol/errors.js'
import { emptyPayload, operationNames, operations } from '../../protocol/operations.js'
import { apiV1Endpoints } from '../../protocol/api-v1-endpoints.js'

/** The licensing protocol's version: its minor grows with a new operation, its major with a breaking change. */
export const LICENSING_PROTOCOL_VERSION = '1.0.0'
export const API_V1_VERSION = '1.0.0'
export const LICENSING_OPENAPI_PATH = '/api/licensing/openapi.json'

const refusalWords = new Map<number, string>([
  [400, 'The request does not validate, or its JSON cannot be read.'],
  [401, 'No token, or one that is unknown, revoked or expired.'],
  [403, 'The token lacks the scope.'],
  [404, 'Not found, or not reachable with this token (another company is not found).'],
  [409, 'The license no longer has the expected holder, or the same Idempotency-Key is still being processed.'],
  [422, 'The license cannot be assigned, or the Idempotency-Key was used for a different request.'],
  [429, 'Too many requests for this token: wait for Retry-After seconds.'],
])

export function apiV1Document(publicUrl: string) {
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', 'apiToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API token (lp_api_…), created in Manage Licenses → API tokens.',
  })
  const problem = Problem.meta({ id: 'Problem' })
  const problemAnswer = (status: number) => ({
    description: refusalWords.get(status) ?? 'Refused.',
    content: { [PROBLEM_CONTENT_TYPE]: { schema: problem } },
  })
  const rateLimitHeaders = {
    RateLimit: {
      description: 'What is left of the token\'s limit: `"per-token";r=<left>;t=<seconds>`.',
      schema: { type: 'string' as const },
    },
    'RateLimit-Policy': {
      description: 'The limit: `"per-token";q=<requests>;w=60`.',
      schema: { type: 'string' as const },
    },
  }
  for (const route of Object.values(apiV1Endpoints)) {
    const statuses = [400, 401, ...route.refusals, 429].filter((s, i, all) => all.indexOf(s) === i).sort()
    registry.registerPath({
      method: route.method,
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      security: [{ apiToken: [] }],
      request: {
        ...(route.params ? { params: route.params as z.ZodObject } : {}),
        ...(route.query ? { query: route.query as z.ZodObject } : {}),
        ...(route.method === 'post'
          ? {
              headers: z.object({
                'Idempotency-Key': z
                  .string()
                  .max(200)
                  .optional()
                  .meta({ description: 'A repeat with the same key answers what the first request did.' }),
              }),
            }
          : {}),
        ...(route.body ? { body: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
      },
      responses: {
        200: {
          description: 'OK',
          headers: rateLimitHeaders,
          content: { 'application/json': { schema: route.response } },
        },
        ...Object.fromEntries(statuses.map((status) => [status, problemAnswer(status)])),
      },
    })
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'License Portal REST API',
      version: API_V1_VERSION,
      description:
        "A company's licenses, assignments, subscriptions, seat usage and activity log, with API tokens. " +
        'Errors are RFC 9457 problem details; every write accepts an Idempotency-Key.',
    },
    servers: [{ url: `${publicUrl}${API_V1_BASE}` }],
  })
}

/** The licensing protocol: one endpoint, a body naming one operation, its answer or `{ error, message }` (500). */
export function licensingDocument(publicUrl: string) {
  const registry = new OpenAPIRegistry()
  // JSON Schema has no "undefined": a call without a payload is documented as `{}` or `null`.
  const payloadOf = (name: (typeof operationNames)[number]) =>
    operations[name].payload === emptyPayload ? z.object({}).strict().nullable() : operations[name].payload
  const requests = operationNames.map((name) =>
    z
      .object({ [name]: payloadOf(name) })
      .strict()
      .meta({ id: `${name}Request` }),
  )
  const results = operationNames.map((name) =>
    z.object({ [name]: operations[name].result }).meta({ id: `${name}Result` }),
  )
  const refusal = z.object({ error: z.enum(errorCodes), message: z.string() }).meta({
    id: 'ProtocolError',
    description: 'A refusal: the code names what happened; the message can be shown to a person as it is.',
  })
  registry.registerComponent('securitySchemes', 'session', {
    type: 'http',
    scheme: 'bearer',
    description: 'The session credential `completeAuthentication` or an emailed link gives.',
  })
  registry.registerPath({
    method: 'post',
    path: '/api/licensing',
    operationId: 'licensing',
    summary: 'One operation of the licensing protocol',
    description: `The body names one operation: ${operationNames.join(', ')}.`,
    security: [{ session: [] }, {}],
    request: {
      headers: z.object({ 'Idempotency-Key': z.string().max(200).optional() }),
      body: { required: true, content: { 'application/json': { schema: z.union(requests as never) } } },
    },
    responses: {
      200: {
        description: 'The operation answered.',
        content: { 'application/json': { schema: z.union(results as never) } },
      },
      400: { description: 'The body cannot be read.', content: { 'application/json': { schema: refusal } } },
      429: {
        description: 'Too many requests from this address.',
        content: { 'application/json': { schema: refusal } },
      },
      500: { description: 'The operation refused.', content: { 'application/json': { schema: refusal } } },
    },
  })
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'License Portal licensing protocol',
      version: LICENSING_PROTOCOL_VERSION,
      description:
        'The protocol the portal and the editor extensions speak. Internal: it changes with the portal; integrations ' +
        'use the REST API v1.',
    },
    servers: [{ url: publicUrl }],
  })
}
