import { describe, expect, it } from 'vitest'
import {
  administersCompany,
  mayManageApiTokens,
  mayManageDirectory,
  mayManageDomains,
  mayManageWebhooks,
  mayReadCompanyActivity,
  permissionFlags,
  type RoleNumber,
} from './roles.js'

describe('who administers a company', () => {
  it('is Reseller and Company Administrators and platform administrators, never a manager or an unknown role', () => {
    const administers = (role: RoleNumber, platform = false) => administersCompany(permissionFlags(role), platform)
    expect([1, 2, 3, 4, 5].map((role) => administers(role as RoleNumber))).toEqual([true, false, true, false, false])
    expect(administers(4, true)).toBe(true)
  })

  it('is one rule for the directory, domains, webhooks, API tokens and the activity log', () => {
    for (const rule of [
      mayManageDirectory,
      mayManageDomains,
      mayManageWebhooks,
      mayManageApiTokens,
      mayReadCompanyActivity,
    ])
      expect(rule).toBe(administersCompany)
  })
})
