import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assignmentChangedMessage } from '../../protocol/shared/errors.js'
import { serviceRouter } from './http.js'
import { ABANDONED_AFTER_MS } from './idempotency.js'
import { makeSubscription, snapshot } from '../../tests/support/subscriptions.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

type Service = Awaited<ReturnType<typeof createTestService>>
let service: Service
let carl: string
let olivia: string

beforeAll(async () => {
  service = await createTestService()
  carl = await signInAs(service, 'carl@globex.test')
  olivia = await signInAs(service, 'olivia@acme.test')
})
afterAll(async () => {
  await service.close()
})

/** A free Globex license of its own (a one-seat subscription made for the test). */
async function freeLicense() {
  const made = await makeSubscription(service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
  return service.db.selectFrom('licenses').selectAll().where('id', '=', made.licenseIds[0]).executeTakeFirstOrThrow()
}

const holderOf = async (id: string) =>
  (await service.db.selectFrom('licenses').select('assigned_to').where('id', '=', id).executeTakeFirstOrThrow())
    .assigned_to
const mailsTo = (emails: string[]) =>
  service.db.selectFrom('mail_outbox').select(['to', 'subject']).where('to', 'in', emails).execute()

describe('changeAssignment is compare-and-set', () => {
  it('of 20 concurrent assignments of one free license exactly one wins, and exactly one mail goes out', async () => {
    const license = await freeLicense()
    const emails = Array.from({ length: 20 }, (_, i) => `race-${i}@globex.test`)
    const answers = await Promise.all(
      emails.map((assignedTo) =>
        service.call(
          {
            changeAssignment: {
              licenses: [{ id: license.id, owner: license.owner, assignedTo, assignedToBefore: '' }],
              sendEmail: true,
            },
          },
          carl,
        ),
      ),
    )
    const won = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status === 500)
    expect(won).toHaveLength(1)
    expect(refused).toHaveLength(19)
    const winner = await holderOf(license.id)
    expect(emails).toContain(winner)
    for (const answer of refused) {
      expect(answer.body).toEqual({ error: 'ASSIGNMENT_CHANGED', message: assignmentChangedMessage(winner) })
    }
    expect(await mailsTo(emails)).toEqual([{ to: winner, subject: expect.any(String) }])
  })

  it('refuses an unassign whose holder changed, naming the holder now; a spec client without the field overwrites', async () => {
    const license = await freeLicense()
    await service.db
      .updateTable('licenses')
      .set({ assigned_to: 'now@globex.test' })
      .where('id', '=', license.id)
      .execute()
    const stale = await service.call(
      {
        changeAssignment: {
          licenses: [{ id: license.id, owner: license.owner, assignedTo: '', assignedToBefore: 'then@globex.test' }],
        },
      },
      carl,
    )
    expect(stale).toEqual({
      status: 500,
      body: {
        error: 'ASSIGNMENT_CHANGED',
        message: 'This license was just assigned to now@globex.test by someone else.',
      },
    })
    expect(await holderOf(license.id)).toBe('now@globex.test')

    const specClient = await service.call(
      { changeAssignment: { licenses: [{ id: license.id, owner: license.owner, assignedTo: '' }] } },
      carl,
    )
    expect(specClient.status).toBe(200)
    expect(await holderOf(license.id)).toBe('')
    expect(assignmentChangedMessage('')).toBe('This license was just unassigned by someone else.')
  })

  it('a bulk plan with one stale license writes nothing at all', async () => {
    const first = await freeLicense()
    const second = await freeLicense()
    await service.db
      .updateTable('licenses')
      .set({ assigned_to: 'taken@globex.test' })
      .where('id', '=', second.id)
      .execute()
    const answer = await service.call(
      {
        changeAssignment: {
          licenses: [
            { id: first.id, owner: first.owner, assignedTo: 'bulk-1@globex.test', assignedToBefore: '' },
            { id: second.id, owner: second.owner, assignedTo: 'bulk-2@globex.test', assignedToBefore: '' },
          ],
          sendEmail: true,
        },
      },
      carl,
    )
    expect(answer.body).toMatchObject({ error: 'ASSIGNMENT_CHANGED' })
    expect(await holderOf(first.id)).toBe('')
    expect(await holderOf(second.id)).toBe('taken@globex.test')
    expect(await mailsTo(['bulk-1@globex.test', 'bulk-2@globex.test'])).toEqual([])
  })
})

describe('a write repeated with its Idempotency-Key', () => {
  it('answers what the first attempt did and mails nothing twice', async () => {
    const license = await freeLicense()
    const request = {
      changeAssignment: {
        licenses: [{ id: license.id, owner: license.owner, assignedTo: 'once@globex.test', assignedToBefore: '' }],
        sendEmail: true,
      },
    }
    const answers = await Promise.all([1, 2, 3].map(() => service.call(request, carl, 'key-assign-1')))
    const later = await service.call(request, carl, 'key-assign-1')
    for (const answer of [...answers, later])
      expect(answer).toEqual({ status: 200, body: { changeAssignment: { completed: true } } })
    expect(await mailsTo(['once@globex.test'])).toHaveLength(1)

    // A new write from a form that saw the license free, under another key, finds it taken.
    const other = {
      changeAssignment: {
        licenses: [{ id: license.id, owner: license.owner, assignedTo: 'other@globex.test', assignedToBefore: '' }],
      },
    }
    const fresh = await service.call(other, carl, 'key-assign-2')
    expect(fresh.body).toMatchObject({ error: 'ASSIGNMENT_CHANGED' })
  })

  it('refuses the key with another payload, and keeps keys apart per caller', async () => {
    const license = await freeLicense()
    const payload = (assignedTo: string) => ({
      changeAssignment: { licenses: [{ id: license.id, owner: license.owner, assignedTo }] },
    })
    expect((await service.call(payload('a@globex.test'), carl, 'key-2')).status).toBe(200)
    expect(await service.call(payload('b@globex.test'), carl, 'key-2')).toEqual({
      status: 500,
      body: {
        error: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different request.',
      },
    })
    expect(await holderOf(license.id)).toBe('a@globex.test')
    const rita = await signInAs(service, 'rita@reseller.test')
    expect((await service.call(payload('b@globex.test'), rita, 'key-2')).status).toBe(200)
    expect(await holderOf(license.id)).toBe('b@globex.test')
  })

  it('gives the key up after a refusal, so that the corrected form may be sent again under it', async () => {
    const license = await freeLicense()
    const change = (assignedToBefore: string) => ({
      changeAssignment: {
        licenses: [{ id: license.id, owner: license.owner, assignedTo: 'fixed@globex.test', assignedToBefore }],
      },
    })
    expect((await service.call(change('stale@globex.test'), carl, 'key-refused')).body).toMatchObject({
      error: 'ASSIGNMENT_CHANGED',
    })
    expect((await service.call(change(''), carl, 'key-refused')).status).toBe(200)
    expect(await holderOf(license.id)).toBe('fixed@globex.test')
  })

  it('an extension offer repeated is charged once', async () => {
    const sub = await makeSubscription(service.db, {
      now: Date.now(),
      specialOffer: { message: 'Extend', currency: 'USD', priceGross: 92.8, country: 'US' },
    })
    const request = { specialOffer: { subscriptionId: sub.id, country: 'US', price: 92.8 } }
    const first = await service.call(request, olivia, 'key-offer')
    const after = await snapshot(service.db, sub.id)
    const repeat = await service.call(request, olivia, 'key-offer')
    expect(first).toEqual({ status: 200, body: { specialOffer: { completed: true } } })
    expect(repeat).toEqual(first)
    expect(await snapshot(service.db, sub.id)).toEqual(after)
    const charges = await service.db
      .selectFrom('sandbox_payments')
      .select(['amount'])
      .where('subscription_id', '=', sub.providerId)
      .execute()
    expect(charges.filter((c) => Number(c.amount) === 92.8)).toHaveLength(1)
  })

  it('takes over a key left reserved by a process that stopped mid-write, and runs the write', async () => {
    const license = await freeLicense()
    const request = {
      changeAssignment: {
        licenses: [
          { id: license.id, owner: license.owner, assignedTo: 'taken-over@globex.test', assignedToBefore: '' },
        ],
        sendEmail: false,
      },
    }
    // What a process leaves when it is killed after reserving the key, before the write: a reservation, no answer.
    const reservation = {
      scope: crypto.createHash('sha256').update(carl).digest('hex'),
      key: 'key-abandoned',
      operation: 'changeAssignment',
      payload_digest: crypto.createHash('sha256').update(JSON.stringify(request.changeAssignment)).digest('hex'),
      status: 'pending',
      response: null,
      created_at: Date.now() - ABANDONED_AFTER_MS - 1_000,
    }
    await sql`insert into idempotency_keys (scope, key, operation, payload_digest, status, response, created_at)
      values (${reservation.scope}, ${reservation.key}, ${reservation.operation}, ${reservation.payload_digest},
        ${reservation.status}, ${reservation.response}, ${reservation.created_at})`.execute(service.db)
    expect(await service.call(request, carl, 'key-abandoned')).toEqual({
      status: 200,
      body: { changeAssignment: { completed: true } },
    })
    expect(await holderOf(license.id)).toBe('taken-over@globex.test')
  })

  it('refuses a key longer than the protocol allows, and ignores keys on reads', async () => {
    expect(await service.call({ logout: {} }, carl, 'x'.repeat(201))).toMatchObject({
      status: 500,
      body: { error: 'MALFORMED_REQUEST' },
    })
    expect((await service.call({ accountSettings: {} }, carl, 'x'.repeat(201))).status).toBe(200)
  })
})

describe('over HTTP', () => {
  it('reads the Idempotency-Key header: a repeated POST is answered as the first, mails once, and another payload is refused', async () => {
    const app = express()
    app.use(serviceRouter(service))
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const license = await freeLicense()
      const post = (assignedTo = 'http@globex.test') =>
        fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/licensing`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${carl}`,
            'idempotency-key': 'http-key-0001',
          },
          body: JSON.stringify({
            changeAssignment: {
              licenses: [{ id: license.id, owner: license.owner, assignedTo, assignedToBefore: '' }],
              sendEmail: true,
            },
          }),
        })
      for (const response of [await post(), await post()]) {
        expect(response.status).toBe(200)
        expect(await response.json()).toEqual({ changeAssignment: { completed: true } })
      }
      expect(await mailsTo(['http@globex.test'])).toHaveLength(1)
      // The header is what ties the posts together: under it, another payload is refused.
      const other = await post('other-http@globex.test')
      expect(other.status).toBe(500)
      expect(await other.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
