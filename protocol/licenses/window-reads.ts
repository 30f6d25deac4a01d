// Windowed reads of `retrieveDetails`: a page of each license table and its counts; without windows, all of it (§7).
import * as z from 'zod/mini'
import { License } from '../entities.js'
import { Id } from '../shared/limits.js'
import { DEFAULT_PAGE_SIZE, LicenseFilter, MAX_PAGE_SIZE, SEARCH_MAX_LENGTH } from './windows.js'

export const LicenseWindow = z.object({
  table: Id,
  /** A page past the end answers the last page. */
  page: z._default(z.int().check(z.gte(1), z.lte(1_000_000)), 1),
  pageSize: z._default(z.int().check(z.gte(1), z.lte(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
  /** Matched, ignoring case, against the holder's address, the product, the order number and the key. */
  search: z._default(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH)), ''),
  filter: z._default(LicenseFilter, 'all'),
})
export type LicenseWindow = z.input<typeof LicenseWindow>

export const LicenseWindowResult = z.object({
  table: z.string(),
  page: z.int(),
  pageSize: z.int(),
  pages: z.int(),
  matching: z.int(),
  total: z.int(),
  assigned: z.int(),
  unassigned: z.int(),
  /** A few licenses beyond the page that decide the section's actions (Bulk Assign, Bulk Renew, Offline Keys). */
  witnesses: z.array(License),
})
export type LicenseWindowResult = z.infer<typeof LicenseWindowResult>

/** Recently expired licenses of one order and expiry (spec §9), keys as runs: the answer grows with orders only. */
export const ExpiredGroup = z.object({
  owner: z.string(),
  order: z.string(),
  productName: z.string(),
  trial: z.boolean(),
  /** Promotional licenses are not renewed (spec §5). */
  promotional: z.boolean(),
  subscriptionState: z.optional(z.string()),
  expiration: z.number(),
  count: z.int(),
  /** Ascending runs of consecutive key numbers, `[first, last]`. */
  keys: z.array(z.tuple([z.int(), z.int()])),
})
export type ExpiredGroup = z.infer<typeof ExpiredGroup>

/**
 * An order's licenses expired more than 60 days ago (Open Source aside), named in the warning's count (spec §9). The
 * answer holds the orders expired last (then by order, product, trial), at most LONG_EXPIRED_ORDERS_NAMED of them.
 */
export const LongExpiredOrder = z.object({
  order: z.string(),
  productName: z.string(),
  trial: z.boolean(),
  count: z.int(),
  /** Ascending runs of consecutive key numbers, `[first, last]`. */
  keys: z.array(z.tuple([z.int(), z.int()])),
})
export type LongExpiredOrder = z.infer<typeof LongExpiredOrder>

/** A subscription's seats, as its card shows them (spec §2, §4). */
export const SeatCounts = z.object({
  /** Lapsing ones included: they run until the term ends. */
  licenses: z.int(),
  assigned: z.int(),
  /** Unassigned and unexpired. */
  unused: z.int(),
  lapsing: z.int(),
})
export type SeatCounts = z.infer<typeof SeatCounts>

export const SubscriptionSeats = z.extend(SeatCounts, { subscriptionId: z.string() })
export type SubscriptionSeats = z.infer<typeof SubscriptionSeats>

export const WindowedFacts = z.object({
  windows: z.array(LicenseWindowResult),
  /** A windowed subscription has at most three `licenses`: the first (§3 expiry) and the last renewing and lapsing. */
  subscriptions: z.array(SubscriptionSeats),
  /** The Change Email Address rule (spec §6). */
  personalLicenses: z.int(),
  /** Of any type: what a merge of companies moves (spec §6). */
  ownLicenses: z.int(),
  /** Expired more than 60 days ago (Open Source aside): counted, and the first few orders named. */
  expiredLongAgo: z.int(),
  expiredLongAgoOrders: z.array(LongExpiredOrder),
  recentlyExpired: z.array(ExpiredGroup),
})
export type WindowedFacts = z.infer<typeof WindowedFacts>
