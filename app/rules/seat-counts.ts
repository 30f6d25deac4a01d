// The counts /manage shows (spec §2 company heading, §4 subscription rows), once, so the page agrees with itself.
import type { License, Subscription } from '#protocol/entities'
import { isInactive } from './subscription'
import { isExpired } from '#protocol/licenses/licenses'
import type { SeatCounts, SubscriptionSeats } from '#protocol/licenses/window-reads'
import { countOf, plural } from '#protocol/shared/words'

export type { SeatCounts }

const isAssigned = (license: Pick<License, 'assignedTo'>) => license.assignedTo.trim() !== ''

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

/** "4 licenses, 3 assigned, 1 unused" (zero parts left out, except assigned); lapsing ones are said with what
 * renews: "3 licenses until the term ends, 1 renews and 2 lapse, 3 assigned". */
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

/** A subscription the answer did not count has none. */
export function seatsLookup(seats: readonly SubscriptionSeats[]): (subscriptionId: string) => SeatCounts {
  const byId = new Map(seats.map((s) => [s.subscriptionId, s]))
  return (subscriptionId) => byId.get(subscriptionId) ?? { licenses: 0, assigned: 0, unused: 0, lapsing: 0 }
}

export type CompanyCounts = {
  /** Not inactive (the ones shown by default). */
  subscriptions: number
  unusedSubscriptionLicenses: number
  /** Without a subscription (the company's license table). */
  licenses: number
  /** Unassigned and unexpired. */
  unassigned: number
}

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

/** "2 subscriptions with 3 unused licenses · 33 licenses with 13 unassigned and unexpired"; zero parts left out. */
export function companyCountsText(counts: CompanyCounts): string {
  const parts: string[] = []
  if (counts.subscriptions > 0) {
    const unused = counts.unusedSubscriptionLicenses
    parts.push(
      `${countOf(counts.subscriptions, 'subscription')} with ${unused > 0 ? countOf(unused, 'unused license') : 'no unused licenses'}`,
    )
  }
  if (counts.licenses > 0) {
    parts.push(
      counts.unassigned > 0
        ? `${countOf(counts.licenses, 'license')} with ${counts.unassigned.toLocaleString('en-US')} unassigned and unexpired`
        : `${countOf(counts.licenses, 'license')}, all assigned or expired`,
    )
  }
  return parts.length > 0 ? parts.join(' · ') : 'No licenses or subscriptions yet.'
}
