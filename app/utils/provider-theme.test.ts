import { describe, expect, it } from 'vitest'
import { withProviderTheme } from './provider-theme'

describe('withProviderTheme', () => {
  it('adds the portal’s theme to a sandbox page, absolute or on this origin, keeping its parameters', () => {
    expect(withProviderTheme('http://portal.test/sandbox/checkout?link=a.b', 'sandbox', 'light')).toBe(
      'http://portal.test/sandbox/checkout?link=a.b&theme=light',
    )
    expect(withProviderTheme('/sandbox/update-payment/7?theme=dark', 'sandbox', 'light')).toBe(
      '/sandbox/update-payment/7?theme=light',
    )
  })
  it('leaves Paddle’s pages, an unknown provider and a mail link as they are', () => {
    expect(withProviderTheme('https://buy.paddle.com/checkout/x', 'paddle', 'dark')).toBe(
      'https://buy.paddle.com/checkout/x',
    )
    expect(withProviderTheme('http://portal.test/sandbox/checkout', undefined, 'dark')).toBe(
      'http://portal.test/sandbox/checkout',
    )
    expect(withProviderTheme('mailto:sales@example.test?subject=Renew', 'sandbox', 'dark')).toBe(
      'mailto:sales@example.test?subject=Renew',
    )
  })
})
