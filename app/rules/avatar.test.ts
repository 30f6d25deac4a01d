import { describe, expect, it } from 'vitest'
import { avatarColor, avatarInitials } from './avatar'

describe('the local avatar', () => {
  it('shows one or two letters of the address’s name', () => {
    expect(avatarInitials('olivia@acme.test')).toBe('O')
    expect(avatarInitials('john.smith@example.test')).toBe('JS')
    expect(avatarInitials(' max-o_neil@example.test ')).toBe('MO')
    expect(avatarInitials('élise.durand@example.test')).toBe('ÉD')
    expect(avatarInitials('dev7@acme.test')).toBe('D')
    expect(avatarInitials('42@example.test')).toBe('4')
    expect(avatarInitials('..@x')).toBe('.')
  })
  it('gives an address the same colour every time, whatever its case', () => {
    expect(avatarColor('olivia@acme.test')).toBe(avatarColor(' Olivia@Acme.test'))
    const colors = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((n) => avatarColor(`${n}@x.test`)))
    expect(colors.size).toBeGreaterThan(3)
  })
})
