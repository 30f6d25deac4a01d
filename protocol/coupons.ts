// A coupon code as people type and paste it: read aloud in groups ("FREE YEAR"), copied with a space or a line break
// around it, or from a page that puts zero-width breaks in long words. None of that is part of a code.

/** The longest coupon code the portal and the service read. */
export const COUPON_MAX_LENGTH = 100

// White space of every kind (spaces, no-break spaces, tabs, line breaks) and the zero-width characters.
const NOT_PART_OF_A_CODE = /[\s\u200b-\u200d\u2060\ufeff]+/g

/** The code in what was typed: every space, line break and zero-width character taken out, cut to the longest code. */
export function couponCode(typed: string): string {
  return typed.replace(NOT_PART_OF_A_CODE, '').slice(0, COUPON_MAX_LENGTH)
}
