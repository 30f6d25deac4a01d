/**
 * The expiry warning of the account page (spec §4 "Renewal banner", §9): a 60-day window after expiry during which a
 * full renewal discount still applies.
 */
import type { License } from '#protocol/entities'
import { formatDate } from './dates'
import { DAY_MS, displayName, isExpired, isOpenSource } from './license'

export const EXPIRY_WARNING_DAYS = 60
const WINDOW_MS = EXPIRY_WARNING_DAYS * DAY_MS

export type ExpiryWarnings<L extends License = License> = {
  /** Licenses that expired more than 60 days ago: only counted. */
  longExpiredCount: number
  /** Licenses that expired within the last 60 days, with the last day of the full-renewal discount; soonest first. */
  discountDeadlines: { license: L; deadline: number }[]
}

/**
 * Splits the expired licenses (Open Source excluded) at 60 days after expiry. Licenses that have not expired yet are
 * in neither part: the discount deadline is about renewing after expiry. A license is listed once even when it
 * appears twice (for example as a company license and as assigned to the user), by owner and id.
 */
export function expiryWarnings<L extends License>(licenses: readonly L[], now: number): ExpiryWarnings<L> {
  const seen = new Set<string>()
  let longExpiredCount = 0
  const discountDeadlines: { license: L; deadline: number }[] = []
  for (const license of licenses) {
    const ref = `${license.owner}\u0000${license.id}`
    if (seen.has(ref) || isOpenSource(license) || !isExpired(license, now)) continue
    seen.add(ref)
    const deadline = license.expiration + WINDOW_MS
    if (deadline < now) longExpiredCount += 1
    else discountDeadlines.push({ license, deadline })
  }
  discountDeadlines.sort((a, b) => a.deadline - b.deadline)
  return { longExpiredCount, discountDeadlines }
}

/** The generic message for licenses expired more than 60 days ago ("license(s)" as the spec writes its counts). */
export function longExpiredMessage(count: number): string {
  return `${count} license(s) expired more than ${EXPIRY_WARNING_DAYS} days ago. Renew them to keep receiving updates.`
}

/** The full-renewal-discount line for one recently expired license. */
export function discountDeadlineMessage(
  license: Pick<License, 'productName' | 'trial' | 'expiration'>,
  deadline: number,
  options: { utc: boolean } = { utc: true },
): string {
  return `${displayName(license)} expired on ${formatDate(license.expiration, options)}. Renew by ${formatDate(deadline, options)} to get the full renewal discount.`
}
