import { describe, expect, it } from 'vitest'
import {
  bulkRenewableLicenses,
  companyStoreLink,
  decodeLicenseRef,
  encodeLicenseRef,
  receiptCacheKey,
  salesOnlyLicenses,
  salesRenewalMailto,
} from './renewal-rules'
import { company, license, subscription } from '../../../../tests/support/entities'

describe('bulkRenewableLicenses (§2 Renew/Co-term table, §5 showRenew)', () => {
  it('offers the licenses Renew shows, without subscription and outside sales, in the spec’s order', () => {
    const renewable = [
      license({ order: '2000', key: 2 }),
      license({ order: '1000', key: 1, productGroup: 'bundle', productName: 'Wallaby.js + Quokka.js company license' }),
    ]
    const hidden = [
      license({ productName: 'Wallaby.js Open Source license' }),
      license({ order: '' }),
      license({ trial: true }),
      license({ promotional: true }),
      license({ subscription: { subscriptionId: 's', state: 'active' } }),
      license({ productName: 'Wallaby.js enterprise license', isMultiUser: true }),
    ]
    const c = company({ licenses: [...hidden, ...renewable] })
    expect(bulkRenewableLicenses(c).map((l) => l.id)).toEqual([renewable[1].id, renewable[0].id])
    expect(salesOnlyLicenses(c).map((l) => l.productName)).toEqual(['Wallaby.js enterprise license'])
  })

  it('offers nothing when the company gives no renewal right', () => {
    expect(bulkRenewableLicenses(company({ canRenew: false, licenses: [license()] }))).toEqual([])
  })
})

describe('salesRenewalMailto (§7: enterprise and multi-user licenses renew through sales)', () => {
  it('writes to sales about the licenses, by order and key', () => {
    const link = salesRenewalMailto('quotes@vendor.test', [
      license({ productName: 'Wallaby.js enterprise license', order: '123', key: 4 }),
    ])
    expect(link.startsWith('mailto:quotes@vendor.test?subject=')).toBe(true)
    const params = new URLSearchParams(link.split('?')[1])
    expect(params.get('subject')).toBe('Renewal of Wallaby.js enterprise (order 123)')
    expect(params.get('body')).toContain('Wallaby.js enterprise: order 123, key 4')
  })
})

describe('license references in forms', () => {
  it('round-trip, and anything else is refused', () => {
    expect(decodeLicenseRef(encodeLicenseRef({ id: 'lic_1', owner: 'acme' }))).toEqual({ id: 'lic_1', owner: 'acme' })
    expect(decodeLicenseRef('{"id":"","owner":"acme"}')).toBeNull()
    expect(decodeLicenseRef('{"id":1,"owner":"acme"}')).toBeNull()
    expect(decodeLicenseRef('not json')).toBeNull()
    expect(decodeLicenseRef(null)).toBeNull()
  })
  it('key the receipt cache by owner and id', () => {
    expect(receiptCacheKey({ id: 'a', owner: 'b' })).not.toBe(receiptCacheKey({ id: 'b', owner: 'a' }))
  })
})

describe('companyStoreLink (§7 New Subscription)', () => {
  it('opens the organization purchase of the product the company holds most, with the encoded email', () => {
    const c = company({
      licenses: [
        license({ productGroup: 'quokka' }),
        license({ productGroup: 'quokka' }),
        license({ productGroup: 'wallaby' }),
      ],
    })
    expect(companyStoreLink(c, 'olivia+it@acme.test')).toBe(
      `/shop/quokka/buy/?type=company&email=olivia%2Bit%40acme.test&company=${encodeURIComponent(c.id)}`,
    )
  })
  it('counts subscription licenses, sends the bundle to Wallaby and the console-logging tool to its own page', () => {
    const ninja = subscription({ licenses: [license({ productGroup: 'other' }), license({ productGroup: 'other' })] })
    const withNinja = company({ id: 'co_x&y', subscriptions: [ninja] })
    expect(companyStoreLink(withNinja, 'a@b.test')).toBe(
      '/shop/console-ninja/buy/?type=company&email=a%40b.test&company=co_x%26y',
    )
    expect(companyStoreLink(company({ licenses: [license({ productGroup: 'bundle' })] }), 'a@b.test')).toMatch(
      /^\/shop\/wallaby\/buy\//,
    )
    expect(companyStoreLink(company(), 'a@b.test')).toMatch(/^\/shop\/wallaby\/buy\//)
  })
  it('counts a subscription as the seats it holds, though the page carries only a few of its licenses', () => {
    const large = subscription({ quantity: 50, lapsingQuantity: 2, licenses: [license({ productGroup: 'quokka' })] })
    const wallaby = [1, 2, 3].map(() => license({ productGroup: 'wallaby' }))
    expect(companyStoreLink(company({ licenses: wallaby, subscriptions: [large] }), 'a@b.test')).toMatch(
      /^\/shop\/quokka\/buy\//,
    )
  })
})
