// The expiry warning (spec §4 "Renewal banner", §9): the full renewal discount still applies 60 days after expiry.
import type { Company, License, SubscriptionState } from '#protocol/entities'
import { LONG_EXPIRED_ORDERS_NAMED } from '#protocol/licenses/windows'
import type { ExpiredGroup, LongExpiredOrder } from '#protocol/licenses/window-reads'
import { DAY_MS, formatDate } from '#protocol/shared/dates'
import { displayName } from '#protocol/catalog/products'
import { isOpenSource, isExpired, renewalRefusal, renewalRefusals } from '#protocol/licenses/licenses'
import { countOf } from '#protocol/shared/words'

export const EXPIRY_WARNING_DAYS = 60
const WINDOW_MS = EXPIRY_WARNING_DAYS * DAY_MS

export type KeyRun = [first: number, last: number]

/** One line of the warning: a company buys twenty at a time, and a line per license would bury the page. */
export type DiscountDeadline = {
  product: string
  order: string
  keys: KeyRun[]
  count: number
  expiration: number
  /** Expiry plus 60 days. */
  deadline: number
  /** Only an offered Renew gets "Renew by"; otherwise the company whose right the user lacks, or why not at all. */
  renewal: { offered: true } | { offered: false; company: string } | { offered: false; refusal: string }
  /** The state of the licenses' subscription: whether it still renews them is said beside the deadline. */
  subscriptionState?: SubscriptionState
}

/** An order named beside the long-expired count. */
export type LongExpiredLine = Pick<DiscountDeadline, 'product' | 'order' | 'keys' | 'count'>

export type ExpiryWarnings = {
  longExpiredCount: number
  /** The first few orders of those counted, expired last first. */
  longExpiredOrders: LongExpiredLine[]
  /** Soonest deadline first. */
  discountDeadlines: DiscountDeadline[]
}

type ExpiringLicense = Pick<
  License,
  'id' | 'owner' | 'order' | 'key' | 'productName' | 'trial' | 'promotional' | 'subscription' | 'expiration'
>

/** Any order, repeats allowed. */
export function keyRuns(keys: readonly number[]): KeyRun[] {
  return joinRuns(keys.map((key): KeyRun => [key, key]))
}

function joinRuns(runs: readonly KeyRun[]): KeyRun[] {
  const joined: KeyRun[] = []
  for (const [first, last] of [...runs].sort((a, b) => a[0] - b[0])) {
    const previous = joined[joined.length - 1]
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last)
    else joined.push([first, last])
  }
  return joined
}

/** Splits expired licenses as the service's store does; a license listed twice (company and assigned) counts once. */
export function expiredGroups(licenses: readonly ExpiringLicense[], now: number) {
  const seen = new Set<string>()
  let expiredLongAgo = 0
  const longAgo = new Map<string, Omit<LongExpiredOrder, 'count' | 'keys'> & { keyList: number[]; latest: number }>()
  const groups = new Map<string, ExpiredGroup & { keyList: number[] }>()
  for (const license of licenses) {
    const ref = `${license.owner}\u0000${license.id}`
    if (seen.has(ref) || isOpenSource(license) || !isExpired(license, now)) continue
    seen.add(ref)
    if (license.expiration + WINDOW_MS < now) {
      expiredLongAgo += 1
      const { order, productName, trial, key, expiration } = license
      const named = longAgo.get([order, productName, trial].join('\u0000'))
      if (named) {
        named.keyList.push(key)
        named.latest = Math.max(named.latest, expiration)
      } else
        longAgo.set([order, productName, trial].join('\u0000'), {
          order,
          productName,
          trial,
          keyList: [key],
          latest: expiration,
        })
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
  return { expiredLongAgo, expiredLongAgoOrders: namedOrders([...longAgo.values()]), recentlyExpired }
}

/** The store's choice (protocol/licenses/windows.ts): expired last first, then order, product and trial, as bytes compare. */
function namedOrders(
  orders: (Omit<LongExpiredOrder, 'count' | 'keys'> & { keyList: number[]; latest: number })[],
): LongExpiredOrder[] {
  const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  orders.sort(
    (a, b) =>
      b.latest - a.latest ||
      byBytes(a.order, b.order) ||
      byBytes(a.productName, b.productName) ||
      Number(a.trial) - Number(b.trial),
  )
  return orders.slice(0, LONG_EXPIRED_ORDERS_NAMED).map(({ order, productName, trial, keyList }) => ({
    order,
    productName,
    trial,
    count: keyList.length,
    keys: keyRuns(keyList),
  }))
}

/** Whose licenses the user may renew (spec §6 canRenew). */
export type RenewRights = ReadonlyMap<string, Pick<Company, 'name' | 'canRenew'>>

/** `showRenew`'s rule, for a group. */
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

const subscriptionStates: ReadonlySet<string> = new Set<SubscriptionState>(['active', 'paused', 'pastDue', 'deleted'])

function subscriptionStateOf(group: ExpiredGroup): SubscriptionState | undefined {
  const state = group.subscriptionState
  return state !== undefined && subscriptionStates.has(state) ? (state as SubscriptionState) : undefined
}

/** Whether the subscription still renews its expired licenses: a paused one only if restarted (§4). */
export const subscriptionNotes: Record<SubscriptionState, string> = {
  active: 'Its subscription renews it at its next payment.',
  pastDue: 'Its subscription renews it once its payment method is updated.',
  paused: 'Its subscription is paused and renews it only if restarted.',
  deleted: 'Its subscription was cancelled and does not renew it.',
}

export function expiryWarnings(
  recentlyExpired: readonly ExpiredGroup[],
  expiredLongAgo: number,
  expiredLongAgoOrders: readonly LongExpiredOrder[],
  companies: RenewRights = new Map(),
): ExpiryWarnings {
  const lines = new Map<string, DiscountDeadline>()
  for (const group of recentlyExpired) {
    const product = displayName(group)
    const renewal = renewalOf(group, companies)
    const state = subscriptionStateOf(group)
    const key = `${group.owner}\u0000${group.order}\u0000${product}\u0000${group.expiration}\u0000${JSON.stringify(renewal)}\u0000${state ?? ''}`
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
        ...(state ? { subscriptionState: state } : {}),
      })
  }
  const discountDeadlines = [...lines.values()]
  discountDeadlines.sort(
    (a, b) => a.deadline - b.deadline || a.order.localeCompare(b.order) || a.keys[0][0] - b.keys[0][0],
  )
  const longExpiredOrders = expiredLongAgoOrders.map(({ order, count, keys, ...product }) => ({
    product: displayName(product),
    order,
    keys: joinRuns(keys),
    count,
  }))
  return { longExpiredCount: expiredLongAgo, longExpiredOrders, discountDeadlines }
}

export function expiryWarningsOf(
  licenses: readonly ExpiringLicense[],
  now: number,
  companies: RenewRights = new Map(),
): ExpiryWarnings {
  const { recentlyExpired, expiredLongAgo, expiredLongAgoOrders } = expiredGroups(licenses, now)
  return expiryWarnings(recentlyExpired, expiredLongAgo, expiredLongAgoOrders, companies)
}

/** "key 4", "keys 1–3, 7". */
export function keysText(runs: readonly KeyRun[], count: number): string {
  const parts = runs.map(([first, last]) => (first === last ? String(first) : `${first}–${last}`))
  return `${count === 1 ? 'key' : 'keys'} ${parts.join(', ')}`
}

/** Spec §9's count, naming the orders it was sent and counting the rest. */
export function longExpiredMessage(count: number, orders: readonly LongExpiredLine[] = []): string {
  const names = orders.map((o) => `${o.product} (order ${o.order}, ${keysText(o.keys, o.count)})`)
  const rest = count - orders.reduce((sum, o) => sum + o.count, 0)
  if (names.length && rest > 0) names.push(countOf(rest, 'more license'))
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('')
  return `${countOf(count, 'license')} expired more than ${EXPIRY_WARNING_DAYS} days ago${list ? `: ${list}` : ''}. Renew ${count === 1 ? 'it' : 'them'} to keep receiving updates.`
}

export function discountDeadlineMessage(group: DiscountDeadline, options: { utc: boolean } = { utc: true }): string {
  const expired = `${group.product} (order ${group.order}, ${keysText(group.keys, group.count)}) expired on ${formatDate(group.expiration, options)}.`
  const deadline = formatDate(group.deadline, options)
  const { renewal, subscriptionState: state } = group
  const note = state ? subscriptionNotes[state] : ''
  if (renewal.offered) {
    const offer = `${expired} Renew by ${deadline} to get the full renewal discount.`
    if (!state) return offer
    // Decision 0023: renewing a live personal subscription's license on its own ends the subscription.
    return state === 'deleted'
      ? `${offer} ${note}`
      : `${offer} ${note.slice(0, -1)}; renewing the license on its own ends the subscription.`
  }
  if ('company' in renewal)
    return `${expired} Someone who may renew the licenses of ${renewal.company} can renew ${group.count === 1 ? 'it' : 'them'} by ${deadline} for the full renewal discount.`
  return `${expired} ${state && renewal.refusal === renewalRefusals.subscription ? note : renewal.refusal}`
}
