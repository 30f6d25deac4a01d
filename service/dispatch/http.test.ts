import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, serveOverHttp } from '../../tests/support/service.js'

// The licensing endpoint over real HTTP: every failure, the body parser's included, answers the protocol's
// `{ error, message }` as JSON with a fitting status, never an HTML page, a stack or a file path.
let service: Awaited<ReturnType<typeof createTestService>>
let served: Awaited<ReturnType<typeof serveOverHttp>>
let origin: string

beforeAll(async () => {
  service = await createTestService()
  served = await serveOverHttp(service)
  origin = served.origin
})
afterAll(async () => {
  await served.close()
  await service.close()
})

/** A raw request (fetch would refuse a false Content-Encoding), read back as status, content type and text. */
function send(path: string, body: string | Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    request.on('error', reject)
    request.end(body)
  })
}

function expectProtocolError(answer: { status: number; type: string; text: string }, status: number, code: string) {
  expect(answer.status).toBe(status)
  expect(answer.type).toMatch(/^application\/json/)
  const body = JSON.parse(answer.text) as { error: string; message: string }
  expect(body.error).toBe(code)
  expect(body.message.length).toBeGreaterThan(0)
  expect(answer.text).not.toContain(process.cwd())
  expect(answer.text).not.toMatch(/\bat \S+ \(/)
}

describe('POST /api/licensing refusals before any operation', () => {
  const json = { 'Content-Type': 'application/json' }

  it('a body over 1 MB is a 413 that names the limit', async () => {
    const big = JSON.stringify({ retrieveDetails: { padding: 'x'.repeat(1_100_000) } })
    const answer = await send('/api/licensing', big, json)
    expectProtocolError(answer, 413, 'MALFORMED_REQUEST')
    expect(JSON.parse(answer.text).message).toBe(
      'The request body is larger than 1 MB, the most this endpoint accepts.',
    )
  })

  it('a body that says it is gzip but is not is a 400', async () => {
    const answer = await send('/api/licensing', '{"retrieveDetails":{}}', { ...json, 'Content-Encoding': 'gzip' })
    expectProtocolError(answer, 400, 'MALFORMED_REQUEST')
  })

  it('an encoding the server does not read is a 415', async () => {
    const answer = await send('/api/licensing', '{"retrieveDetails":{}}', { ...json, 'Content-Encoding': 'zstd-x' })
    expectProtocolError(answer, 415, 'MALFORMED_REQUEST')
  })

  it('an unknown charset is a 415', async () => {
    const answer = await send('/api/licensing', '{"retrieveDetails":{}}', {
      'Content-Type': 'application/json; charset=x-klingon',
    })
    expectProtocolError(answer, 415, 'MALFORMED_REQUEST')
  })

  it('a body that is not JSON is the protocol error the spec gives (500, MALFORMED_REQUEST)', async () => {
    expectProtocolError(await send('/api/licensing', '{"retrieveDetails":', json), 500, 'MALFORMED_REQUEST')
  })

  it('a prototype name as the operation is an unknown operation', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await send('/api/licensing', `{"${name}":{}}`, json)
      expectProtocolError(answer, 500, 'UNKNOWN_OPERATION')
    }
  })
})

describe('other /api addresses', () => {
  it('an address with no endpoint is a 404 in the protocol shape', async () => {
    expectProtocolError(
      await send('/api/nothing-here', '{}', { 'Content-Type': 'application/json' }),
      404,
      'UNKNOWN_OPERATION',
    )
    expectProtocolError(await send('/api/constructor', '', {}), 404, 'UNKNOWN_OPERATION')
  })

  it('a webhook body over the limit of /api is a 413 in the protocol shape', async () => {
    const answer = await send('/api/paddle/webhook', `alert_name=${'x'.repeat(1_100_000)}`, {
      'Content-Type': 'application/x-www-form-urlencoded',
    })
    expectProtocolError(answer, 413, 'MALFORMED_REQUEST')
  })
})
