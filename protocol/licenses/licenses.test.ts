import { describe, expect, it } from 'vitest'
import {
  ACTIVATION_LIMIT,
  canAssignLicense,
  isEnterprise,
  isExpired,
  isOpenSource,
  renewalRefusal,
  renewalRefusals,
  renewsThroughSales,
  showOfflineKey,
  showRenew,
} from './licenses.js'
import { DAY, NOW, company, license } from '../../tests/support/entities.js'

describe('kinds of license', () => {
  it('Open Source and enterprise are found in the product name, any case', () => {
    expect(isOpenSource(license({ productName: 'Wallaby.js open source License' }))).toBe(true)
    expect(isOpenSource(license({ productName: 'Wallaby.js License' }))).toBe(false)
    expect(isEnterprise(license({ productName: 'Wallaby.js ENTERPRISE License' }))).toBe(true)
    expect(isEnterprise(license({ productName: 'Wallaby.js License' }))).toBe(false)
  })
  it('enterprise and multi-user licenses cannot be assigned and are renewed through sales', () => {
    expect(canAssignLicense(license())).toBe(true)
    expect(canAssignLicense(license({ productName: 'Wallaby.js Enterprise License' }))).toBe(false)
    expect(canAssignLicense(license({ isMultiUser: true }))).toBe(false)
    expect(renewsThroughSales(license({ isMultiUser: true }))).toBe(true)
    expect(renewsThroughSales(license())).toBe(false)
  })
  it('a license is expired from its expiration instant on', () => {
    expect(isExpired(license({ expiration: NOW + 1 }), NOW)).toBe(false)
    expect(isExpired(license({ expiration: NOW }), NOW)).toBe(true)
    expect(isExpired(license({ expiration: NOW - DAY }), NOW)).toBe(true)
  })
})

describe('showOfflineKey (§5)', () => {
  const sub = { subscriptionId: 's', state: 'active' }
  it('shows for an ordinary license', () => {
    expect(showOfflineKey(license(), NOW)).toBe(true)
  })
  it('hides for Open Source, trial and monthly-subscription licenses', () => {
    expect(showOfflineKey(license({ productName: 'Wallaby.js Open Source' }), NOW)).toBe(false)
    expect(showOfflineKey(license({ trial: true }), NOW)).toBe(false)
    expect(
      showOfflineKey(license({ subscription: sub, billingPeriod: 'month', expiration: NOW + 400 * DAY }), NOW),
    ).toBe(false)
  })
  it('a subscription license needs an annual period or more than 90 days to expiry', () => {
    expect(showOfflineKey(license({ subscription: sub, billingPeriod: 'year', expiration: NOW + DAY }), NOW)).toBe(true)
    expect(showOfflineKey(license({ subscription: sub, expiration: NOW + 91 * DAY }), NOW)).toBe(true)
    expect(showOfflineKey(license({ subscription: sub, expiration: NOW + 90 * DAY }), NOW)).toBe(false)
  })
  it('a license without subscription needs neither', () => {
    expect(showOfflineKey(license({ billingPeriod: 'month', expiration: NOW + DAY }), NOW)).toBe(true)
  })
})

describe('showRenew (§5)', () => {
  const acme = company()
  it('shows for an ordinary company license and a personal license', () => {
    expect(showRenew(license(), acme)).toBe(true)
    expect(showRenew(license({ licenseType: 'personal' }), undefined)).toBe(true)
  })
  it.each([
    ['Open Source', { productName: 'Quokka.js Open Source License' }],
    ['no order', { order: '' }],
    ['trial', { trial: true }],
    ['promotional', { promotional: true }],
    ['company subscription', { subscription: { subscriptionId: 's', state: 'active' } }],
  ])('hides for %s', (_, overrides) => {
    expect(showRenew(license(overrides), acme)).toBe(false)
  })
  it('hides without the renewal right', () => {
    expect(showRenew(license(), company({ canRenew: false }))).toBe(false)
  })
  it.each(['active', 'paused', 'pastDue', 'deleted'])('shows for a personal subscription license (%s)', (state) => {
    const sub = { subscriptionId: 's', state }
    expect(showRenew(license({ licenseType: 'personal', subscription: sub }), undefined)).toBe(true)
  })
  it.each(['active', 'paused', 'pastDue', 'deleted'])('hides for a company subscription license (%s)', (state) => {
    const sub = { subscriptionId: 's', state }
    expect(showRenew(license({ licenseType: 'company', subscription: sub }), acme)).toBe(false)
    // …also when it is listed with the personal licenses (assigned to the user).
    expect(showRenew(license({ licenseType: 'company', subscription: sub }), undefined)).toBe(false)
  })
})

describe('renewalRefusal (§5, the renewal call)', () => {
  it('accepts an ordinary license and a personal subscription license, cancelled or not', () => {
    expect(renewalRefusal(license(), false)).toBeUndefined()
    expect(renewalRefusal(license({ subscription: { subscriptionId: 's', state: 'active' } }), true)).toBeUndefined()
    expect(renewalRefusal(license({ subscription: { subscriptionId: 's', state: 'deleted' } }), true)).toBeUndefined()
  })
  it.each([
    [renewalRefusals.openSource, { productName: 'Quokka.js Open Source License' }, false],
    [renewalRefusals.noOrder, { order: '' }, false],
    [renewalRefusals.trial, { trial: true }, true],
    [renewalRefusals.promotional, { promotional: true }, true],
    [renewalRefusals.subscription, { subscription: { subscriptionId: 's', state: 'deleted' } }, false],
  ])('refuses with "%s"', (message, overrides, personal) => {
    expect(renewalRefusal(license(overrides), personal)).toBe(message)
  })
})

describe('ACTIVATION_LIMIT (§9)', () => {
  it('is three locations', () => {
    expect(ACTIVATION_LIMIT).toBe(3)
  })
})
