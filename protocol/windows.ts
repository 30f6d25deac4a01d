/**
 * Windowed reads of `retrieveDetails`: a client that shows a page of each license table asks for that page (with a
 * text search and a filter) instead of every license, and gets the table's counts beside it, computed by the store.
 * A client that sends no windows gets the whole account, as spec §7 describes it.
 */
import { z } from 'zod'
import { License } from './entities.js'

/** Which licenses of a table a window shows. `unassigned` means free and unexpired: the seats that can be handed out. */
export const licenseFilters = ['all', 'assigned', 'unassigned', 'expired', 'expiring'] as const
export const LicenseFilter = z.enum(licenseFilters)
export type LicenseFilter = z.infer<typeof LicenseFilter>

/** "Expiring" means the license runs out within this many days (and has not yet). */
export const EXPIRING_WITHIN_DAYS = 60

/** The page sizes a license table offers; the service accepts any size up to the largest. */
export const pageSizes = [25, 50, 100, 200] as const
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200
/** The longest text search, in characters. */
export const SEARCH_MAX_LENGTH = 100

/** The personal table's name in a window (every other table is named by its company's id). */
export const PERSONAL_TABLE = 'personal'

export const LicenseWindow = z.object({
  /** `personal`, or the id of a company the caller holds a role in. */
  table: z.string().min(1).max(200),
  /** 1-based; a page past the end answers the last page. */
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Matched, without regard to case, against the holder's address, the product, the order number and the key. */
  search: z.string().trim().max(SEARCH_MAX_LENGTH).default(''),
  filter: LicenseFilter.default('all'),
})
export type LicenseWindow = z.input<typeof LicenseWindow>

/** One license table as a window answers it: the page's rows are the table's `licenses` in the body. */
export const LicenseWindowResult = z.object({
  table: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  /** Licenses that match the search and filter (all of the table when there are neither). */
  matching: z.number().int(),
  /** Licenses in the table. */
  total: z.number().int(),
  /** Of those, the ones assigned to someone. */
  assigned: z.number().int(),
  /** Of those, the free and unexpired ones. */
  unassigned: z.number().int(),
  /**
   * A few licenses of the table beyond the page that the section's actions decide on (some license outside a
   * subscription, some assignable and unexpired one): the portal offers Bulk Assign, Bulk Renew and Offline Keys from
   * them without reading the table.
   */
  witnesses: z.array(License),
})
export type LicenseWindowResult = z.infer<typeof LicenseWindowResult>

/**
 * Recently expired licenses of one owner, order, product and expiry, as the store groups them for the expiry warning
 * (spec §9: a line per order that expired together): their key numbers as runs, so that the answer grows with the
 * account's orders, not its licenses.
 */
export const ExpiredGroup = z.object({
  owner: z.string(),
  order: z.string(),
  productName: z.string(),
  trial: z.boolean(),
  /** Promotional licenses are not renewed (spec §5): their line offers no renewal. */
  promotional: z.boolean(),
  /** The state of the subscription the licenses belong to, when they belong to one (it decides on their renewal). */
  subscriptionState: z.string().optional(),
  expiration: z.number(),
  /** Licenses in the group. */
  count: z.number().int(),
  /** Their key numbers as ascending runs of consecutive numbers, `[first, last]`. */
  keys: z.array(z.tuple([z.number().int(), z.number().int()])),
})
export type ExpiredGroup = z.infer<typeof ExpiredGroup>

/** The counts of a set of licenses: a subscription's seats, as its card shows them (spec §2, §4). */
export const SeatCounts = z.object({
  /** Licenses held (lapsing ones included: they run until the term ends). */
  licenses: z.number().int(),
  /** Of those, the ones assigned to someone. */
  assigned: z.number().int(),
  /** Unassigned and unexpired: the seats that can still be handed out. */
  unused: z.number().int(),
  /** Licenses that lapse at the end of the term (the subscription's quantity was lowered). */
  lapsing: z.number().int(),
})
export type SeatCounts = z.infer<typeof SeatCounts>

/** One subscription's seats, counted by the store. */
export const SubscriptionSeats = SeatCounts.extend({ subscriptionId: z.string() })
export type SubscriptionSeats = z.infer<typeof SubscriptionSeats>

/** What a windowed read answers beside the body: each table's window and the facts about the whole account. */
export const WindowedFacts = z.object({
  windows: z.array(LicenseWindowResult),
  /**
   * The seats of every subscription in the body (the account's and its companies'), counted by the store. In a
   * windowed answer a subscription's `licenses` are not all of them but at most three, the ones its state and expiry
   * are decided by: the first (lowest key number: it gives the expiry, spec §3) and the last to expire of the renewing
   * and of the lapsing ones (the paid term and the last expiry). Its `lapsingQuantity` counts them all. So the answer
   * is the same size whatever a subscription's number of seats; its dialogs read its licenses when they open.
   */
  subscriptions: z.array(SubscriptionSeats),
  /** The account's own licenses of the personal type (the Change Email Address rule, spec §6). */
  personalLicenses: z.number().int(),
  /** Every license held in the account's own name, of any type (what a merge of companies moves, spec §6). */
  ownLicenses: z.number().int(),
  /** Every license of the account that expired more than 60 days ago (Open Source aside): only counted. */
  expiredLongAgo: z.number().int(),
  /** Every license of the account that expired within the last 60 days (Open Source aside), grouped. */
  recentlyExpired: z.array(ExpiredGroup),
})
export type WindowedFacts = z.infer<typeof WindowedFacts>
