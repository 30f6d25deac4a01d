import { describe, expect, it } from 'vitest'
import { activityKindsOf } from '#protocol/activity/activity'
import { activityFilter } from './activity.server'

describe("the Activity filter's kinds", () => {
  it("an account's own log offers only what it can hold: no company-wide kind", () => {
    expect(activityKindsOf('account')).toEqual(['license', 'activation', 'subscription', 'renewal', 'account', 'api'])
  })

  it("a company's log offers every kind but the account's own changes", () => {
    expect(activityKindsOf('company')).not.toContain('account')
    expect(activityKindsOf('company')).toContain('permission')
    expect(activityKindsOf('company')).toHaveLength(10)
  })

  it('an address asking for a kind that log never holds reads as no kind, not an empty page', () => {
    expect(activityFilter(new URLSearchParams('kind=permission'))).toEqual({ page: 1 })
    expect(activityFilter(new URLSearchParams('kind=api'))).toEqual({ kind: 'api', page: 1 })
    expect(activityFilter(new URLSearchParams('company=acme&kind=account'))).toEqual({ company: 'acme', page: 1 })
    expect(activityFilter(new URLSearchParams('company=acme&kind=permission'))).toMatchObject({ kind: 'permission' })
  })
})
