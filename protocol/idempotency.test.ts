import { describe, expect, it } from 'vitest'
import { isReadCall, readOperations } from './idempotency.js'

describe('reads, as each operation declares it', () => {
  it('the reads declared in the rooms are reads, and a change is never taken for a read', () => {
    for (const name of [
      'retrieveDetails',
      'retrieveLicenses',
      'retrieveActivity',
      'retrieveMachines',
      'retrieveWebhooks',
      'prices',
    ] as const) {
      expect(readOperations).toContain(name)
    }
    for (const name of ['changeAssignment', 'updatePermissions', 'cancelSubscription', 'renewal'] as const) {
      expect(isReadCall(name, {})).toBe(false)
    }
  })

  it("the coupon's query reads, its use does not", () => {
    expect(isReadCall('coupon', { type: 'query' })).toBe(true)
    expect(isReadCall('coupon', { type: 'use' })).toBe(false)
  })
})
