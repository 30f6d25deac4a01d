// What each capability's row and section controls get from the page's slots (`../license-actions.tsx`, …).
import type { Company, License, Subscription } from '#protocol/entities'

export type LicenseActionProps = { license: License; company?: Company; admin: boolean; now: number }

export type CompanyActionProps = { company: Company; admin: boolean; now: number; email: string }

export type SubscriptionActionProps = { subscription: Subscription; company?: Company; admin: boolean; now: number }
