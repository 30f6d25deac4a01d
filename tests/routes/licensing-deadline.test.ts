// The licensing client against a remote service that misbehaves, over real HTTP (a local server on loopback): one
// deadline covers a call and its retries, and only a call that fails outright is tried again (spec §7).
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'

/** How the remote service treats each request it gets. */
let behaviour: (req: http.IncomingMessage, res: http.ServerResponse) => void = () => {}
const attempts: Array<{ key: string | undefined }> = []
const remote = http.createServer((req, res) => {
  attempts.push({ key: req.headers['idempotency-key'] as string | undefined })
  req.resume()
  behaviour(req, res)
})
await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve))

// The deadline is short here; both are read before the portal's env is parsed.
const DEADLINE_MS = 1_000
process.env.LICENSING_API_URL = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/api/licensing`
process.env.LICENSING_TIMEOUT_MS = String(DEADLINE_MS)
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deadline-test-'))

const { callLicensing, GENERIC_FAILURE, NETWORK_RETRIES } = await import('#app/utils/licensing.server')
const { outcomeUnknown } = await import('#app/rules/messages/failures')

beforeEach(() => {
  attempts.length = 0
})
afterAll(async () => {
  remote.closeAllConnections()
  await new Promise((resolve) => remote.close(resolve))
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true })
})

/** A write through the client, and how long it took. */
async function timedLogout() {
  const started = Date.now()
  const answer = await callLicensing('logout', {}, { credential: 'c' })
  return { answer, took: Date.now() - started }
}
const genericFailure = { ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE }
/** A write with no answer may have been done: never reported as failed. */
const unknownOutcome = { ok: false, error: 'OUTCOME_UNKNOWN', message: outcomeUnknown }

describe('one deadline for a licensing call and its retries', () => {
  it('a remote service that never answers: the outcome unknown at the deadline, after one attempt', async () => {
    behaviour = () => {}
    const { answer, took } = await timedLogout()
    expect(answer).toEqual(unknownOutcome)
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 20)
    expect(took).toBeLessThan(DEADLINE_MS + 500)
    expect(attempts).toHaveLength(1)
  })

  it('a remote service that hangs, then resets the connection: tried again while time is left, answered within the deadline', async () => {
    behaviour = (req) => setTimeout(() => req.socket.destroy(), 300)
    const { answer, took } = await timedLogout()
    expect(answer).toEqual(unknownOutcome)
    expect(took).toBeLessThan(DEADLINE_MS + 500)
    // Attempts at about 0, 300, 600 and 900 ms (fewer on a busy machine); none after the deadline.
    expect(attempts.length).toBeGreaterThanOrEqual(2)
    expect(attempts.length).toBeLessThanOrEqual(4)
    // Every attempt of the write carries its one key.
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1)
    expect(attempts[0].key).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a connection reset at once is a call that fails outright: retried five times, then the outcome unknown', async () => {
    behaviour = (req) => req.socket.destroy()
    const { answer, took } = await timedLogout()
    expect(answer).toEqual(unknownOutcome)
    expect(attempts).toHaveLength(1 + NETWORK_RETRIES)
    expect(took).toBeLessThan(DEADLINE_MS)
  })

  it('a 500 with an HTML body (a proxy’s error page) is an answer: not retried', async () => {
    behaviour = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>')
    }
    const { answer } = await timedLogout()
    expect(answer).toEqual(genericFailure)
    expect(attempts).toHaveLength(1)
  })

  it('an answer cut off on its way is tried again, with the same key, and the whole answer is read', async () => {
    behaviour = (_req, res) => {
      if (attempts.length === 1) {
        // Headers and half the body, then the connection drops.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '40' })
        res.write('{"logout":{"comp')
        setTimeout(() => res.socket?.destroy(), 20)
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"logout":{"completed":true}}')
    }
    const { answer } = await timedLogout()
    expect(answer).toEqual({ ok: true, result: { completed: true } })
    expect(attempts).toHaveLength(2)
    expect(attempts[1].key).toBe(attempts[0].key)
  })
})
