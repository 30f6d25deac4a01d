// Types the purchase route (`shop.$product.buy.tsx`) shares with its form and the frame's hook.
import type { SubmissionResult } from '@conform-to/react'
import type { Result } from '#protocol/operations'
import type { FrameParams } from '#app/components/shop/checkout-frame'
import type { PriceBreakdown, PurchaseOptions } from './pricing'

export type ProductRef = { slug: string; name: string }
export type CheckoutClient = Result<'catalog'>['checkout']

export type Priced = { options: PurchaseOptions; breakdown: PriceBreakdown; fallback: boolean }

/** The refused form (with the breakdown of what was posted), or the frame to open. */
export type ActionData =
  | { kind: 'invalid'; result: SubmissionResult<string[]>; priced?: Priced }
  | { kind: 'frame'; result: SubmissionResult<string[]>; frame: FrameParams }
