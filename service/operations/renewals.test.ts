import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDate } from '../../protocol/shared/dates.js'
import { demoRefs } from '../../demo/seed.js'
import { cotermQuote } from '../payments/coterm.js'
import { verifiedRenewal } from '../payments/passthrough.js'
import {
  alertId,
  checkoutId,
  createPaymentsTestService,
  purchaseAlerts,
  type TestService,
} from '../../tests/support/payments.js'
import { handleWebhookAlert } from '../payments/webhooks.js'
import { signInAs } from '../../tests/support/service.js'

let service: TestService
const sessions: Record<string, string> = {}
beforeAll(async () => {
  service = await createPaymentsTestService()
  for (const email of [
    'olivia@acme.test',
    'max@acme.test',
    'ray@reseller.test',
    'rita@reseller.test',
    'pat@personal.test',
    'gary@google.test',
  ]) {
    sessions[email] = await signInAs(service, email)
  }
})
afterAll(async () => {
  await service.close()
})

const refsOf = async (orderId: string, count?: number) => {
  const rows = await service.db
    .selectFrom('licenses')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('key_number')
    .execute()
  return (count ? rows.slice(0, count) : rows).map((r) => ({
    id: r.id,
    owner: r.owner,
    expiration: Number(r.expiration),
  }))
}
const ref = (row: { id: string; owner: string }) => ({ id: row.id, owner: row.owner })
const license = async (id: string) =>
  service.db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

const renew = (email: string, ids: Array<{ id: string; owner: string }>) =>
  service.call({ renewal: { ids } }, sessions[email]).then((a) => a.body as Record<string, unknown>)

/** The terms a sandbox pay link carries (its signed body). */
function linkTerms(url: string) {
  const link = new URL(url, 'http://portal.test').searchParams.get('link')!
  return JSON.parse(Buffer.from(link.split('.')[0], 'base64url').toString('utf8')) as {
    p: string
    a: number
    q: number
    e: string
    pt: string
    r: string
    t: string
    m?: string
  }
}

describe('renewal', () => {
  it('gives a Company Administrator a checkout that co-terms the licenses, priced pro rata', async () => {
    const rows = [...(await refsOf(demoRefs.orders.acmeBundle, 2)), ...(await refsOf(demoRefs.orders.acmeWallaby, 1))]
    const before = Date.now()
    const answer = await renew('olivia@acme.test', rows.map(ref))
    const url = (answer.renewal as { url: string }).url
    expect(url).toMatch(/^\/sandbox\/checkout\?link=/)
    const terms = linkTerms(url)
    expect(terms.p).toBe('license-renewal')
    expect(terms.q).toBe(1)
    expect(terms.e).toBe('olivia@acme.test')
    expect(terms.r).toBe('http://portal.test/manage')
    // Signed by the service: the webhook renews only what the service priced (payments/passthrough.ts).
    const passthrough = JSON.parse(terms.pt)
    expect(passthrough).toEqual({ renewal: rows.map(ref), coterm: true, sig: expect.any(String) })
    expect(verifiedRenewal(service.config.secret, passthrough)).toBe(true)
    expect(verifiedRenewal(service.config.secret, { ...passthrough, renewal: rows.slice(1).map(ref) })).toBe(false)
    // Two licenses expiring in 65 days catch up with one expiring in 165: 116 each per year, pro rata.
    const quote = cotermQuote(
      rows.map((r) => ({ expiration: r.expiration, annualPrice: 116 })),
      before,
    )
    expect(terms.a).toBeCloseTo(quote.amount, 1)
    expect(terms.a).toBeGreaterThan(3 * 116)
    // The portal's date format, never an ISO date.
    expect(terms.t).toBe(`Renewal of 3 licenses until ${formatDate(quote.expiry, { utc: true })}`)
    expect(terms.t).toMatch(/until [A-Z][a-z]+ \d{1,2}, \d{4}$/)
  })

  it('is refused without canRenew in the owning company (a Company Manager, another company)', async () => {
    const rows = await refsOf(demoRefs.orders.acmeBundle, 1)
    expect(await renew('max@acme.test', rows.map(ref))).toMatchObject({ error: 'FORBIDDEN' })
    expect(await renew('ray@reseller.test', rows.map(ref))).toMatchObject({ error: 'FORBIDDEN' })
    const initech = await refsOf(demoRefs.orders.initechBundle, 1)
    expect(await renew('ray@reseller.test', initech.map(ref))).toMatchObject({ error: 'FORBIDDEN' })
  })

  it('lets a Reseller Manager renew for the reseller', async () => {
    const rows = await refsOf(demoRefs.orders.globexWallaby)
    expect(await renew('ray@reseller.test', rows.map(ref))).toMatchObject({
      renewal: { url: expect.stringMatching(/^\/sandbox\/checkout/) },
    })
  })

  it("lets a personal holder renew their own license, and nobody else's", async () => {
    const own = ref(await license(demoRefs.licenses.patExpiringSoon))
    expect(await renew('pat@personal.test', [own])).toHaveProperty('renewal.url')
    expect(await renew('olivia@acme.test', [own])).toMatchObject({ error: 'FORBIDDEN' })
    // …the license of pat's own monthly subscription too (decision 0023).
    const subscribed = ref(await license(demoRefs.licenses.patSubscription))
    expect(await renew('pat@personal.test', [subscribed])).toHaveProperty('renewal.url')
  })

  it('refuses Open Source, trial and promotional licenses (a company subscription license below)', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['pat@personal.test', demoRefs.licenses.patOpenSource, /Open Source/],
      ['pat@personal.test', demoRefs.licenses.patTrial, /trial/],
      ['gary@google.test', demoRefs.licenses.garyPromotional, /promotional/],
    ]
    for (const [email, id, message] of cases) {
      const answer = await renew(email, [ref(await license(id))])
      expect(answer).toMatchObject({ error: 'INVALID_REQUEST' })
      expect(answer.message).toMatch(message)
    }
  })

  describe('a subscription license', () => {
    const SUBSCRIBED = 'A subscription license renews with its subscription.'
    const deliver = (fields: Record<string, string>) => handleWebhookAlert(service.sign(fields), service.context())
    /** A new personal Wallaby subscription of pat's (bought through the provider's alerts), in `state`. */
    async function patSubscriptionIn(state: 'active' | 'paused' | 'pastDue' | 'deleted') {
      const providerId = String(Math.floor(10_000_000 + Math.random() * 89_999_999))
      const { created } = purchaseAlerts({
        checkoutId: checkoutId(),
        subscriptionId: providerId,
        planId: 'wallaby-personal-year',
        quantity: 1,
        email: 'pat@personal.test',
        passthrough: { name: 'Pat' },
      })
      await deliver(created)
      if (state === 'deleted') {
        await deliver({
          alert_id: alertId(),
          alert_name: 'subscription_cancelled',
          status: 'deleted',
          subscription_id: providerId,
        })
      } else if (state !== 'active') {
        await service.db
          .updateTable('subscriptions')
          .set({ state })
          .where('provider_subscription_id', '=', providerId)
          .execute()
      }
      const row = await service.db
        .selectFrom('licenses')
        .innerJoin('subscriptions', 'subscriptions.id', 'licenses.subscription_id')
        .selectAll('licenses')
        .select('subscriptions.state as state')
        .where('subscriptions.provider_subscription_id', '=', providerId)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ owner: 'pat@personal.test', company_id: null, state })
      return row
    }

    it('of a cancelled personal subscription is renewed like any license: a checkout for it', async () => {
      const row = await patSubscriptionIn('deleted')
      const answer = await renew('pat@personal.test', [ref(row)])
      const url = (answer.renewal as { url: string }).url
      expect(url).toMatch(/^\/sandbox\/checkout\?link=/)
      const terms = linkTerms(url)
      expect(terms.p).toBe('license-renewal')
      expect(terms.e).toBe('pat@personal.test')
      expect(JSON.parse(terms.pt)).toEqual({ renewal: [ref(row)], coterm: true, sig: expect.any(String) })
      expect(terms.t).toContain('Renewal of 1 license until')
    })

    it.each(['active', 'paused', 'pastDue'] as const)(
      'of a personal subscription that still runs (%s) is renewed on its own: the checkout says the subscription ends',
      async (state) => {
        const row = await patSubscriptionIn(state)
        const answer = await renew('pat@personal.test', [ref(row)])
        const terms = linkTerms((answer.renewal as { url: string }).url)
        expect(terms.t).toContain('Renewal of 1 license until')
        expect(terms.m).toMatch(
          new RegExp(`Paying ends the subscription of Wallaby\\.js \\(order ${row.order_id}\\): it is cancelled`),
        )
      },
    )

    it('of a personal subscription with more seats is refused unless all are renewed together', async () => {
      const row = await patSubscriptionIn('active')
      const second = { ...row, id: `${row.id}-2`, key_number: 2, license_key: `${row.license_key}-2` }
      const { state: _state, ...columns } = second
      await service.db.insertInto('licenses').values(columns).execute()
      expect(await renew('pat@personal.test', [ref(row)])).toEqual({
        error: 'INVALID_REQUEST',
        message: `The subscription of Wallaby.js (order ${row.order_id}) renews 1 more license: renew them together, or lower its quantity first.`,
      })
      const both = await renew('pat@personal.test', [ref(row), ref(second)])
      expect(linkTerms((both.renewal as { url: string }).url).t).toContain('Renewal of 2 licenses until')
    })

    it('of a company subscription is refused, cancelled or not', async () => {
      for (const id of [demoRefs.subscriptions.acmeDeletedActive, demoRefs.subscriptions.acmeActiveRenewing]) {
        const [row] = await service.db
          .selectFrom('licenses')
          .selectAll()
          .where('subscription_id', '=', id)
          .orderBy('key_number')
          .execute()
        expect(row.company_id).not.toBeNull()
        expect(await renew('olivia@acme.test', [ref(row)])).toEqual({ error: 'INVALID_REQUEST', message: SUBSCRIBED })
      }
    })
  })

  it('answers a sales mail link for an enterprise (multi-user) license', async () => {
    const enterprise = await license(demoRefs.licenses.acmeEnterprise)
    const answer = await renew('olivia@acme.test', [ref(enterprise)])
    const url = (answer.renewal as { url: string }).url
    expect(url).toMatch(/^mailto:sales@license-portal\.test\?subject=/)
    expect(decodeURIComponent(url)).toContain(`order ${enterprise.order_id}`)
  })

  it('checks the owner it was given, one owner per renewal, and needs a session', async () => {
    const [row] = await refsOf(demoRefs.orders.acmeBundle, 1)
    expect(await renew('olivia@acme.test', [{ id: row.id, owner: 'globex' }])).toMatchObject({ error: 'NOT_FOUND' })
    const mixed = [
      ...(await refsOf(demoRefs.orders.globexWallaby, 1)),
      ...(await refsOf(demoRefs.orders.initechBundle, 1)),
    ]
    expect(await renew('rita@reseller.test', mixed.map(ref))).toMatchObject({ error: 'INVALID_REQUEST' })
    expect((await service.call({ renewal: { ids: [ref(row)] } })).body).toMatchObject({ error: 'NOT_AUTHENTICATED' })
  })
})

describe('retrieveReceipt', () => {
  const receipt = (email: string, l: { id: string; owner: string }) =>
    service
      .call({ retrieveReceipt: { license: ref(l) } }, sessions[email])
      .then((a) => a.body as Record<string, unknown>)

  it("answers the order's receipt URL to whoever may view receipts", async () => {
    const [row] = await refsOf(demoRefs.orders.acmeBundle, 1)
    const order = await service.db
      .selectFrom('orders')
      .select('receipt_url')
      .where('id', '=', demoRefs.orders.acmeBundle)
      .executeTakeFirstOrThrow()
    expect(await receipt('olivia@acme.test', row)).toEqual({ retrieveReceipt: { checkoutUrl: order.receipt_url } })
    expect(order.receipt_url).toMatch(/^\/sandbox\/receipts\/pay_/)
    const [globex] = await refsOf(demoRefs.orders.globexWallaby, 1)
    expect(await receipt('ray@reseller.test', globex)).toHaveProperty('retrieveReceipt.checkoutUrl')
    expect(await receipt('pat@personal.test', await license(demoRefs.licenses.patExpiringSoon))).toHaveProperty(
      'retrieveReceipt.checkoutUrl',
    )
  })

  it('is refused without canViewReceipt or ownership; a free order has no receipt', async () => {
    const [row] = await refsOf(demoRefs.orders.acmeBundle, 1)
    expect(await receipt('max@acme.test', row)).toMatchObject({ error: 'FORBIDDEN' })
    expect(await receipt('pat@personal.test', row)).toMatchObject({ error: 'FORBIDDEN' })
    expect(await receipt('pat@personal.test', await license(demoRefs.licenses.patOpenSource))).toMatchObject({
      error: 'NOT_FOUND',
    })
  })
})
