// Ids, order numbers and license keys: their shapes, and the seeded sequences the demo data is made with.
import { describe, expect, it } from 'vitest'
import { createSeededIds, licenseKeyPattern, newId, newLicenseKey, newOrderId, orderIdPattern } from './ids.js'

describe('ids', () => {
  it('makes url-safe prefixed ids and readable license keys', () => {
    const id = newId('lic')
    expect(id).toMatch(/^lic_[0-9a-z]{16}$/)
    expect(encodeURIComponent(id)).toBe(id)
    expect(newId('lic')).not.toBe(id)
    expect(() => newId('Bad Prefix')).toThrow()
    for (const [group, prefix] of [
      ['bundle', 'WQ-'],
      ['wallaby', 'WB-'],
      ['quokka', 'QK-'],
      ['other', 'CN-'],
    ] as const) {
      const key = newLicenseKey(group)
      expect(key).toMatch(licenseKeyPattern)
      expect(key.startsWith(prefix)).toBe(true)
    }
    const keys = new Set(Array.from({ length: 2000 }, () => newLicenseKey('wallaby')))
    expect(keys.size).toBe(2000)
    expect(newOrderId()).toMatch(orderIdPattern)
  })

  it('repeats the same sequence for the same seed, and a different one for another seed', () => {
    const take = (seed: string) => {
      const ids = createSeededIds(seed)
      return [ids.id('sub'), ids.licenseKey('quokka'), ids.orderId(), ids.int(1, 6)]
    }
    expect(take('a')).toEqual(take('a'))
    expect(take('a')).not.toEqual(take('b'))
    const [id, key, order, n] = take('a')
    expect(id).toMatch(/^sub_[0-9a-z]{16}$/)
    expect(key).toMatch(licenseKeyPattern)
    expect(order).toMatch(/^[1-9][0-9]{5}$/)
    expect(n).toBeGreaterThanOrEqual(1)
    expect(n).toBeLessThanOrEqual(6)
  })

  it('never repeats a seeded order number or key', () => {
    const ids = createSeededIds('repeat')
    const orders = new Set(Array.from({ length: 5000 }, () => ids.orderId()))
    expect(orders.size).toBe(5000)
    const keys = new Set(Array.from({ length: 5000 }, () => ids.licenseKey('other')))
    expect(keys.size).toBe(5000)
  })
})
