import { describe, expect, it } from 'vitest'
import { bulkAssignSchema } from '../company/license-schemas'
import { assignSchema } from '../subscriptions/subscription-schemas'
import { DAY, NOW, license } from '../../../../tests/support/entities'

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map(({ path, message }) => ({ path, message })) ?? []

describe('bulkAssignSchema (§5)', () => {
  const licenses = [license({ productGroup: 'wallaby' }), license({ productGroup: 'wallaby' })]

  it('defaults to an empty list, no mail and the preview step', () => {
    expect(bulkAssignSchema(licenses, NOW).safeParse({ company: 'c', group: 'wallaby' })).toEqual({
      success: true,
      data: { company: 'c', group: 'wallaby', emails: '', sendEmail: false, stage: 'preview' },
    })
  })
  it('puts an invalid list on the address list', () => {
    const result = bulkAssignSchema(licenses, NOW).safeParse({ company: 'c', group: 'wallaby', emails: 'a@x' })
    expect(issues(result)).toEqual([
      { path: ['emails'], message: 'Error: one or more email addresses are invalid. Line 1: "a@x".' },
    ])
  })
  it('puts "all expired" on the product', () => {
    const expired = [license({ productGroup: 'bundle', expiration: NOW - DAY })]
    const result = bulkAssignSchema(expired, NOW).safeParse({ company: 'c', group: 'bundle', emails: 'a@x.test' })
    expect(issues(result)).toEqual([
      { path: ['group'], message: 'Error: all licenses have expired and must be individually assigned/unassigned.' },
    ])
  })
})

describe('assignSchema for a subscription (§5)', () => {
  const ref = { subscriptionId: 'sub-1', state: 'active' }
  const seats = [license({ subscription: ref }), license({ subscription: ref, lapsing: true })]

  it('defaults to empty lists, no mail and the preview step', () => {
    expect(assignSchema({ licenses: seats }, NOW, true).safeParse({ subscription: 's' })).toEqual({
      success: true,
      data: { subscription: 's', emails: '', lapsingEmails: '', sendEmail: false, stage: 'preview' },
    })
  })
  it('puts an invalid lapsing list on the address list, and reads it only with lapsing', () => {
    const value = { subscription: 's', emails: 'a@x.test', lapsingEmails: 'l@x' }
    expect(issues(assignSchema({ licenses: seats }, NOW, true).safeParse(value))).toEqual([
      { path: ['emails'], message: 'Error: one or more email addresses are invalid. Lapsing line 1: "l@x".' },
    ])
    expect(assignSchema({ licenses: seats }, NOW, false).safeParse(value).success).toBe(true)
  })
  it('refuses a change once every license has expired', () => {
    const expired = seats.map((seat) => ({ ...seat, expiration: NOW - DAY }))
    const result = assignSchema({ licenses: expired }, NOW, true).safeParse({ subscription: 's', emails: 'a@x.test' })
    expect(issues(result)).toEqual([{ path: ['emails'], message: 'All licenses of this subscription have expired.' }])
  })
})
