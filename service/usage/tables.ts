// The usage tables (migration 0035).
import type { ProductGroup } from '../../protocol/entities.js'

export type LicenseCheckTable = {
  license_id: string
  month: string
  company_id: string
  product_group: ProductGroup
  first_at: number
  last_at: number
}

export type ActivationRefusalTable = {
  activation_id: string
  month: string
  company_id: string
  product_group: ProductGroup
  refused_at: number
}

export type UsageMonthTable = {
  company_id: string
  product_group: ProductGroup
  month: string
  seats_bought: number
  seats_assigned: number
  taken_at: number
}

export type SeatHolderTable = { license_id: string; company_id: string; holder: string; since: number }

/** Migration 0047: `holder` downloaded the seat's own offline key. */
export type OfflineKeyHolderTable = { license_id: string; holder: string; downloaded_at: number }

export type UsageTables = {
  offline_key_holders: OfflineKeyHolderTable
  license_checks: LicenseCheckTable
  activation_refusals: ActivationRefusalTable
  usage_months: UsageMonthTable
  seat_holders: SeatHolderTable
}
