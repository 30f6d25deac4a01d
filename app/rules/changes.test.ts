import { describe, expect, it } from 'vitest'
import {
  adminChanges,
  assignmentsDone,
  bulkAssigned,
  changes,
  directoryChanges,
  licenseName,
  permissionChanges,
  renewalOutcome,
  seatsImported,
  settingsSaved,
  staleLinkNotice,
  subscriptionChanges,
} from './changes'

const wallaby = licenseName({ product: 'Wallaby.js', order: '935369', key: 3 })

describe('the sentence each change on /manage ends with', () => {
  it('Assign and Unassign name the license and the address (and whom it was taken from)', () => {
    expect(wallaby).toBe('Wallaby.js (order 935369, key 3)')
    expect(changes.assigned(wallaby, 'ana@acme.test')).toBe(
      'Assigned Wallaby.js (order 935369, key 3) to ana@acme.test.',
    )
    expect(changes.assigned(wallaby, 'ana@acme.test', 'bo@acme.test')).toBe(
      'Assigned Wallaby.js (order 935369, key 3) to ana@acme.test instead of bo@acme.test.',
    )
    expect(changes.unassigned(wallaby, 'ana@acme.test')).toBe(
      'Unassigned Wallaby.js (order 935369, key 3) from ana@acme.test.',
    )
    expect(changes.assignedBack('', 'ana@acme.test')).toBe('Assigned the license back to ana@acme.test.')
  })

  it('Bulk Assign and the import say how many licenses changed hands, in words', () => {
    expect(assignmentsDone(0, 0)).toBe('no license changed hands')
    expect(assignmentsDone(1, 0)).toBe('1 license assigned')
    expect(assignmentsDone(0, 2)).toBe('2 licenses unassigned')
    expect(bulkAssigned('Quokka.js PRO', 'Acme Corp', { assigned: 3, unassigned: 1, mailed: true })).toBe(
      'Updated who holds Quokka.js PRO at Acme Corp: 3 licenses assigned and 1 unassigned. The new holders were sent a notification email.',
    )
    expect(bulkAssigned('Quokka.js PRO', 'Acme Corp', { assigned: 0, unassigned: 1, mailed: true })).toBe(
      'Updated who holds Quokka.js PRO at Acme Corp: 1 license unassigned.',
    )
    expect(seatsImported('Acme Corp', { assigned: 1, unassigned: 0 })).toBe(
      'Imported the seat assignments of Acme Corp: 1 license assigned.',
    )
  })

  it('a permission change names the address, the role and the company', () => {
    expect(permissionChanges.added('ana@acme.test', 'Company Manager', 'Acme Corp', true)).toBe(
      'Added ana@acme.test to Acme Corp as Company Manager. They were sent a notification email.',
    )
    expect(permissionChanges.removed('ana@acme.test', 'Company Manager', 'Acme Corp')).toBe(
      'Removed ana@acme.test (Company Manager) from Acme Corp.',
    )
    expect(permissionChanges.addedBack('ana@acme.test', 'Company Manager', 'Acme Corp')).toBe(
      'Gave ana@acme.test back the Company Manager role at Acme Corp.',
    )
  })

  it('a subscription change names the subscription by its title, and a quantity change what it costs', () => {
    const title = 'Wallaby.js Organization, yearly, 3 seats'
    expect(subscriptionChanges.cancelled(title)).toBe(
      'Cancelled Wallaby.js Organization, yearly, 3 seats: it will not renew, and its licenses keep working until they expire.',
    )
    expect(subscriptionChanges.quantityChanged(title, 3, 4)).toBe(
      'Changed Wallaby.js Organization, yearly, 3 seats to 4 seats: 1 license added now, charged prorated for the rest of the term.',
    )
    expect(subscriptionChanges.quantityChanged(title, 3, 1)).toBe(
      'Changed Wallaby.js Organization, yearly, 3 seats to 1 seat from the next payment: 2 licenses lapse at the end of the term.',
    )
  })

  it('Account Settings say what changed, or that nothing did', () => {
    const before = { logonLink: 'default', githubLinked: true, googleLinked: false, renewalReminders: true } as const
    expect(settingsSaved('ana@x.test', before, before)).toBe('Nothing changed in the account settings of ana@x.test.')
    expect(settingsSaved('ana@x.test', before, { ...before, githubLinked: false, renewalReminders: false })).toBe(
      'Saved the account settings of ana@x.test: GitHub is unlinked; renewal reminders are off.',
    )
  })

  it('the Directory and the platform administrator say what they changed', () => {
    expect(directoryChanges.tokenRevoked('Okta\nprod')).toBe(
      'Revoked the SCIM token "Okta prod": the identity provider can no longer use it.',
    )
    expect(directoryChanges.groupMapped('Engineering', ['Wallaby.js', 'Quokka.js PRO'])).toBe(
      'Saved the products for the group "Engineering": its members get Wallaby.js, Quokka.js PRO.',
    )
    expect(directoryChanges.ownership('Wallaby.js', true, 2)).toBe(
      'The directory now owns the seats of Wallaby.js: 2 seats freed.',
    )
    expect(adminChanges.merged(1, 'Globex')).toBe(
      'Moved 1 license you held in your own name, with their subscriptions, into Globex.',
    )
  })

  it('a stale dialog link and a renewal checkout are said in words that say what to do', () => {
    expect(staleLinkNotice(new URLSearchParams('dialog=assign&license=L1'))).toMatch(/^The license that link is about/)
    expect(staleLinkNotice(new URLSearchParams('dialog=permissions&company=C1'))).toMatch(/your role there/)
    expect(renewalOutcome('failed', 'help@x.test')).toBe(
      'Your renewal payment did not go through, so nothing was renewed. Choose Renew to try again, or contact us at help@x.test.',
    )
    expect(renewalOutcome(undefined, 'help@x.test')).toMatch(/^The payment provider has not confirmed/)
    expect(renewalOutcome('failed', 'help@x.test', 'The card was declined. No payment was taken.')).toBe(
      'Your renewal payment did not go through, so nothing was renewed. The payment provider’s answer: The card was declined. No payment was taken. Choose Renew to try again, or contact us at help@x.test.',
    )
  })
})
