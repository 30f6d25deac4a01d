/**
 * The counts /manage shows about licenses (spec §2 company heading, §4 subscription rows), defined once: the company
 * heading adds up the very numbers its subscription rows and its license table show, so the page never disagrees with
 * itself.
 */
import type { License, Subscription } from '#protocol/entities'
import { isInactive } from './subscription'
import { isExpired } from '#protocol/licenses'
import type { SeatCounts, SubscriptionSeats } from '#protocol/windows'
import { countOf, plural } from '#protocol/words'

export type { SeatCounts }

const isAssigned = (license: Pick<License, 'assignedTo'>) => license.assignedTo.trim() !== ''

/** The counts of a set of licenses (a subscription's, or a table's). */
export function seatCounts(licenses: readonly License[], now: number): SeatCounts {
  let assigned = 0
  let unused = 0
  let lapsing = 0
  for (const license of licenses) {
    if (isAssigned(license)) assigned++
    else if (!isExpired(license, now)) unused++
    if (license.lapsing) lapsing++
  }
  return { licenses: licenses.length, assigned, unused, lapsing }
}

/**
 * A subscription row's counts in words. A company subscription: "4 licenses, 3 assigned, 1 unused" (parts that are
 * zero left out, except assigned). A personal subscription's licenses cannot be assigned, so there only the licenses
 * are counted. Licenses that lapse (after the quantity went down) are said with what renews, so that the row agrees
 * with its title's seats and with Change Quantity: "3 licenses until the term ends, 1 renews and 2 lapse, 3 assigned".
 */
export function subscriptionSeatsText(c: SeatCounts, personal: boolean) {
  const n = (count: number) => count.toLocaleString('en-US')
  const renewing = c.licenses - c.lapsing
  const parts =
    c.lapsing > 0
      ? [
          `${countOf(c.licenses, 'license')} until the term ends`,
          `${n(renewing)} ${plural(renewing, 'renews', 'renew')} and ${n(c.lapsing)} ${plural(c.lapsing, 'lapses', 'lapse')}`,
        ]
      : [countOf(c.licenses, 'license')]
  if (!personal) parts.push(`${n(c.assigned)} assigned`)
  if (!personal && c.unused > 0) parts.push(`${n(c.unused)} unused`)
  return parts.join(', ')
}

/**
 * Each subscription's seats by its id, as the service counted them (a subscription the answer did not count has
 * none).
 */
export function seatsLookup(seats: readonly SubscriptionSeats[]): (subscriptionId: string) => SeatCounts {
  const byId = new Map(seats.map((s) => [s.subscriptionId, s]))
  return (subscriptionId) => byId.get(subscriptionId) ?? { licenses: 0, assigned: 0, unused: 0, lapsing: 0 }
}

export type CompanyCounts = {
  /** Subscriptions that are not inactive (the ones shown by default). */
  subscriptions: number
  /** The unused licenses of those subscriptions: the sum of their rows' unused counts. */
  unusedSubscriptionLicenses: number
  /** Licenses without a subscription (the rows of the company's license table). */
  licenses: number
  /** Of those, the unassigned ones that have not expired (rows reading "Unassigned" without "Expired"). */
  unassigned: number
}

/**
 * §2: the counts in a company section's heading, from its subscriptions' seats and its license table's counts (both
 * counted by the service).
 */
export function companyCounts(
  subscriptions: readonly Subscription[],
  seatsOf: (subscriptionId: string) => SeatCounts,
  table: { total: number; unassigned: number },
  now: number,
): CompanyCounts {
  const active = subscriptions.filter((s) => !isInactive(s, now))
  return {
    subscriptions: active.length,
    unusedSubscriptionLicenses: active.reduce((n, s) => n + seatsOf(s.subscriptionId).unused, 0),
    licenses: table.total,
    unassigned: table.unassigned,
  }
}

/** The heading's line: "2 subscriptions with 3 unused licenses · 33 licenses with 13 unassigned and unexpired". */
export function companyCountsText(counts: CompanyCounts): string {
  return (
    `${countOf(counts.subscriptions, 'subscription')} with ${countOf(counts.unusedSubscriptionLicenses, 'unused license')} · ` +
    `${countOf(counts.licenses, 'license')} with ${counts.unassigned.toLocaleString('en-US')} unassigned and unexpired`
  )
}
