// The reclaim tables (migration 0036).
export type ReclaimPolicyTable = { company_id: string; idle_days: number; changed_by: string; changed_at: number }

export type ReclaimWarningTable = {
  license_id: string
  idle_since: number
  company_id: string
  holder: string
  warned_at: number
  reclaim_at: number
}

export type SeatReclaimTable = {
  id: string
  company_id: string
  license_id: string
  holder: string
  idle_days: number
  reclaimed_at: number
  undone_at: number | null
  undone_by: string | null
}

export type ReclaimTables = {
  reclaim_policies: ReclaimPolicyTable
  reclaim_warnings: ReclaimWarningTable
  seat_reclaims: SeatReclaimTable
}
