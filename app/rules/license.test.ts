import { describe, expect, it } from 'vitest'
import { licenseWords, groupOfflineKeys, showReceipt, sortLicenses } from './license'
import { DAY, NOW, company, license } from '../../tests/support/entities'
import { compareIds } from '#protocol/licenses/licenses'

describe('licenseWords', () => {
  it('names a license by its display name, order and key', () => {
    expect(licenseWords(license({ productName: 'Wallaby.js Company License', order: '4711', key: 3 }))).toBe(
      'Wallaby.js, order 4711, key 3',
    )
  })
})

describe('sortLicenses (§4)', () => {
  it('Open Source first, then bundle, then wallaby, then others', () => {
    const quokka = license({ productGroup: 'quokka', order: '1' })
    const other = license({ productGroup: 'other', order: '2' })
    const wallaby = license({ productGroup: 'wallaby', order: '3' })
    const bundle = license({ productGroup: 'bundle', order: '4' })
    const openSource = license({ productGroup: 'quokka', productName: 'Quokka.js Open Source License', order: '5' })
    expect(sortLicenses([quokka, other, wallaby, bundle, openSource])).toEqual([
      openSource,
      bundle,
      wallaby,
      quokka,
      other,
    ])
  })
  it('then by order (numeric), key, later expiry first', () => {
    const a = license({ order: '1000', key: 2, expiration: NOW })
    const b = license({ order: '1000', key: 2, expiration: NOW + DAY })
    const c = license({ order: '1000', key: 1 })
    const d = license({ order: '999', key: 9 })
    expect(sortLicenses([a, b, c, d])).toEqual([d, c, b, a])
  })
  it('leaves its input alone', () => {
    const input = [license({ productGroup: 'quokka' }), license({ productGroup: 'bundle' })]
    const copy = [...input]
    sortLicenses(input)
    expect(input).toEqual(copy)
  })
  it('compareIds orders digit strings by value and others by code point', () => {
    expect(compareIds('999', '1000')).toBeLessThan(0)
    expect(compareIds('0999', '1000')).toBeLessThan(0)
    expect(compareIds('1000', '1000')).toBe(0)
    expect(compareIds('sub-b', 'sub-a')).toBeGreaterThan(0)
  })
})

describe('showReceipt', () => {
  it('needs an order and, for a company, canViewReceipt', () => {
    expect(showReceipt(license(), company())).toBe(true)
    expect(showReceipt(license(), company({ canViewReceipt: false }))).toBe(false)
    expect(showReceipt(license({ order: '' }), undefined)).toBe(false)
    expect(showReceipt(license(), undefined)).toBe(true)
  })
})

describe('groupOfflineKeys (§2)', () => {
  it('groups by order, sorted by order then key, and drops unknown records', () => {
    const a2 = license({ order: '2000', key: 2 })
    const a1 = license({ order: '2000', key: 1 })
    const b = license({ order: '1000', key: 5 })
    const records = [a2, a1, b].map((l) => ({ id: l.id, owner: l.owner, licenseKey: `K-${l.id}` }))
    records.push({ id: 'unknown', owner: 'company-1', licenseKey: 'X' })
    expect(groupOfflineKeys([a1, a2, b], records)).toEqual([
      { order: '1000', keys: [{ license: b, licenseKey: `K-${b.id}` }] },
      {
        order: '2000',
        keys: [
          { license: a1, licenseKey: `K-${a1.id}` },
          { license: a2, licenseKey: `K-${a2.id}` },
        ],
      },
    ])
  })
})
