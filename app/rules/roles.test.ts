import { describe, expect, it } from 'vitest'
import type { PermissionCode } from '#protocol/entities'
import { DEFAULT_ROLE, roleDescription, roleName, roleOfEntry, rolesOfferedTo } from './roles'
import {
  canManageRole,
  checkRemoval,
  permissionFlags,
  roleCodes,
  roleOf,
  type RoleNumber,
} from '#protocol/permissions/roles'
import { company, entry } from '../../tests/support/entities'

describe('role derivation (§3)', () => {
  it.each([
    [['ADMIN', 'RESELLER'], 1, 'Reseller Administrator'],
    [['RESELLER', 'ADMIN'], 1, 'Reseller Administrator'],
    [['RESELLER'], 2, 'Reseller Manager'],
    [['ADMIN'], 3, 'Company Administrator'],
    [['ASSIGN'], 4, 'Company Manager'],
    [[], 5, 'Unknown'],
    [['ADMIN', 'ASSIGN'], 5, 'Unknown'],
    [['ADMIN', 'RESELLER', 'ASSIGN'], 5, 'Unknown'],
  ] as [PermissionCode[], RoleNumber, string][])('%j → %i %s', (codes, role, name) => {
    expect(roleOf(codes)).toBe(role)
    expect(roleOfEntry(entry('x@x.test', codes))).toBe(role)
    expect(roleName(role)).toBe(name)
  })
  it.each([
    [1, ['ADMIN', 'RESELLER']],
    [2, ['RESELLER']],
    [3, ['ADMIN']],
    [4, ['ASSIGN']],
  ] as [RoleNumber, PermissionCode[]][])('role %i is sent as %j and derives back', (role, codes) => {
    expect(roleCodes(role)).toEqual(codes)
    expect(roleOf(roleCodes(role))).toBe(role)
  })
})

describe('roleDescription (§6 "May" column)', () => {
  it.each([
    [1, /view all, purchase and renew for a reseller, add or remove reseller and company permissions/i],
    [2, /purchase and renew for a reseller/i],
    [3, /assign, purchase, renew, add or remove Company Administrators and Company Managers/i],
    [4, /only assign licenses to and from users/i],
  ] as [RoleNumber, RegExp][])('role %i', (role, text) => {
    expect(roleDescription(role)).toMatch(text)
  })
})

describe('permissionFlags (§6)', () => {
  it('Reseller Administrator may do everything', () => {
    expect(permissionFlags(1)).toEqual({
      canAssign: true,
      canAddUsers: true,
      canRenew: true,
      canViewReceipt: true,
      canAddResellers: true,
    })
  })
  it('Reseller Manager purchases and renews only', () => {
    expect(permissionFlags(2)).toMatchObject({
      canAssign: false,
      canAddUsers: false,
      canRenew: true,
      canAddResellers: false,
    })
  })
  it('Company Administrator assigns, renews and manages users but not resellers', () => {
    expect(permissionFlags(3)).toMatchObject({
      canAssign: true,
      canAddUsers: true,
      canRenew: true,
      canAddResellers: false,
    })
  })
  it('Company Manager only assigns', () => {
    expect(permissionFlags(4)).toEqual({
      canAssign: true,
      canAddUsers: false,
      canRenew: false,
      canViewReceipt: false,
      canAddResellers: false,
    })
  })
  it('Unknown may do nothing', () => {
    expect(Object.values(permissionFlags(5)).some(Boolean)).toBe(false)
  })
})

describe('rolesOfferedTo (§5)', () => {
  it('offers reseller roles only when canAddResellers', () => {
    expect(rolesOfferedTo(company({ canAddResellers: true }))).toEqual([1, 2, 3, 4])
    expect(rolesOfferedTo(company({ canAddResellers: false }))).toEqual([3, 4])
  })
  it('defaults to Company Manager', () => {
    expect(DEFAULT_ROLE).toBe(4)
    expect(rolesOfferedTo(company())).toContain(DEFAULT_ROLE)
  })
})

describe('canManageRole (§6)', () => {
  it('a Reseller Administrator manages every role', () => {
    for (const target of [1, 2, 3, 4, 5] as RoleNumber[]) expect(canManageRole(1, target)).toBe(true)
  })
  it('a Company Administrator manages Company Administrators and Company Managers only', () => {
    expect([1, 2, 3, 4, 5].map((t) => canManageRole(3, t as RoleNumber))).toEqual([false, false, true, true, false])
  })
  it('the other roles manage nobody', () => {
    for (const actor of [2, 4, 5] as RoleNumber[]) {
      for (const target of [1, 2, 3, 4, 5] as RoleNumber[]) expect(canManageRole(actor, target)).toBe(false)
    }
  })
})

describe('checkRemoval (§4 role-removal rules)', () => {
  const ra = entry('ra@x.test', ['ADMIN', 'RESELLER'])
  const ra2 = entry('ra2@x.test', ['ADMIN', 'RESELLER'])
  const rm = entry('rm@x.test', ['RESELLER'])
  const ca = entry('ca@x.test', ['ADMIN'])
  const ca2 = entry('ca2@x.test', ['ADMIN'])
  const cm = entry('cm@x.test', ['ASSIGN'])
  const oddAdmin = entry('odd@x.test', ['ADMIN', 'ASSIGN'])

  it('allows removing managers, and administrators while another administrator remains', () => {
    expect(checkRemoval([ca, cm], ['cm@x.test'])).toBeNull()
    expect(checkRemoval([ca, ca2, cm], ['ca@x.test'])).toBeNull()
    expect(checkRemoval([ra, ca, rm], ['ca@x.test', 'rm@x.test'])).toBeNull()
    expect(checkRemoval([ra, ra2], ['RA@x.test'])).toBeNull()
  })
  it('ignores addresses that are not in the list', () => {
    expect(checkRemoval([ca], ['nobody@x.test'])).toBeNull()
  })
  it('rule 1: the last administrator cannot be removed', () => {
    expect(checkRemoval([ca, cm], ['CA@X.TEST'])).toEqual({
      code: 'LAST_ADMINISTRATOR',
      message: 'Cannot remove the last administrator',
    })
    expect(checkRemoval([ra, ca, cm], ['ra@x.test', 'ca@x.test'])).toMatchObject({ code: 'LAST_ADMINISTRATOR' })
  })
  it('rule 2: the last Reseller Administrator cannot be removed, even with a Company Administrator left', () => {
    expect(checkRemoval([ra, ca, rm], ['ra@x.test'])).toEqual({
      code: 'LAST_RESELLER_ADMINISTRATOR',
      message: 'Cannot remove the last Reseller Administrator',
    })
  })
  it('rule 3: a Company Administrator needs another Reseller or Company Administrator to remain', () => {
    // The remaining ADMIN code (on an Unknown role) satisfies rule 1 but not rule 3.
    expect(checkRemoval([ca, oddAdmin], ['ca@x.test'])).toEqual({
      code: 'NO_OTHER_ADMINISTRATOR',
      message:
        'Cannot remove a Company Administrator unless another Reseller Administrator or Company Administrator remains',
    })
  })
  it('a role change counts the new role (remove and add of the same address)', () => {
    expect(checkRemoval([ca, cm], ['ca@x.test'], [{ email: 'ca@x.test', permissions: ['ASSIGN'] }])).toMatchObject({
      code: 'LAST_ADMINISTRATOR',
    })
    expect(checkRemoval([ca, cm], ['cm@x.test'], [{ email: 'cm@x.test', permissions: ['ADMIN'] }])).toBeNull()
    expect(checkRemoval([ca, cm], ['ca@x.test'], [{ email: 'cm@x.test', permissions: ['ADMIN'] }])).toBeNull()
  })
})
