import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, signInAs } from '../support/service'
import { makeSubscription } from '../support/subscriptions'
import { cookieFrom, formRequest, settle, signInPageAfter } from './account-stub'

// The portal talks to a remote licensing service with a short deadline: both are read from the env before the portal's
// env is parsed.
const API = 'http://licensing.remote.test/api/licensing'
const TIMEOUT_MS = 1_000
process.env.LICENSING_API_URL = API
process.env.LICENSING_TIMEOUT_MS = String(TIMEOUT_MS)
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-retries-test-'))

const { callLicensing, GENERIC_FAILURE } = await import('#app/utils/licensing.server')
const { outcomeUnknown } = await import('#app/rules/messages/failures')
const { signInLinkUnknown } = await import('#app/rules/messages/sign-in')
const { loader: manageLoader, action: manageAction } = await import('#app/routes/manage')
const { createUserSession } = await import('#app/utils/session.server')
const { action: signInAction } = await import('#app/routes/_index')

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
  it('a hanging service answers a write at the deadline: its one attempt had all the time there was, its outcome unknown', async () => {
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
    expect(answer).toEqual({ ok: false, error: 'OUTCOME_UNKNOWN', message: outcomeUnknown })
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

  it('a write whose answer a gateway lost after the commit is repeated with its key; the service’s answer stands', async () => {
    const carl = await signInAs(service, 'carl@globex.test')
    const license = await freeGlobexLicense()
    const keys = forwardLosing(() => keys.length === 1, 502)
    const outcome = await callLicensing('changeAssignment', assignment(license, 'gateway@globex.test'), {
      credential: carl,
    })
    expect(outcome).toEqual({ ok: true, result: { completed: true } })
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(await mailsTo('gateway@globex.test')).toBe(1)
  })

  it('a read whose every answer a gateway loses is asked again, then fails with the generic failure', async () => {
    const carl = await signInAs(service, 'carl@globex.test')
    forwardLosing(() => true, 503)
    const outcome = await callLicensing('accountSettings', null, { credential: carl })
    expect(outcome).toEqual({ ok: false, error: 'UNEXPECTED', message: GENERIC_FAILURE })
  })

  it('a form whose every answer is lost after the commit says the outcome is unknown, and the page shows the change', async () => {
    const credential = await signInAs(service, 'carl@globex.test')
    const cookie = cookieFrom(
      await createUserSession(
        new Request('http://portal.test/'),
        { email: 'carl@globex.test', admin: false, credential },
        '/manage',
      ),
    )
    const license = await freeGlobexLicense()
    // Each answer to the write is lost on its way back (a gateway's 504, or a cut connection); reads arrive.
    const keys = forwardLosing((operation) => operation === 'changeAssignment', 504)
    const address = `dialog=assign&license=${license.id}&owner=globex`
    const response = await settle(
      manageAction({
        request: formRequest(
          `http://portal.test/manage?${address}`,
          [
            ['intent', 'assign'],
            ['license', license.id],
            ['owner', 'globex'],
            ['email', 'unknown@globex.test'],
            ['assignedToBefore', ''],
            ['idempotencyKey', 'lost-answer-key-0001'],
          ],
          cookie,
        ),
        params: {},
        context: {},
      }),
    )
    expect(response.status).toBe(504)
    expect(JSON.stringify(await response.json())).toContain(outcomeUnknown)
    expect(keys.length).toBeGreaterThan(1)
    expect(new Set(keys)).toEqual(new Set(['lost-answer-key-0001']))
    // Done once, and the dialog the form returns to shows it as it is now.
    expect(await mailsTo('unknown@globex.test')).toBe(1)
    const page = await settle(
      manageLoader({
        request: new Request(`http://portal.test/manage?${address}`, { headers: { cookie } }),
        params: {},
        context: {},
      }),
    )
    expect(await page.json()).toMatchObject({ dialog: { data: { license: { assignedTo: 'unknown@globex.test' } } } })
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

async function freeGlobexLicense() {
  const made = await makeSubscription(service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
  return service.db.selectFrom('licenses').selectAll().where('id', '=', made.licenseIds[0]).executeTakeFirstOrThrow()
}

describe('a sign-in link whose answer is lost', () => {
  const askForLink = async (email: string) => {
    const request = formRequest('http://portal.test/?index', [
      ['intent', 'link'],
      ['email', email],
    ])
    return signInPageAfter(await settle(signInAction({ request, params: {}, context: {} })), {})
  }
  const maybeSent = {
    email: 'olivia@acme.test',
    linkOutcome: { outcome: 'unknown', result: { status: 'success' } },
    linkUnknown: signInLinkUnknown,
  }

  it('after a gateway lost every answer, says a link may have been sent: one mail went, for all the repeats', async () => {
    const before = await mailsTo('olivia@acme.test')
    const keys = forwardLosing(() => true, 502)
    expect(await askForLink('olivia@acme.test')).toMatchObject(maybeSent)
    expect(keys.length).toBeGreaterThan(1)
    expect(new Set(keys).size).toBe(1)
    expect((await mailsTo('olivia@acme.test')) - before).toBe(1)
  })

  it('past the deadline with no answer, says the same, not that an unexpected error occurred', async () => {
    server.use(
      http.post(API, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    expect(await askForLink('olivia@acme.test')).toMatchObject(maybeSent)
  })
})

const assignment = (license: { id: string; owner: string }, to: string) => ({
  licenses: [{ id: license.id, owner: license.owner, assignedTo: to, assignedToBefore: '' }],
  sendEmail: true,
})

const mailsTo = async (to: string) =>
  (await service.db.selectFrom('mail_outbox').select('to').where('to', '=', to).execute()).length

/**
 * The remote service behind a gateway: every call reaches the service, which carries it out; the answers `lose`
 * picks are replaced by the gateway's `status` page. Answers the idempotency keys the writes carried.
 */
function forwardLosing(lose: (operation: string) => boolean, status: number): Array<string | null> {
  const keys: Array<string | null> = []
  server.use(
    http.post(API, async ({ request }) => {
      const key = request.headers.get('idempotency-key')
      const text = await request.text()
      const operation = Object.keys(JSON.parse(text) as object)[0]
      if (key) keys.push(key)
      const bearer = request.headers.get('authorization')?.slice('Bearer '.length)
      const answer = await service.callText(text, bearer, key ?? undefined)
      if (lose(operation)) return new HttpResponse('<html>Gateway Timeout</html>', { status })
      return HttpResponse.json(answer.body, { status: answer.status })
    }),
  )
  return keys
}
