// The license tables' windows in `retrieveDetails` (§7): filters, page sizes, search. The read's payload and answer are
// in `window-reads.ts`.
import * as z from 'zod/mini'

/** `unassigned`: free and unexpired; `idle-N`: seats held N days with no editor check (protocol/reclaim/reclaim.ts). */
export const licenseFilters = [
  'all',
  'assigned',
  'unassigned',
  'expired',
  'expiring',
  'idle-30',
  'idle-60',
  'idle-90',
] as const
export const LicenseFilter = z.enum(licenseFilters)
export type LicenseFilter = z.infer<typeof LicenseFilter>

export const EXPIRING_WITHIN_DAYS = 60

/** The service accepts any page size up to the largest. */
export const pageSizes = [25, 50, 100, 200] as const
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200
export const SEARCH_MAX_LENGTH = 100

/** Every other table is named by its company's id. */
export const PERSONAL_TABLE = 'personal'

/** How many orders of long-expired licenses the warning names; the rest it counts. */
export const LONG_EXPIRED_ORDERS_NAMED = 5
