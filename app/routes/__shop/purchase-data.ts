// Types the purchase route (`shop.$product.buy.tsx`) shares with its form and the frame's hook.
import type { SubmissionResult } from '@conform-to/react'
import type { Result } from '#protocol/operations'
import type { FrameParams } from '#app/components/shop/checkout-frame'
import type { PriceBreakdown, PurchaseOptions } from './pricing'

/** Without script, Update price posts the form and is answered with the page of the chosen options. */
export const UPDATE_PRICE_INTENT = 'update-price'

export type ProductRef = { slug: string; name: string }
export type CheckoutClient = Result<'catalog'>['checkout']

export type Priced = { options: PurchaseOptions; breakdown: PriceBreakdown; fallback: boolean }

/** §5: the subscription to the product that stops an individual purchase; named only to its signed-in owner. */
export type SubscribedNotice = {
  product: string
  email: string
  /** The form as posted, as an organization purchase. */
  organizationUrl: string
  subscription?: { name: string; billingPeriod: 'month' | 'year'; quantity: number; quantityUrl: string }
}

/** The refused form (with the breakdown of what was posted), or the frame to open. */
export type ActionData =
  | { kind: 'invalid'; result: SubmissionResult<string[]>; priced?: Priced; subscribed?: SubscribedNotice }
  | { kind: 'frame'; result: SubmissionResult<string[]>; frame: FrameParams }
