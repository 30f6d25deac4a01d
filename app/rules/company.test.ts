import { describe, expect, it } from 'vitest'
import type { License } from '#protocol/entities'
import {
  bulkAssignProducts,
  companyAssignees,
  losingText,
  planCompanyBulkAssign,
  shouldAutoOpenBulkAssign,
  showBulkAssign,
  showBulkRenew,
  showNewSubscription,
  showOfflineKeys,
  welcomeActions,
} from './company'
import { DAY, NOW, company, license } from '../../tests/support/entities'
import { mayManagePermissions } from '#protocol/permissions/roles'

const ref = { subscriptionId: 'sub-1', state: 'active' }
const inSubscription = (overrides: Partial<License> = {}) =>
  license({ subscription: ref, billingPeriod: 'year', ...overrides })
const enterprise = (overrides: Partial<License> = {}) =>
  license({ productName: 'Wallaby.js Enterprise License', ...overrides })

describe('company action visibility (§5)', () => {
  describe('Bulk Assign', () => {
    it('shows with an unexpired assignable license, canAssign and a license without subscription', () => {
      expect(showBulkAssign(company({ licenses: [license()] }), NOW)).toBe(true)
    })
    it('hides without canAssign', () => {
      expect(showBulkAssign(company({ canAssign: false, licenses: [license()] }), NOW)).toBe(false)
    })
    it('hides when only enterprise or multi-user licenses are outside subscriptions', () => {
      expect(
        showBulkAssign(company({ licenses: [enterprise(), license({ isMultiUser: true }), inSubscription()] }), NOW),
      ).toBe(false)
    })
    it('hides when every license belongs to a subscription', () => {
      expect(showBulkAssign(company({ licenses: [inSubscription()] }), NOW)).toBe(false)
    })
    it('hides when every assignable license has expired', () => {
      expect(showBulkAssign(company({ licenses: [license({ expiration: NOW - DAY })] }), NOW)).toBe(false)
    })
  })
  it('Bulk Renew needs canRenew and a license without subscription', () => {
    expect(showBulkRenew(company({ licenses: [license()] }))).toBe(true)
    expect(showBulkRenew(company({ canRenew: false, licenses: [license()] }))).toBe(false)
    expect(showBulkRenew(company({ licenses: [inSubscription()] }))).toBe(false)
  })
  it('Offline Keys needs a license without subscription', () => {
    expect(showOfflineKeys(company({ licenses: [inSubscription(), enterprise()] }))).toBe(true)
    expect(showOfflineKeys(company({ licenses: [inSubscription()] }))).toBe(false)
    expect(showOfflineKeys(company({ licenses: [] }))).toBe(false)
  })
  it('Permissions needs canAddResellers or canAddUsers', () => {
    expect(mayManagePermissions(company({ canAddUsers: true, canAddResellers: false }))).toBe(true)
    expect(mayManagePermissions(company({ canAddUsers: false, canAddResellers: true }))).toBe(true)
    expect(mayManagePermissions(company({ canAddUsers: false, canAddResellers: false }))).toBe(false)
  })
  it('New Subscription needs canRenew', () => {
    expect(showNewSubscription(company({ canRenew: true }))).toBe(true)
    expect(showNewSubscription(company({ canRenew: false }))).toBe(false)
  })
})

describe('bulkAssignProducts (§2)', () => {
  it('offers quokka, wallaby and bundle in that order, each only if available, with counts', () => {
    const acme = company({
      licenses: [
        license({ productGroup: 'bundle' }),
        license({ productGroup: 'quokka', expiration: NOW - DAY }),
        license({ productGroup: 'quokka' }),
        license({ productGroup: 'other' }),
        enterprise({ productGroup: 'wallaby' }),
        inSubscription({ productGroup: 'wallaby' }),
      ],
    })
    expect(bulkAssignProducts(acme, NOW)).toEqual([
      { group: 'quokka', label: 'Quokka.js PRO', total: 2, unexpired: 1 },
      { group: 'bundle', label: 'Wallaby.js + Quokka.js', total: 1, unexpired: 1 },
    ])
  })
  it('keeps a group whose licenses have all expired, so its read-only error can be shown', () => {
    const acme = company({ licenses: [license({ productGroup: 'wallaby', expiration: NOW - DAY })] })
    expect(bulkAssignProducts(acme, NOW)).toEqual([{ group: 'wallaby', label: 'Wallaby.js', total: 1, unexpired: 0 }])
  })
})

describe('planCompanyBulkAssign (§5)', () => {
  const a = license({ productGroup: 'wallaby', assignedTo: 'a@x.test', expiration: NOW + 10 * DAY })
  const b = license({ productGroup: 'wallaby', assignedTo: 'b@x.test', expiration: NOW + 10 * DAY })
  const freeSoon = license({ productGroup: 'wallaby', expiration: NOW + 5 * DAY })
  const freeLate = license({ productGroup: 'wallaby', expiration: NOW + 300 * DAY })
  const expiredHeld = license({ productGroup: 'wallaby', assignedTo: 'old@x.test', expiration: NOW - DAY })
  const others = [
    license({ productGroup: 'quokka' }),
    enterprise({ productGroup: 'wallaby' }),
    license({ productGroup: 'wallaby', isMultiUser: true }),
    inSubscription({ productGroup: 'wallaby' }),
  ]
  const licenses = [a, b, freeSoon, freeLate, expiredHeld, ...others]
  const plan = (text: string) => planCompanyBulkAssign({ licenses, group: 'wallaby', text, now: NOW })

  it('read-only error when every license of the group has expired', () => {
    const expired = [
      license({ productGroup: 'bundle', expiration: NOW - DAY }),
      license({ productGroup: 'bundle', expiration: NOW }),
    ]
    expect(planCompanyBulkAssign({ licenses: expired, group: 'bundle', text: 'a@x.test', now: NOW })).toEqual({
      error: 'Error: all licenses have expired and must be individually assigned/unassigned.',
      readOnly: true,
    })
  })
  it('invalid email error', () => {
    expect(plan('a@x.test\nb@x.test c@x.test')).toEqual({
      error: 'Error: one or more email addresses are invalid. Line 2: "b@x.test c@x.test".',
      readOnly: false,
    })
  })
  it('not enough unexpired licenses: expired, enterprise, multi-user, subscription and other-group licenses do not count', () => {
    expect(plan('a@x.test\nb@x.test\nc@x.test\nd@x.test\ne@x.test')).toEqual({
      error: 'Error: not enough unexpired licenses available. Asked for 3, 2 available.',
      readOnly: false,
    })
  })
  it('reads addresses separated by commas and semicolons as Manage Assignments does', () => {
    expect(plan('a@x.test, b@x.test;c@x.test')).toMatchObject({ assignedCount: 1, readOnly: false })
  })
  it('no changes when the list names the current holders', () => {
    expect(plan('B@x.test\n\na@x.test\na@X.test\n')).toEqual({
      summary: 'No changes will be made.',
      changes: [],
      unassignedCount: 0,
      assignedCount: 0,
      losing: [],
      readOnly: false,
    })
  })
  it('assigned: newcomers get the free license expiring last first; expired holders are untouched', () => {
    expect(plan('a@x.test\nb@x.test\nold@x.test')).toEqual({
      summary: '1 license will be assigned.',
      changes: [{ id: freeLate.id, owner: freeLate.owner, assignedTo: 'old@x.test' }],
      unassignedCount: 0,
      assignedCount: 1,
      losing: [],
      readOnly: false,
    })
  })
  it('unassigned: holders missing from the list lose their license', () => {
    expect(plan('')).toMatchObject({
      summary: '2 licenses will be unassigned.',
      losing: ['a@x.test', 'b@x.test'],
      changes: [
        { id: a.id, owner: a.owner, assignedTo: '' },
        { id: b.id, owner: b.owner, assignedTo: '' },
      ],
    })
  })
  it('both: free licenses are used before released ones', () => {
    expect(plan('a@x.test\nc@x.test\nd@x.test\ne@x.test')).toEqual({
      summary: '1 license will be unassigned and 3 licenses will be assigned.',
      changes: [
        { id: b.id, owner: b.owner, assignedTo: 'e@x.test' },
        { id: freeLate.id, owner: freeLate.owner, assignedTo: 'c@x.test' },
        { id: freeSoon.id, owner: freeSoon.owner, assignedTo: 'd@x.test' },
      ],
      unassignedCount: 1,
      assignedCount: 3,
      losing: ['b@x.test'],
      readOnly: false,
    })
  })
  it('names a holder of two licenses who loses both once, in the table order', () => {
    const twice = license({ productGroup: 'wallaby', assignedTo: 'B@x.test', expiration: NOW + 20 * DAY })
    const result = planCompanyBulkAssign({ licenses: [...licenses, twice], group: 'wallaby', text: '', now: NOW })
    expect(result).toMatchObject({ unassignedCount: 3, losing: ['a@x.test', 'b@x.test'] })
    expect(losingText(['a@x.test', 'b@x.test'])).toBe('Losing their license: a@x.test, b@x.test.')
    expect(losingText([])).toBe('')
  })
  it('companyAssignees gives the current holders of the unexpired licenses as starting text', () => {
    expect(companyAssignees(licenses, 'wallaby', NOW)).toBe('a@x.test\nb@x.test')
  })
})

describe('shouldAutoOpenBulkAssign (§2)', () => {
  const details = (companies: ReturnType<typeof company>[]) => ({
    body: { personal: { licenses: [], subscriptions: [] }, companies },
  })
  it('opens for exactly one company where the user can assign and nothing is assigned yet', () => {
    expect(shouldAutoOpenBulkAssign(details([company({ licenses: [license(), license()] })]))).toBe(true)
  })
  it('stays closed with two companies', () => {
    expect(
      shouldAutoOpenBulkAssign(
        details([company({ licenses: [license()] }), company({ id: 'c2', licenses: [license()] })]),
      ),
    ).toBe(false)
  })
  it('stays closed without companies', () => {
    expect(shouldAutoOpenBulkAssign(details([]))).toBe(false)
  })
  it('stays closed without canAssign', () => {
    expect(shouldAutoOpenBulkAssign(details([company({ canAssign: false, licenses: [license()] })]))).toBe(false)
  })
  it('stays closed once a license is assigned', () => {
    expect(
      shouldAutoOpenBulkAssign(details([company({ licenses: [license(), license({ assignedTo: 'a@x.test' })] })])),
    ).toBe(false)
  })
  it('stays closed when there is nothing the dialog could assign', () => {
    expect(shouldAutoOpenBulkAssign(details([company({ licenses: [enterprise()] })]))).toBe(false)
  })
})

describe('welcomeActions: the welcome offers only what the roles allow', () => {
  it('a Company Administrator is offered assigning, renewing and permissions', () => {
    expect(welcomeActions([company()])).toBe(', assign company licenses to your team, renew, and manage permissions')
  })
  it('a Company Manager (assign only) is not offered permissions or renewing', () => {
    const manager = company({ canAddUsers: false, canAddResellers: false, canRenew: false })
    expect(welcomeActions([manager])).toBe(', assign company licenses to your team')
  })
  it('nothing besides seeing, for a personal holder or a role that can do none of them', () => {
    expect(welcomeActions([])).toBe('')
    expect(welcomeActions([company({ canAssign: false, canAddUsers: false, canRenew: false })])).toBe('')
  })
})
