/**
 * What the purchase page's route module (`shop.$product.buy.tsx`) hands its form: the product, the priced options and
 * the action's answers. Types only, shared by the route, the form and the frame's hook.
 */
import type { SubmissionResult } from '@conform-to/react'
import type { Result } from '#protocol/operations'
import type { FrameParams } from '#app/components/shop/checkout-frame'
import type { PriceBreakdown, PurchaseOptions } from './pricing'

export type ProductRef = { slug: string; name: string }
export type CheckoutClient = Result<'catalog'>['checkout']

/** The breakdown of a set of options, and whether it is the built-in one. */
export type Priced = { options: PurchaseOptions; breakdown: PriceBreakdown; fallback: boolean }

/** What the route's action answers: the refused form (with the breakdown of what was posted), or the frame to open. */
export type ActionData =
  | { kind: 'invalid'; result: SubmissionResult<string[]>; priced?: Priced }
  | { kind: 'frame'; result: SubmissionResult<string[]>; frame: FrameParams }
