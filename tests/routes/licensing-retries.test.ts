import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, signInAs } from '../support/service'
import { makeSubscription } from '../support/subscriptions'

// The portal talks to a remote licensing service with a short deadline: both are read from the env before the portal's
// env is parsed.
const API = 'http://licensing.remote.test/api/licensing'
const TIMEOUT_MS = 1_000
process.env.LICENSING_API_URL = API
process.env.LICENSING_TIMEOUT_MS = String(TIMEOUT_MS)
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-retries-test-'))

const { callLicensing, GENERIC_FAILURE } = await import('#app/utils/licensing.server')

const server = setupServer()
let service: Awaited<ReturnType<typeof createTestService>>
beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  service = await createTestService()
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await service.close()
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true })
})

type Seen = { key: string | null }

describe('retries of the licensing client', () => {
  it('a hanging service answers the generic failure at the deadline: its one attempt had all the time there was', async () => {
    const seen: Seen[] = []
    server.use(
      http.post(API, async ({ request }) => {
        seen.push({ key: request.headers.get('idempotency-key') })
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const started = Date.now()
    const answer = await callLicensing('logout', {}, { credential: 'c' })
    const took = Date.now() - started
    expect(answer).toEqual({ ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE })
    expect(seen).toHaveLength(1)
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 10)
    expect(took).toBeLessThan(TIMEOUT_MS + 2000)
    expect(seen[0].key).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a read carries no idempotency key; a write carries the one it was given', async () => {
    const seen: Seen[] = []
    server.use(
      http.post(API, async ({ request }) => {
        seen.push({ key: request.headers.get('idempotency-key') })
        const op = Object.keys((await request.json()) as object)[0]
        return HttpResponse.json({ [op]: op === 'logout' ? { completed: true } : { logonLink: 'default' } })
      }),
    )
    await callLicensing('accountSettings', null, { credential: 'c' })
    await callLicensing('logout', {}, { credential: 'c', idempotencyKey: 'form-key-0123456789' })
    expect(seen).toEqual([{ key: null }, { key: 'form-key-0123456789' }])
  })

  it('an assignment written before its answer was cut off is retried with its key and succeeds; one mail', async () => {
    const carl = await signInAs(service, 'carl@globex.test')
    const made = await makeSubscription(service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
    const license = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('id', '=', made.licenseIds[0])
      .executeTakeFirstOrThrow()
    const keys: Array<string | null> = []
    server.use(
      http.post(API, async ({ request }) => {
        const key = request.headers.get('idempotency-key')
        keys.push(key)
        const bearer = request.headers.get('authorization')?.slice('Bearer '.length)
        const answer = await service.callText(await request.text(), bearer, key ?? undefined)
        // The first answer is cut off on its way back, after the service committed the write: its length is announced,
        // and the connection breaks after 10 bytes.
        if (keys.length === 1) {
          const whole = JSON.stringify(answer.body)
          return new HttpResponse(cutOff(whole.slice(0, 10)), {
            status: 200,
            headers: { 'content-length': String(Buffer.byteLength(whole)) },
          })
        }
        return HttpResponse.json(answer.body, { status: answer.status })
      }),
    )
    const outcome = await callLicensing(
      'changeAssignment',
      {
        licenses: [{ id: license.id, owner: license.owner, assignedTo: 'cut-off@globex.test', assignedToBefore: '' }],
        sendEmail: true,
      },
      { credential: carl },
    )
    expect(outcome).toEqual({ ok: true, result: { completed: true } })
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    const mails = await service.db
      .selectFrom('mail_outbox')
      .select('to')
      .where('to', '=', 'cut-off@globex.test')
      .execute()
    expect(mails).toHaveLength(1)
  })
})

/** A body that sends its first bytes and then breaks off, as a dropped connection does. */
function cutOff(start: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(start))
      setTimeout(() => controller.error(new Error('connection reset')), 5)
    },
  })
}
