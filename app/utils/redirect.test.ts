import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './redirect'

describe('safeRedirectPath', () => {
  it.each(['/', '/manage', '/manage?dialog=assign&license=1#top', '/shop/console-ninja/buy/'])('keeps %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path)
  })

  it('returns the normalised path it checked', () => {
    expect(safeRedirectPath('/help/../manage')).toBe('/manage')
    expect(safeRedirectPath('/a b')).toBe('/a%20b')
  })

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    ' /manage',
    '',
    '/\u0000/evil.example',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (target) => {
    expect(safeRedirectPath(target, '/fallback')).toBe('/fallback')
  })

  it('refuses what is not a string', () => {
    expect(safeRedirectPath(undefined)).toBe('/')
    expect(safeRedirectPath(['/manage'])).toBe('/')
  })
})
