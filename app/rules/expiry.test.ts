import { describe, expect, it } from 'vitest'
import { discountDeadlineMessage, expiryWarningsOf, keyRuns, keysText, longExpiredMessage } from './expiry'
import { DAY, NOW, license } from '../../tests/support/entities'

describe('expiryWarnings (§9: 60-day window)', () => {
  const longAgo = license({ expiration: NOW - 61 * DAY })
  const recent = license({ expiration: NOW - 10 * DAY })
  const edge = license({ expiration: NOW - 60 * DAY })
  const yesterday = license({ expiration: NOW - DAY })
  const valid = license({ expiration: NOW + DAY })
  const openSource = license({ productName: 'Wallaby.js Open Source License', expiration: NOW - 10 * DAY })
  const openSourceOld = license({ productName: 'Wallaby.js Open Source License', expiration: NOW - 100 * DAY })

  /** The warning line of one license (each fixture license has an order of its own). */
  const line = (l: typeof recent, deadline: number) => ({
    product: 'Wallaby.js',
    order: l.order,
    keys: [[l.key, l.key]],
    count: 1,
    expiration: l.expiration,
    deadline,
    renewal: { offered: true },
  })

  it('counts licenses expired more than 60 days ago and lists the others with expiry + 60 days, soonest first', () => {
    const warnings = expiryWarningsOf([longAgo, recent, edge, yesterday, valid], NOW)
    expect(warnings.longExpiredCount).toBe(1)
    expect(warnings.discountDeadlines).toEqual([
      line(edge, NOW),
      line(recent, NOW + 50 * DAY),
      line(yesterday, NOW + 59 * DAY),
    ])
  })
  it('gives the licenses of one order that expired together one line, their keys ascending', () => {
    const expiration = NOW - 5 * DAY
    const sameOrder = [3, 1, 2, 7].map((key) => license({ order: '4711', key, expiration }))
    const renewedApart = license({ order: '4711', key: 9, expiration: NOW - 6 * DAY })
    const otherProduct = license({ order: '4711', key: 10, expiration, productName: 'Quokka.js PRO Company License' })
    const warnings = expiryWarningsOf([...sameOrder, renewedApart, otherProduct], NOW)
    expect(warnings.discountDeadlines).toEqual([
      {
        product: 'Wallaby.js',
        order: '4711',
        keys: [[9, 9]],
        count: 1,
        expiration: NOW - 6 * DAY,
        deadline: NOW + 54 * DAY,
        renewal: { offered: true },
      },
      {
        product: 'Wallaby.js',
        order: '4711',
        keys: [
          [1, 3],
          [7, 7],
        ],
        count: 4,
        expiration,
        deadline: NOW + 55 * DAY,
        renewal: { offered: true },
      },
      {
        product: 'Quokka.js PRO',
        order: '4711',
        keys: [[10, 10]],
        count: 1,
        expiration,
        deadline: NOW + 55 * DAY,
        renewal: { offered: true },
      },
    ])
  })
  it('leaves out Open Source licenses and licenses that have not expired', () => {
    expect(expiryWarningsOf([openSource, openSourceOld, valid], NOW)).toEqual({
      longExpiredCount: 0,
      longExpiredOrders: [],
      discountDeadlines: [],
    })
  })
  it('says "Renew by" only for licenses the page offers Renew for', () => {
    const expiration = NOW - 5 * DAY
    const companies = new Map([
      ['acme', { name: 'Acme Corp', canRenew: false }],
      ['globex', { name: 'Globex', canRenew: true }],
    ])
    const renewal = (l: ReturnType<typeof license>) =>
      expiryWarningsOf([l], NOW, companies).discountDeadlines.map((d) => d.renewal)
    expect(renewal(license({ owner: 'globex', expiration }))).toEqual([{ offered: true }])
    // A Company Manager may not renew: someone else can, by the deadline.
    expect(renewal(license({ owner: 'acme', expiration }))).toEqual([{ offered: false, company: 'Acme Corp' }])
    expect(renewal(license({ owner: 'globex', expiration, trial: true }))).toEqual([
      { offered: false, refusal: 'A trial license cannot be renewed; buy a license instead.' },
    ])
    expect(
      renewal(license({ owner: 'globex', expiration, subscription: { subscriptionId: 's', state: 'deleted' } })),
    ).toEqual([{ offered: false, refusal: 'A subscription license renews with its subscription.' }])
    // A personal subscription's license is renewed like any other, its subscription cancelled or not (decision 0023).
    expect(
      renewal(license({ owner: 'pat@x.test', expiration, subscription: { subscriptionId: 's', state: 'paused' } })),
    ).toEqual([{ offered: true }])
    expect(
      renewal(license({ owner: 'pat@x.test', expiration, subscription: { subscriptionId: 's', state: 'deleted' } })),
    ).toEqual([{ offered: true }])
  })
  it('counts a license seen twice (company list and assigned to me) once', () => {
    expect(expiryWarningsOf([longAgo, { ...longAgo }, recent, { ...recent }], NOW)).toEqual({
      longExpiredCount: 1,
      longExpiredOrders: [{ product: 'Wallaby.js', order: '1000', keys: [[longAgo.key, longAgo.key]], count: 1 }],
      discountDeadlines: [line(recent, NOW + 50 * DAY)],
    })
  })
  it('names the five orders expired last among those expired more than 60 days ago, and counts the rest', () => {
    const old = (order: number, keys: number[], trial = false) =>
      keys.map((key) => license({ order: String(order), key, trial, expiration: NOW - (100 + order) * DAY }))
    const licenses = [
      ...old(1, [1, 2, 3, 5]),
      ...old(2, [1]),
      ...old(3, [4], true),
      ...old(4, [1, 2]),
      ...old(5, [1]),
      ...old(6, [7, 8]),
      ...old(7, [1]),
    ]
    const warnings = expiryWarningsOf(licenses, NOW)
    expect(warnings.longExpiredCount).toBe(12)
    expect(longExpiredMessage(warnings.longExpiredCount, warnings.longExpiredOrders)).toBe(
      '12 licenses expired more than 60 days ago: Wallaby.js (order 1, keys 1–3, 5), Wallaby.js (order 2, key 1), ' +
        'Wallaby.js Trial (order 3, key 4), Wallaby.js (order 4, keys 1–2), Wallaby.js (order 5, key 1) and 3 more licenses. ' +
        'Renew them to keep receiving updates.',
    )
    expect(longExpiredMessage(1, [{ product: 'Quokka.js', order: '277567', keys: [[2, 2]], count: 1 }])).toBe(
      '1 license expired more than 60 days ago: Quokka.js (order 277567, key 2). Renew it to keep receiving updates.',
    )
  })
})

describe('expiry messages', () => {
  it('long-expired count', () => {
    expect(longExpiredMessage(2)).toBe(
      '2 licenses expired more than 60 days ago. Renew them to keep receiving updates.',
    )
    expect(longExpiredMessage(1)).toBe('1 license expired more than 60 days ago. Renew it to keep receiving updates.')
  })
  it('discount deadline, for one key and for several', () => {
    const group = {
      product: 'Wallaby.js',
      order: '4711',
      keys: keyRuns([4]),
      count: 1,
      expiration: Date.UTC(2026, 1, 1),
      deadline: Date.UTC(2026, 3, 2),
      renewal: { offered: true } as const,
    }
    expect(discountDeadlineMessage(group)).toBe(
      'Wallaby.js (order 4711, key 4) expired on February 1, 2026. Renew by April 2, 2026 to get the full renewal discount.',
    )
    expect(discountDeadlineMessage({ ...group, keys: keyRuns([8, 1, 2, 3, 5, 7]), count: 6 })).toBe(
      'Wallaby.js (order 4711, keys 1–3, 5, 7–8) expired on February 1, 2026. Renew by April 2, 2026 to get the full renewal discount.',
    )
  })
  it('without Renew on the page: who can renew by the deadline, or why they are not renewed', () => {
    const group = {
      product: 'Wallaby.js',
      order: '4711',
      keys: keyRuns([4]),
      count: 1,
      expiration: Date.UTC(2026, 1, 1),
      deadline: Date.UTC(2026, 3, 2),
    }
    expect(discountDeadlineMessage({ ...group, renewal: { offered: false, company: 'Acme Corp' } })).toBe(
      'Wallaby.js (order 4711, key 4) expired on February 1, 2026. Someone who may renew the licenses of Acme Corp can renew it by April 2, 2026 for the full renewal discount.',
    )
    expect(
      discountDeadlineMessage({
        ...group,
        renewal: { offered: false, refusal: 'A trial license cannot be renewed; buy a license instead.' },
      }),
    ).toBe(
      'Wallaby.js (order 4711, key 4) expired on February 1, 2026. A trial license cannot be renewed; buy a license instead.',
    )
  })
  it('key numbers: consecutive ones as a range', () => {
    expect(keysText(keyRuns([1]), 1)).toBe('key 1')
    expect(keysText(keyRuns([1, 2]), 2)).toBe('keys 1–2')
    expect(keysText(keyRuns([9, 1, 3, 4, 5]), 5)).toBe('keys 1, 3–5, 9')
    expect(keyRuns([3, 1, 2, 2, 7])).toEqual([
      [1, 3],
      [7, 7],
    ])
  })
})

describe('the expiry warning of a subscription license (§9, §4)', () => {
  // pat's Wallaby.js: a monthly personal subscription paused past its term.
  const expiration = Date.UTC(2026, 10, 22)
  const now = Date.UTC(2026, 10, 29)
  const paused = { subscriptionId: 's', state: 'paused' }
  const messages = (owner: string, state: string, companies = new Map()) =>
    expiryWarningsOf(
      [license({ owner, order: '903748', key: 1, expiration, subscription: { subscriptionId: 's', state } })],
      now,
      companies,
    ).discountDeadlines.map((line) => discountDeadlineMessage(line))

  it('gives the full-renewal-discount deadline and says that a paused subscription renews only if restarted', () => {
    const [line] = expiryWarningsOf(
      [license({ owner: 'pat@x.test', order: '903748', key: 1, expiration, subscription: paused })],
      now,
    ).discountDeadlines
    expect(line).toMatchObject({
      deadline: Date.UTC(2027, 0, 21),
      renewal: { offered: true },
      subscriptionState: 'paused',
    })
    expect(messages('pat@x.test', 'paused')).toEqual([
      'Wallaby.js (order 903748, key 1) expired on November 22, 2026. Renew by January 21, 2027 to get the full renewal discount. Its subscription is paused and renews it only if restarted; renewing the license on its own ends the subscription.',
    ])
  })
  it('says what a cancelled subscription does, and never that a paused company subscription renews by itself', () => {
    expect(messages('pat@x.test', 'deleted')).toEqual([
      'Wallaby.js (order 903748, key 1) expired on November 22, 2026. Renew by January 21, 2027 to get the full renewal discount. Its subscription was cancelled and does not renew it.',
    ])
    const acme = new Map([['acme', { name: 'Acme Corp', canRenew: true }]])
    expect(messages('acme', 'paused', acme)).toEqual([
      'Wallaby.js (order 903748, key 1) expired on November 22, 2026. Its subscription is paused and renews it only if restarted.',
    ])
    expect(messages('acme', 'pastDue', acme)).toEqual([
      'Wallaby.js (order 903748, key 1) expired on November 22, 2026. Its subscription renews it once its payment method is updated.',
    ])
  })
})
