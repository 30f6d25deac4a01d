// The OpenAPI 3.1 documents, generated from the zod schemas the service validates with.
import * as z from 'zod/mini'
import { API_V1_BASE, IdempotencyKeyHeader, Problem, PROBLEM_CONTENT_TYPE } from '../../protocol/api/api-v1.js'
import { errorCodes } from '../../protocol/shared/errors.js'
import { emptyPayload, operationNames, operations } from '../../protocol/operations.js'
import { apiV1Endpoints } from '../../protocol/api/api-v1-endpoints.js'
import { API_V1_VERSION } from '../../protocol/api/api-v1-changelog.js'

/** The licensing protocol's version: its minor grows with a new operation, its major with a breaking change. */
export const LICENSING_PROTOCOL_VERSION = '2.0.0'
export const LICENSING_OPENAPI_PATH = '/api/licensing/openapi.json'

// Schemas are read as zod core types only, so classic and `zod/mini` schemas are documented alike.
type Schema = z.core.$ZodType
type JsonSchema = z.core.JSONSchema.BaseSchema
/** A request is documented as what it accepts (`input`), an answer as what it gives (`output`). */
type Io = 'input' | 'output'
type Component = { id: string; schema: Schema; description?: string }

const refTo = (id: string) => `#/components/schemas/${id}`
const options = (io: Io) => ({
  io,
  target: 'draft-2020-12' as const,
  // Within v1 an answer gains fields (protocol/api/api-v1.ts): only a strict object refuses unknown ones.
  override: ({ zodSchema, jsonSchema }: { zodSchema: Schema; jsonSchema: JsonSchema }) => {
    const def = zodSchema._zod.def
    if (def.type === 'object' && !('catchall' in def && def.catchall)) delete jsonSchema.additionalProperties
  },
})

/** One schema inline: OpenAPI 3.1's dialect is JSON Schema 2020-12, without a `$schema` of its own. */
export function jsonSchemaOf(schema: Schema, io: Io): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, options(io))
  return json
}

/** Named schemas as `components.schemas`, referring to each other by `$ref`. */
export function componentsOf(components: Component[], io: Io): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string; description?: string }>()
  for (const { schema, ...meta } of components) registry.add(schema, meta)
  const { schemas } = z.toJSONSchema(registry, { ...options(io), metadata: registry, uri: refTo })
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _, $id: __, ...json }]) => [id, json]))
}

/** One parameter per property of an object schema (path or query). */
export function parametersOf(schema: Schema, place: 'path' | 'query') {
  const { properties = {}, required = [] } = jsonSchemaOf(schema, 'input')
  return Object.entries(properties).map(([name, json]) => ({
    name,
    in: place,
    required: required.includes(name),
    schema: json,
  }))
}

const idempotencyKey = (description?: string) => ({
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  ...(description ? { description } : {}),
  schema: jsonSchemaOf(IdempotencyKeyHeader, 'input'),
})

const json = (schema: JsonSchema) => ({ 'application/json': { schema } })

const refusalWords = new Map<number, string>([
  [400, 'The request does not validate, or its JSON cannot be read.'],
  [401, 'No token, or one that is unknown, revoked or expired.'],
  [402, 'The request was valid, but the payment provider refused the charge (`CHARGE_ERROR`).'],
  [403, 'The token lacks the scope the endpoint needs, or the change is not one its company may make.'],
  [404, 'Not found, or not reachable with this token (another company is not found).'],
  [
    409,
    'The state changed or the change conflicts with it (see `code`), or the Idempotency-Key is still being processed.',
  ],
  [422, 'The change does not fit (see `code`), or the Idempotency-Key was used for a different request.'],
  [413, 'The body is larger than 1 MB.'],
  [415, 'The body is not application/json.'],
  [429, 'Too many requests for this token: wait for Retry-After seconds.'],
])

export function apiV1Document(publicUrl: string) {
  const header = (description: string, type = 'string') => ({ description, schema: { type } })
  const rateLimitHeaders = {
    RateLimit: header('What is left of the token\'s limit: `"per-token"; r=<left>; t=<seconds>`.'),
    'RateLimit-Policy': header('The limit: `"per-token"; q=<requests>; w=60`.'),
  }
  const refusalHeaders = new Map<number, Record<string, object>>([
    [
      401,
      {
        'WWW-Authenticate': header(
          '`Bearer realm="License Portal API"`, with `error="invalid_token"` for a token refused.',
        ),
      },
    ],
    [429, { 'Retry-After': header('Seconds until the limit allows a request again.', 'integer'), ...rateLimitHeaders }],
  ])
  const problemAnswer = (status: number) => ({
    description: refusalWords.get(status) ?? 'Refused.',
    ...(Object.keys(refusalHeaders.get(status) ?? {}).length ? { headers: refusalHeaders.get(status) } : {}),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: refTo('Problem') } } },
  })
  const paths: Record<string, Record<string, object>> = {}
  for (const route of Object.values(apiV1Endpoints)) {
    const bodyRefusals = route.body ? [413, 415] : []
    const statuses = [400, 401, ...route.refusals, ...bodyRefusals, 429]
      .filter((s, i, all) => all.indexOf(s) === i)
      .sort()
    const parameters = [
      ...(route.params ? parametersOf(route.params, 'path') : []),
      ...(route.query ? parametersOf(route.query, 'query') : []),
      ...(route.method === 'post'
        ? [
            idempotencyKey(
              route.secretAnswer
                ? 'A repeat with the same key is refused (422): the secret is answered once.'
                : 'A repeat with the same key answers what the first request did.',
            ),
          ]
        : []),
    ]
    paths[route.path] = {
      ...paths[route.path],
      [route.method]: {
        operationId: route.operationId,
        summary: route.summary,
        description: route.description,
        security: [{ apiToken: [] }],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.body ? { requestBody: { required: true, content: json(jsonSchemaOf(route.body, 'input')) } } : {}),
        responses: {
          200: { description: 'OK', headers: rateLimitHeaders, content: json(jsonSchemaOf(route.response, 'output')) },
          ...Object.fromEntries(statuses.map((status) => [status, problemAnswer(status)])),
        },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'License Portal REST API',
      version: API_V1_VERSION,
      description:
        "A company's licenses, assignments, subscriptions, seat usage and activity log, with API tokens. " +
        'Errors are RFC 9457 problem details; every write accepts an Idempotency-Key.',
    },
    servers: [{ url: `${publicUrl}${API_V1_BASE}` }],
    components: {
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API token (lp_api_…), created in Manage Licenses → API tokens.',
        },
      },
      schemas: componentsOf([{ id: 'Problem', schema: Problem }], 'output'),
    },
    paths,
  }
}

/** The licensing protocol: one endpoint, a body naming one operation, its answer or `{ error, message }` (500). */
export function licensingDocument(publicUrl: string) {
  // JSON Schema has no "undefined": a call without a payload is documented as `{}` or `null`.
  const payloadOf = (name: (typeof operationNames)[number]): Schema =>
    operations[name].payload === emptyPayload ? z.nullable(z.strictObject({})) : operations[name].payload
  const requests = operationNames.map((name) => ({
    id: `${name}Request`,
    schema: z.strictObject({ [name]: payloadOf(name) }),
  }))
  const results = operationNames.map((name) => ({
    id: `${name}Result`,
    schema: z.object({ [name]: operations[name].result as Schema }),
  }))
  const refusal = {
    id: 'ProtocolError',
    schema: z.object({ error: z.enum(errorCodes), message: z.string() }),
    description: 'A refusal: the code names what happened; the message can be shown to a person as it is.',
  }
  const anyOf = (components: Component[]) => ({ anyOf: components.map(({ id }) => ({ $ref: refTo(id) })) })
  const refused = (description: string) => ({ description, content: json({ $ref: refTo(refusal.id) }) })
  return {
    openapi: '3.1.0',
    info: {
      title: 'License Portal licensing protocol',
      version: LICENSING_PROTOCOL_VERSION,
      description:
        'The protocol the portal and the editor extensions speak. Internal: it changes with the portal; integrations ' +
        'use the REST API v1.',
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session credential `completeAuthentication` or an emailed link gives.',
        },
      },
      schemas: { ...componentsOf(requests, 'input'), ...componentsOf([...results, refusal], 'output') },
    },
    paths: {
      '/api/licensing': {
        post: {
          operationId: 'licensing',
          summary: 'One operation of the licensing protocol',
          description: `The body names one operation: ${operationNames.join(', ')}.`,
          security: [{ session: [] }, {}],
          parameters: [idempotencyKey()],
          requestBody: { required: true, content: json(anyOf(requests)) },
          responses: {
            200: { description: 'The operation answered.', content: json(anyOf(results)) },
            400: refused('The body cannot be read.'),
            429: refused('Too many requests from this address.'),
            500: refused('The operation refused.'),
          },
        },
      },
    },
  }
}
