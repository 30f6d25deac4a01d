// The usage tables (migration 0035): checks per license and month, refusals at the activation limit, the monthly
// seat figures and since when each seat has its holder.
import type { ProductGroup } from '../../protocol/entities.js'
import type { DB } from '../db/database.js'

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

export type UsageTables = {
  license_checks: LicenseCheckTable
  activation_refusals: ActivationRefusalTable
  usage_months: UsageMonthTable
  seat_holders: SeatHolderTable
}

export const usageStore = (db: DB) => db.withTables<UsageTables>()
