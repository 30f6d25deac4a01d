// Whose answer a repeat gets: a signed-in caller's key is scoped to its credential; an anonymous caller's key is bound
// to the request it came with, so no anonymous caller shares a scope with another. A read keeps nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, keptIdempotencyKeys, signInAs } from '../../tests/support/service.js'

type Service = Awaited<ReturnType<typeof createTestService>>
let service: Service

beforeAll(async () => {
  service = await createTestService()
})
afterAll(async () => {
  await service.close()
})

const redeem = (coupon: string, email: string) => ({
  coupon: { type: 'use', product: 'console-ninja', coupon, email, name: 'Someone' },
})
const keptKeys = () => keptIdempotencyKeys(service)
const mailsTo = async (email: string) =>
  (await service.db.selectFrom('mail_outbox').select('id').where('to', '=', email).execute()).length

describe('anonymous callers', () => {
  it('two anonymous callers with one key both get their own answer', async () => {
    const key = 'shared-key-0001'
    const first = await service.call(redeem('FREEMONTH', 'first-anon@example.test'), undefined, key)
    const second = await service.call(redeem('FREEYEAR', 'second-anon@example.test'), undefined, key)
    expect(first).toEqual({ status: 200, body: { coupon: { status: 'createdNew', months: 1 } } })
    expect(second).toEqual({ status: 200, body: { coupon: { status: 'createdNew', months: 12 } } })
    expect(await mailsTo('first-anon@example.test')).toBe(1)
    expect(await mailsTo('second-anon@example.test')).toBe(1)
  })

  it('an anonymous repeat of the very same request is answered as the first, and changes nothing twice', async () => {
    const key = 'retry-key-0001'
    const request = {
      manageLicense: { type: 'link', email: 'olivia@acme.test' },
    }
    const before = await mailsTo('olivia@acme.test')
    const first = await service.call(request, undefined, key)
    const repeat = await service.call(request, undefined, key)
    expect(first).toEqual({ status: 200, body: { manageLicense: { completed: true } } })
    expect(repeat).toEqual(first)
    expect(await mailsTo('olivia@acme.test')).toBe(before + 1)
  })

  it('an empty credential is no scope of its own: two such callers with one key both get their own answer', async () => {
    const key = 'empty-credential-key-0001'
    const before = [await mailsTo('max@acme.test'), await mailsTo('carl@globex.test')]
    const first = await service.call({ manageLicense: { type: 'link', email: 'max@acme.test' } }, '', key)
    const second = await service.call({ manageLicense: { type: 'link', email: 'carl@globex.test' } }, '', key)
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect([await mailsTo('max@acme.test'), await mailsTo('carl@globex.test')]).toEqual([before[0] + 1, before[1] + 1])
  })

  it('a signed-in caller’s key is still its own: the same key with another payload is refused', async () => {
    const olivia = await signInAs(service, 'olivia@acme.test')
    const key = 'signed-in-key-0001'
    const first = await service.call(
      { updateAccountSettings: { logonLink: 'default', githubLinked: false, googleLinked: false } },
      olivia,
      key,
    )
    expect(first.status).toBe(200)
    const other = await service.call(
      { updateAccountSettings: { logonLink: 'always', githubLinked: false, googleLinked: false } },
      olivia,
      key,
    )
    expect(other).toMatchObject({ status: 500, body: { error: 'IDEMPOTENCY_KEY_REUSED' } })
  })
})

describe('reads', () => {
  it('a coupon query stores nothing, whatever key it carries', async () => {
    const before = await keptKeys()
    for (const key of ['query-key-0001', 'query-key-0002', 'query-key-0001']) {
      const answer = await service.call(
        { coupon: { type: 'query', product: 'console-ninja', coupon: 'EXPIRED2025' } },
        undefined,
        key,
      )
      expect(answer).toEqual({ status: 200, body: { coupon: { status: 'expired', months: 12 } } })
    }
    expect(await keptKeys()).toBe(before)
  })
})
