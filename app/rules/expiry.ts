/**
 * The expiry warning of the account page (spec §4 "Renewal banner", §9): a 60-day window after expiry during which a
 * full renewal discount still applies.
 */
import type { Company, License } from '#protocol/entities'
import type { ExpiredGroup } from '#protocol/windows'
import { formatDate } from '#protocol/dates'
import { displayName } from '#protocol/products'
import { DAY_MS, isOpenSource, isExpired, renewalRefusal } from '#protocol/licenses'
import { countOf } from '#protocol/words'

export const EXPIRY_WARNING_DAYS = 60
const WINDOW_MS = EXPIRY_WARNING_DAYS * DAY_MS

/** Key numbers `first` to `last`, consecutive: one run of a line's keys. */
export type KeyRun = [first: number, last: number]

/**
 * Licenses of one order that expired together within the last 60 days: one line of the warning. A company buys
 * licenses twenty at a time; a line per license would bury the warning (and the page) under identical sentences.
 */
export type DiscountDeadline = {
  /** The product's display name (§3). */
  product: string
  order: string
  /** Key numbers as ascending runs of consecutive numbers. */
  keys: KeyRun[]
  /** How many licenses the line is about. */
  count: number
  expiration: number
  /** The last day of the full renewal discount: expiry plus 60 days. */
  deadline: number
  /**
   * Whether the page offers Renew for these licenses (`offered`), or why not: the company whose right to renew the user
   * lacks (`company`), or the reason they cannot be renewed at all (`refusal`). Only an offered Renew gets "Renew by".
   */
  renewal: { offered: true } | { offered: false; company: string } | { offered: false; refusal: string }
}

export type ExpiryWarnings = {
  /** Licenses that expired more than 60 days ago: only counted. */
  longExpiredCount: number
  /** Licenses that expired within the last 60 days, by order and expiry; soonest deadline first. */
  discountDeadlines: DiscountDeadline[]
}

type ExpiringLicense = Pick<
  License,
  'id' | 'owner' | 'order' | 'key' | 'productName' | 'trial' | 'promotional' | 'subscription' | 'expiration'
>

/** Key numbers in any order (repeats allowed) as ascending runs of consecutive numbers. */
export function keyRuns(keys: readonly number[]): KeyRun[] {
  return joinRuns(keys.map((key): KeyRun => [key, key]))
}

/** Runs of several groups as one ascending list of runs, overlapping and touching runs joined. */
function joinRuns(runs: readonly KeyRun[]): KeyRun[] {
  const joined: KeyRun[] = []
  for (const [first, last] of [...runs].sort((a, b) => a[0] - b[0])) {
    const previous = joined[joined.length - 1]
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last)
    else joined.push([first, last])
  }
  return joined
}

/**
 * Splits the expired licenses of a whole read (Open Source excluded) at 60 days after expiry, as the licensing
 * service does in its store for a windowed read: the long-expired ones counted, the recent ones in groups of one
 * owner, order, product and expiry. Licenses that have not expired yet are in neither part: the discount deadline is
 * about renewing after expiry. A license is counted once even when it appears twice (for example as a company license
 * and as assigned to the user), by owner and id.
 */
export function expiredGroups(licenses: readonly ExpiringLicense[], now: number) {
  const seen = new Set<string>()
  let expiredLongAgo = 0
  const groups = new Map<string, ExpiredGroup & { keyList: number[] }>()
  for (const license of licenses) {
    const ref = `${license.owner}\u0000${license.id}`
    if (seen.has(ref) || isOpenSource(license) || !isExpired(license, now)) continue
    seen.add(ref)
    if (license.expiration + WINDOW_MS < now) {
      expiredLongAgo += 1
      continue
    }
    const { owner, order, productName, trial, promotional, expiration } = license
    const subscriptionState = license.subscription?.state
    const key = [owner, order, productName, trial, promotional, subscriptionState ?? '', expiration].join('\u0000')
    const group = groups.get(key)
    if (group) group.keyList.push(license.key)
    else
      groups.set(key, {
        owner,
        order,
        productName,
        trial,
        promotional,
        ...(subscriptionState ? { subscriptionState } : {}),
        expiration,
        count: 0,
        keys: [],
        keyList: [license.key],
      })
  }
  const recentlyExpired: ExpiredGroup[] = [...groups.values()].map(({ keyList, ...group }) => ({
    ...group,
    count: keyList.length,
    keys: keyRuns(keyList),
  }))
  return { expiredLongAgo, recentlyExpired }
}

/** The companies the user holds a role in, by id: whose licenses they may renew (spec §6 canRenew). */
export type RenewRights = ReadonlyMap<string, Pick<Company, 'name' | 'canRenew'>>

/** Whether the licenses of a group are offered Renew on the page (`showRenew`'s rule, for a group), or why not. */
function renewalOf(group: ExpiredGroup, companies: RenewRights): DiscountDeadline['renewal'] {
  const company = companies.get(group.owner)
  const refusal = renewalRefusal(
    {
      productName: group.productName,
      order: group.order,
      trial: group.trial,
      promotional: group.promotional,
      ...(group.subscriptionState ? { subscription: { subscriptionId: '', state: group.subscriptionState } } : {}),
    },
    company === undefined,
  )
  if (refusal) return { offered: false, refusal }
  if (company && !company.canRenew) return { offered: false, company: company.name }
  return { offered: true }
}

/**
 * The warning (§9) from the store's groups: the recently expired ones a line per owner, order, product (by its display
 * name) and expiry, soonest deadline first; the long-expired ones only counted. `companies` says where the user may
 * renew: a line says "Renew by …" only where the page offers Renew.
 */
export function expiryWarnings(
  recentlyExpired: readonly ExpiredGroup[],
  expiredLongAgo: number,
  companies: RenewRights = new Map(),
): ExpiryWarnings {
  const lines = new Map<string, DiscountDeadline>()
  for (const group of recentlyExpired) {
    const product = displayName(group)
    const renewal = renewalOf(group, companies)
    const key = `${group.owner}\u0000${group.order}\u0000${product}\u0000${group.expiration}\u0000${JSON.stringify(renewal)}`
    const line = lines.get(key)
    if (line) {
      line.keys = joinRuns([...line.keys, ...group.keys])
      line.count += group.count
    } else
      lines.set(key, {
        product,
        order: group.order,
        keys: joinRuns(group.keys),
        count: group.count,
        expiration: group.expiration,
        deadline: group.expiration + WINDOW_MS,
        renewal,
      })
  }
  const discountDeadlines = [...lines.values()]
  discountDeadlines.sort(
    (a, b) => a.deadline - b.deadline || a.order.localeCompare(b.order) || a.keys[0][0] - b.keys[0][0],
  )
  return { longExpiredCount: expiredLongAgo, discountDeadlines }
}

/** The warning over every license of a whole read (see `expiredGroups`). */
export function expiryWarningsOf(
  licenses: readonly ExpiringLicense[],
  now: number,
  companies: RenewRights = new Map(),
): ExpiryWarnings {
  const { recentlyExpired, expiredLongAgo } = expiredGroups(licenses, now)
  return expiryWarnings(recentlyExpired, expiredLongAgo, companies)
}

/** "key 4", "keys 1–3, 7": the line's key numbers, consecutive ones as a range. */
export function keysText(runs: readonly KeyRun[], count: number): string {
  const parts = runs.map(([first, last]) => (first === last ? String(first) : `${first}–${last}`))
  return `${count === 1 ? 'key' : 'keys'} ${parts.join(', ')}`
}

/** The generic message for licenses expired more than 60 days ago (the spec's "license(s)" as the count needs it). */
export function longExpiredMessage(count: number): string {
  return `${countOf(count, 'license')} expired more than ${EXPIRY_WARNING_DAYS} days ago. Renew ${count === 1 ? 'it' : 'them'} to keep receiving updates.`
}

/**
 * The line for licenses of one order that expired together: the full-renewal-discount deadline where the page offers
 * Renew; where it does not, who can renew them by then, or why they are not renewed.
 */
export function discountDeadlineMessage(group: DiscountDeadline, options: { utc: boolean } = { utc: true }): string {
  const expired = `${group.product} (order ${group.order}, ${keysText(group.keys, group.count)}) expired on ${formatDate(group.expiration, options)}.`
  const deadline = formatDate(group.deadline, options)
  const { renewal } = group
  if (renewal.offered) return `${expired} Renew by ${deadline} to get the full renewal discount.`
  if ('company' in renewal)
    return `${expired} Someone who may renew the licenses of ${renewal.company} can renew ${group.count === 1 ? 'it' : 'them'} by ${deadline} for the full renewal discount.`
  return `${expired} ${renewal.refusal}`
}
