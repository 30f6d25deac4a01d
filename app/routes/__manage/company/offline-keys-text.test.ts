import { describe, expect, it } from 'vitest'
import { offlineKeyFileName, offlineKeyLine, offlineKeysText, textFileHref } from './offline-keys-text'

describe('offline keys as text (spec §2)', () => {
  it('separates a key’s parts by ": "', () => {
    expect(offlineKeyLine({ key: 3, offlineKey: 'abc.def' })).toBe('3: abc.def')
  })

  it('groups the keys by order, in the order given', () => {
    const text = offlineKeysText('Acme Corp', [
      {
        order: '1000',
        keys: [
          { key: 1, offlineKey: 'k1' },
          { key: 2, offlineKey: 'k2' },
        ],
      },
      { order: '2000', keys: [{ key: 1, offlineKey: 'k3' }] },
    ])
    expect(text).toBe('Offline keys of the company "Acme Corp"\n\nOrder 1000\n1: k1\n2: k2\n\nOrder 2000\n1: k3\n')
  })

  it('a company name adds no line to the file (an order heading, another company’s key)', () => {
    const crafted = 'Evil\r\n\r\nOrder 999\n1: KEY-OF-ANOTHER-COMPANY'
    const text = offlineKeysText(crafted, [{ order: '1000', keys: [{ key: 1, offlineKey: 'k1' }] }])
    expect(text.split('\n')).toEqual([
      'Offline keys of the company "Evil Order 999 1: KEY-OF-ANOTHER-COMPANY"',
      '',
      'Order 1000',
      '1: k1',
      '',
    ])
  })

  it('makes safe file names and a downloadable text link', () => {
    expect(offlineKeyFileName('offline keys', 'Acme Corp.')).toBe('offline-keys-acme-corp.txt')
    expect(offlineKeyFileName('offline-key', '935369', 10)).toBe('offline-key-935369-10.txt')
    expect(offlineKeyFileName('!!')).toBe('offline-keys.txt')
    const href = textFileHref('1: a+b/c=\n')
    expect(href.startsWith('data:text/plain;charset=utf-8,')).toBe(true)
    expect(decodeURIComponent(href.slice('data:text/plain;charset=utf-8,'.length))).toBe('1: a+b/c=\n')
  })
})
