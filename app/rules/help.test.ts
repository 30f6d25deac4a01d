import { describe, expect, it } from 'vitest'
import { anchorId, helpHref, helpSections } from './help'

describe('help sections (§2)', () => {
  it('has the nine headings in order', () => {
    expect(helpSections).toEqual([
      'Logging In',
      'Logging Out',
      'Activating Licenses',
      'Offline Activation',
      'Renewing Licenses',
      'Buying New Licenses',
      'Assigning / Unassigning Company Licenses',
      'Company License - Permissions',
      'Personal License - Change of Email Address',
    ])
  })
  it.each([
    ['Logging In', 'logging-in'],
    ['Offline Activation', 'offline-activation'],
    ['Assigning / Unassigning Company Licenses', 'assigning--unassigning-company-licenses'],
    ['Company License - Permissions', 'company-license---permissions'],
    ['Personal License - Change of Email Address', 'personal-license---change-of-email-address'],
  ])('anchorId(%j) = %j', (heading, id) => {
    expect(anchorId(heading)).toBe(id)
  })
  it('every anchor is unique and links to /help/#anchor', () => {
    expect(new Set(helpSections.map(anchorId)).size).toBe(9)
    expect(helpHref('Logging Out')).toBe('/help/#logging-out')
  })
})
