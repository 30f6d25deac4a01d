// The shop's texts (§5, §9): its forms' messages and the coupon's outcome.
import { unexpectedError } from '#protocol/shared/errors'
import { ownValue } from '#protocol/shared/own'
import { countOf } from '#protocol/shared/words'

export const companyNameRequired = 'Company name must be provided.'
export const nameRequired = 'Name must be provided.'
export const alreadySubscribed = 'Email address is already subscribed.'

export const checkoutNameRequired = {
  organization: companyNameRequired,
  individual: nameRequired,
} as const

export const couponMessages = {
  expired: 'This coupon has expired.',
  invalid: 'This coupon does not exist.',
  redeemed: 'This coupon has already been redeemed.',
} as const

export function couponMessage(status: string): string {
  return ownValue(couponMessages, status) ?? unexpectedError
}

export function redeemHeading(months: number): string {
  return `Get ${countOf(months, 'month')} free`
}
