/**
 * The documents' schemas come from zod's own JSON Schema conversion, which reads `zod/mini` schemas as it reads classic
 * ones: the protocol's schemas can be written in either.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it, vi } from 'vitest'
import * as zm from 'zod/mini'
import { apiV1Document, componentsOf, jsonSchemaOf, parametersOf } from '../../service/api/openapi.js'

// The REST API's Problem and its assign endpoint, written in zod/mini.
vi.mock('../../protocol/api/api-v1.js', async (importOriginal) => {
  const zm = await import('zod/mini')
  const problem = zm.object({ type: zm.string(), title: zm.string(), status: zm.int(), detail: zm.string() })
  return { ...(await importOriginal<object>()), Problem: problem }
})
vi.mock('../../protocol/api/api-v1-endpoints.js', async (importOriginal) => {
  const zm = await import('zod/mini')
  const { apiV1Endpoints } = await importOriginal<typeof import('../../protocol/api/api-v1-endpoints.js')>()
  const assignLicense = {
    ...apiV1Endpoints.assignLicense,
    params: zm.object({ companyId: zm.string(), licenseId: zm.string() }),
    body: zm.object({ email: zm.email(), notify: zm._default(zm.boolean(), false) }),
    response: zm.object({ id: zm.string(), holder: zm.nullable(zm.string()) }),
  }
  return { apiV1Endpoints: { assignLicense } }
})

const Filter = zm.object({
  name: zm.string().check(zm.minLength(1), zm.maxLength(20)),
  state: zm.optional(zm.enum(['assigned', 'unassigned'])),
  limit: zm._default(zm.int().check(zm.minimum(1), zm.maximum(500)), 100),
  holder: zm.nullable(zm.email()),
})

describe('documenting zod/mini schemas', () => {
  it('converts an object with optional, default, enum and nullable fields, as a request accepts it', () => {
    expect(jsonSchemaOf(Filter, 'input')).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 20 },
        state: { type: 'string', enum: ['assigned', 'unassigned'] },
        limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
        holder: { anyOf: [{ type: 'string', format: 'email', pattern: expect.any(String) }, { type: 'null' }] },
      },
      required: ['name', 'holder'],
    })
  })

  it('marks a defaulted field required in an answer, and leaves room for fields added later', () => {
    const answer = jsonSchemaOf(Filter, 'output')
    expect(answer.required).toEqual(['name', 'limit', 'holder'])
    expect(answer).not.toHaveProperty('additionalProperties')
    expect(jsonSchemaOf(zm.strictObject({ name: zm.string() }), 'output')).toMatchObject({
      additionalProperties: false,
    })
  })

  it('gives one parameter per property, required unless optional or defaulted', () => {
    expect(parametersOf(Filter, 'query').map(({ name, required }) => [name, required])).toEqual([
      ['name', true],
      ['state', false],
      ['limit', false],
      ['holder', true],
    ])
    expect(parametersOf(Filter, 'query')[2]).toMatchObject({ in: 'query', schema: { default: 100 } })
  })

  it('names components and refers to them by $ref, with their description', () => {
    const Holder = zm.object({ email: zm.string() })
    const Page = zm.object({ data: zm.array(Holder), nextCursor: zm.nullable(zm.string()) })
    expect(
      componentsOf(
        [
          { id: 'Holder', schema: Holder, description: 'A person.' },
          { id: 'Page', schema: Page },
        ],
        'output',
      ),
    ).toEqual({
      Holder: {
        type: 'object',
        description: 'A person.',
        properties: { email: { type: 'string' } },
        required: ['email'],
      },
      Page: {
        type: 'object',
        properties: {
          data: { type: 'array', items: { $ref: '#/components/schemas/Holder' } },
          nextCursor: { type: ['string', 'null'] },
        },
        required: ['data', 'nextCursor'],
      },
    })
  })

  it('generates a valid OpenAPI 3.1 document from endpoints written in zod/mini', async () => {
    const document = apiV1Document('https://portal.test')
    const validator = new Validator()
    expect((await validator.validate(document as never)).errors ?? []).toEqual([])
    const assign = document.paths['/companies/{companyId}/licenses/{licenseId}/assign'].post as {
      parameters: Array<{ name: string; in: string; required: boolean }>
      requestBody: { content: { 'application/json': { schema: object } } }
      responses: Record<number, { content: Record<string, { schema: object }> }>
    }
    expect(assign.parameters.map(({ name, in: place, required }) => [name, place, required])).toEqual([
      ['companyId', 'path', true],
      ['licenseId', 'path', true],
      ['Idempotency-Key', 'header', false],
    ])
    expect(assign.requestBody.content['application/json'].schema).toMatchObject({
      properties: { email: { format: 'email' }, notify: { type: 'boolean', default: false } },
      required: ['email'],
    })
    expect(assign.responses[200].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, holder: { type: ['string', 'null'] } },
      required: ['id', 'holder'],
    })
    expect(assign.responses[409].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    })
    expect(document.components.schemas.Problem).toMatchObject({ required: ['type', 'title', 'status', 'detail'] })
  })
})
