import { describe, expect, it } from 'vitest'
import { COUPON_MAX_LENGTH, couponCode } from './coupons.js'

describe('couponCode', () => {
  it('reads a code typed with spaces inside or around it as the code', () => {
    expect(couponCode('FREEYEAR')).toBe('FREEYEAR')
    expect(couponCode('  FREE YEAR ')).toBe('FREEYEAR')
    expect(couponCode('FREE\u00a0YEAR\n')).toBe('FREEYEAR')
    expect(couponCode('\tFR EE-YE AR')).toBe('FREE-YEAR')
  })
  it('drops the zero-width characters a copied code may carry', () => {
    expect(couponCode('\ufeffFREE\u200bYEAR\u2060')).toBe('FREEYEAR')
  })
  it('keeps the letters as typed (the service compares codes without regard to case) and cuts at the longest code', () => {
    expect(couponCode('free year')).toBe('freeyear')
    expect(couponCode('A'.repeat(300))).toHaveLength(COUPON_MAX_LENGTH)
    expect(couponCode('   ')).toBe('')
  })
})
