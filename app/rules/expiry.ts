/**
 * The expiry warning of the account page (spec §4 "Renewal banner", §9): a 60-day window after expiry during which a
 * full renewal discount still applies.
 */
import type { License } from '#protocol/entities'
import { formatDate } from './dates'
import { displayName } from './license'
import { DAY_MS, isOpenSource, isExpired } from '#protocol/licenses'

export const EXPIRY_WARNING_DAYS = 60
const WINDOW_MS = EXPIRY_WARNING_DAYS * DAY_MS

/**
 * Licenses of one order that expired together within the last 60 days: one line of the warning. A company buys
 * licenses twenty at a time; a line per license would bury the warning (and the page) under identical sentences.
 */
export type DiscountDeadline = {
  /** The product's display name (§3). */
  product: string
  order: string
  /** Key numbers, ascending. */
  keys: number[]
  expiration: number
  /** The last day of the full renewal discount: expiry plus 60 days. */
  deadline: number
}

export type ExpiryWarnings = {
  /** Licenses that expired more than 60 days ago: only counted. */
  longExpiredCount: number
  /** Licenses that expired within the last 60 days, by order and expiry; soonest deadline first. */
  discountDeadlines: DiscountDeadline[]
}

/**
 * Splits the expired licenses (Open Source excluded) at 60 days after expiry. Licenses that have not expired yet are
 * in neither part: the discount deadline is about renewing after expiry. A license is counted once even when it
 * appears twice (for example as a company license and as assigned to the user), by owner and id. Recently expired
 * licenses of one owner, order, product and expiry share a line.
 */
export function expiryWarnings(licenses: readonly License[], now: number): ExpiryWarnings {
  const seen = new Set<string>()
  let longExpiredCount = 0
  const groups = new Map<string, DiscountDeadline>()
  for (const license of licenses) {
    const ref = `${license.owner}\u0000${license.id}`
    if (seen.has(ref) || isOpenSource(license) || !isExpired(license, now)) continue
    seen.add(ref)
    const deadline = license.expiration + WINDOW_MS
    if (deadline < now) {
      longExpiredCount += 1
      continue
    }
    const product = displayName(license)
    const key = `${license.owner}\u0000${license.order}\u0000${product}\u0000${license.expiration}`
    const group = groups.get(key)
    if (group) group.keys.push(license.key)
    else
      groups.set(key, { product, order: license.order, keys: [license.key], expiration: license.expiration, deadline })
  }
  const discountDeadlines = [...groups.values()]
  for (const group of discountDeadlines) group.keys.sort((a, b) => a - b)
  discountDeadlines.sort((a, b) => a.deadline - b.deadline || a.order.localeCompare(b.order) || a.keys[0] - b.keys[0])
  return { longExpiredCount, discountDeadlines }
}

/** "key 4", "keys 1–3, 7": consecutive key numbers as ranges. */
export function keysText(keys: readonly number[]): string {
  const parts: string[] = []
  for (let i = 0; i < keys.length; i++) {
    let j = i
    while (j + 1 < keys.length && keys[j + 1] === keys[j] + 1) j++
    parts.push(j === i ? String(keys[i]) : `${keys[i]}–${keys[j]}`)
    i = j
  }
  return `${keys.length === 1 ? 'key' : 'keys'} ${parts.join(', ')}`
}

/** The generic message for licenses expired more than 60 days ago ("license(s)" as the spec writes its counts). */
export function longExpiredMessage(count: number): string {
  return `${count} license(s) expired more than ${EXPIRY_WARNING_DAYS} days ago. Renew them to keep receiving updates.`
}

/** The full-renewal-discount line for licenses of one order that expired together. */
export function discountDeadlineMessage(group: DiscountDeadline, options: { utc: boolean } = { utc: true }): string {
  return `${group.product} (order ${group.order}, ${keysText(group.keys)}) expired on ${formatDate(group.expiration, options)}. Renew by ${formatDate(group.deadline, options)} to get the full renewal discount.`
}
