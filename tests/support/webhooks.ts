// The webhook tests' fixtures: a receiver on loopback, protocol calls as a signed-in person, the delivery job's options.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { OperationName, Payload } from '../../protocol/operations.js'
import { demoRefs } from '../../demo/seed.js'
import type { DeliveryOptions } from '../../service/webhooks/deliver.js'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createTestService, signInAs } from './service.js'

export type Service = Awaited<ReturnType<typeof createTestService>>

/** A receiver on loopback: what it was sent, and the status (and headers) it answers with. */
type Received = { headers: Record<string, string>; body: string }
export async function startReceiver() {
  const received: Received[] = []
  const state = { status: 204, headers: {} as Record<string, string> }
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
      received.push({ headers, body })
      res.statusCode = state.status
      for (const [name, value] of Object.entries(state.headers)) res.setHeader(name, value)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return {
    url,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export const GLOBEX = demoRefs.companies.globex
export const carl = 'carl@globex.test'

export function asker(service: Service) {
  return async function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string) {
    const answer = await service.call({ [op]: payload }, credential)
    return {
      status: answer.status,
      body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
    }
  }
}

export function jobOptions(service: Service, extra: Partial<DeliveryOptions> = {}): DeliveryOptions {
  return {
    db: service.db,
    mailer: service.mailer,
    policy: () => service.config.webhooks,
    publicUrl: () => service.config.publicUrl,
    ...extra,
  }
}

/** A service admitting receivers on loopback, its protocol calls, and Globex's administrator signed in. */
export async function loopbackWebhooks() {
  const service = await createTestService({ env: { NODE_ENV: 'test', WEBHOOKS_ALLOW_LOOPBACK: '1' } })
  return { service, ask: asker(service), admin: await signInAs(service, carl) }
}

/** The suite's `loopbackWebhooks()`, set before its tests and closed after them, and a fresh receiver for each test. */
export function loopbackWebhookSuite() {
  const t = {} as Awaited<ReturnType<typeof loopbackWebhooks>> & { receiver: Awaited<ReturnType<typeof startReceiver>> }
  beforeAll(async () => {
    Object.assign(t, await loopbackWebhooks())
  })
  afterAll(() => t.service.close())
  beforeEach(async () => {
    t.receiver = await startReceiver()
    return () => t.receiver.close()
  })
  return t
}
