// A coupon code as people type and paste it: spaces, line breaks and zero-width breaks are not part of a code.

export const COUPON_MAX_LENGTH = 100

const NOT_PART_OF_A_CODE = /[\s\u200b-\u200d\u2060\ufeff]+/g

/** Cut to the longest code. */
export function couponCode(typed: string): string {
  return typed.replace(NOT_PART_OF_A_CODE, '').slice(0, COUPON_MAX_LENGTH)
}
