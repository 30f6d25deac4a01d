/**
 * What each capability's row and section controls are handed. The page's slots (`../license-actions.tsx`,
 * `../company-actions.tsx`, `../subscription-actions.tsx`) render every capability's control with these props; each
 * control renders nothing where it does not apply.
 */
import type { Company, License, Subscription } from '#protocol/entities'

/** A license row's action (assign, renew, offline key, remove). */
export type LicenseActionProps = { license: License; company?: Company; admin: boolean; now: number }

/** A company section's action (permissions, bulk assign, bulk renew, offline keys, new subscription). */
export type CompanyActionProps = { company: Company; admin: boolean; now: number; email: string }

/** A subscription card's action. */
export type SubscriptionActionProps = { subscription: Subscription; company?: Company; admin: boolean; now: number }
