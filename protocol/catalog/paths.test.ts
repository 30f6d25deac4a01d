import { describe, expect, it } from 'vitest'
import { shopPath } from './paths.js'

describe('shopPath', () => {
  it('spells a product page with its trailing slash, and a query only when there is one', () => {
    expect(shopPath('wallaby')).toBe('/shop/wallaby/buy/')
    expect(shopPath('quokka', 'faq')).toBe('/shop/quokka/faq/')
    expect(shopPath('wallaby', 'buy', 'retry=1')).toBe('/shop/wallaby/buy/?retry=1')
    expect(shopPath('wallaby', 'buy', new URLSearchParams({ type: 'company', email: 'a@b.test' }))).toBe(
      '/shop/wallaby/buy/?type=company&email=a%40b.test',
    )
    expect(shopPath('wallaby', 'buy', '')).toBe('/shop/wallaby/buy/')
  })
})
