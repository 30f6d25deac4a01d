import { describe, expect, it } from 'vitest'
import { moreSeats } from './more-seats'

const initech = { id: 'initech', name: 'Initech' }

describe('moreSeats', () => {
  it('a product the shop sells: its buy page, as an organization purchase for the company', () => {
    const more = moreSeats(
      { name: 'Wallaby.js', shopSlug: 'wallaby', waiting: 2 },
      initech,
      'rita@reseller.test',
      'quotes@vendor.test',
    )
    expect(more).toEqual({
      kind: 'buy',
      href: '/shop/wallaby/buy/?type=company&email=rita%40reseller.test&company=initech',
    })
  })

  it('a product no longer sold (the bundle): a mail to sales naming the product, the company and who waits', () => {
    const more = moreSeats(
      { name: 'Wallaby.js + Quokka.js', shopSlug: null, waiting: 1 },
      initech,
      'rita@reseller.test',
      'quotes@vendor.test',
    )
    expect(more.kind).toBe('sales')
    const url = new URL(more.href)
    expect(url.protocol).toBe('mailto:')
    expect(url.pathname).toBe('quotes@vendor.test')
    expect(url.searchParams.get('subject')).toBe('More seats of Wallaby.js + Quokka.js for Initech')
    expect(url.searchParams.get('body')).toBe(
      'Please send me a quote for more seats of Wallaby.js + Quokka.js for Initech (1 person is waiting for one).\n',
    )
  })
})
