/**
 * Subscription rules (spec §3, §4, §5): sort order, inactive subscriptions, auto-renew, quantity and lapsing, and the
 * planning of the subscription bulk-assign dialog.
 */
import type { License, LicenseRef, Subscription } from '#protocol/entities'
import { lapseChoiceProblem } from '#protocol/lapsing'
import {
  clampQuantity,
  lapseRequirementFor,
  planSeats,
  invalidEmailsError,
  quantityLapseMessage,
} from '#protocol/subscriptions'
import { parseAddressList } from '#protocol/address-list'
import { sortLicenses } from './license'
import { assignmentSummary } from './messages'
import type { AssignmentChange } from '#protocol/assignment'
import { normalizeEmail } from '#protocol/email'
import { compareIds, isAnnualOrLongTerm, isExpired } from '#protocol/licenses'

/** §3: the first license gives the subscription's expiry; `undefined` for a subscription without licenses. */
export function subscriptionExpiry(subscription: Pick<Subscription, 'licenses'>): number | undefined {
  return subscription.licenses[0]?.expiration
}

/** §4: paused and pastDue first, deleted last, active between. */
function stateRank(subscription: Subscription): number {
  if (subscription.state === 'paused' || subscription.state === 'pastDue') return 0
  if (subscription.state === 'deleted') return 2
  return 1
}

/** §4 subscription sort order: state rank, then later expiry first (no expiry last), then subscription id. */
export function compareSubscriptions(a: Subscription, b: Subscription): number {
  const ea = subscriptionExpiry(a) ?? -Infinity
  const eb = subscriptionExpiry(b) ?? -Infinity
  return (
    stateRank(a) - stateRank(b) || (ea === eb ? 0 : ea > eb ? -1 : 1) || compareIds(a.subscriptionId, b.subscriptionId)
  )
}

/** A sorted copy; the input is left alone. */
export function sortSubscriptions<S extends Subscription>(subscriptions: readonly S[]): S[] {
  return [...subscriptions].sort(compareSubscriptions)
}

/**
 * §4: a deleted (cancelled) subscription still grants access until its licenses expire; afterwards it is inactive.
 * One without licenses has nothing left to grant, so it counts as expired.
 */
export function isInactive(subscription: Subscription, now: number): boolean {
  if (subscription.state !== 'deleted') return false
  const expiry = subscriptionExpiry(subscription)
  return expiry === undefined || expiry <= now
}

/** The subscriptions to show, in display order: inactive ones only when the user chose to see them. */
export function visibleSubscriptions<S extends Subscription>(
  subscriptions: readonly S[],
  showInactive: boolean,
  now: number,
): S[] {
  return sortSubscriptions(showInactive ? subscriptions : subscriptions.filter((s) => !isInactive(s, now)))
}

/** Whether the "inactive subscriptions are hidden" notice (and its link) applies. */
export function hasInactive(subscriptions: readonly Subscription[], now: number): boolean {
  return subscriptions.some((s) => isInactive(s, now))
}

/** §4: active with a next payment = auto-renew on; active without one = will not renew. */
export function autoRenews(subscription: Subscription): boolean {
  return subscription.state === 'active' && subscription.nextPayment !== undefined
}

/**
 * §5 "Upgrade and some other actions need an annual period or more than 90 days to expiry": true when the
 * subscription meets that requirement.
 */
export function needsAnnualOrLongTerm(subscription: Subscription, now: number): boolean {
  const expiry = subscriptionExpiry(subscription)
  return isAnnualOrLongTerm(subscription.billingPeriod, expiry ?? -Infinity, now)
}

/**
 * Checks the emails chosen to lapse for a quantity change and turns them into the `licensesToLapse` of
 * `subscriptionUpdateQuantity` (§7), by the rule the service enforces (`protocol/lapsing.ts`): each chosen address
 * stands for the one non-lapsing license it holds, and the licenses must be distinct assigned ones, exactly as many
 * as required; otherwise the spec's message. With nothing required the choice is ignored.
 */
export function planQuantityChange(
  subscription: Pick<Subscription, 'licenses'>,
  newQuantity: number,
  chosen: readonly string[],
): { error: string } | { quantity: number; licensesToLapse: LicenseRef[] } {
  const quantity = clampQuantity(newQuantity)
  const required = lapseRequirementFor(subscription, quantity)
  if (required === 0) return { quantity, licensesToLapse: [] }
  const holders = new Map<string, License>()
  for (const license of sortLicenses(subscription.licenses)) {
    const holder = normalizeEmail(license.assignedTo)
    if (!license.lapsing && holder !== '' && !holders.has(holder)) holders.set(holder, license)
  }
  const picked = [...new Set(chosen.map(normalizeEmail).filter((email) => email !== ''))]
  const licenses = picked.flatMap((email) => holders.get(email) ?? [])
  if (
    licenses.length !== picked.length ||
    lapseChoiceProblem(
      subscription.licenses,
      quantity,
      licenses.map((l) => l.id),
    ) !== undefined
  ) {
    return { error: quantityLapseMessage(required) }
  }
  return { quantity, licensesToLapse: licenses.map((license) => ({ owner: license.owner, id: license.id })) }
}

// ─── Subscription bulk assign (§5) ──────────────────────────────────────────────────────────────────────────────────

export type SubscriptionAssignmentInput = {
  /** The subscription's licenses, with their current `assignedTo` and `lapsing`. */
  licenses: readonly License[]
  /** The addresses that should hold a license, separated by newline, comma or semicolon. */
  text: string
  /**
   * When the dialog asks separately for the addresses that should hold a lapsing license: those addresses, in the
   * same format. `text` then lists the non-lapsing assignees only.
   */
  lapsingText?: string
  now: number
  /** Forces the dialog read-only (for example without the right to assign). */
  readOnly?: boolean
}

export type SubscriptionAssignmentPlan = {
  summary: string
  /** Licenses that get a new holder. */
  toAssign: { licenseId: string; email: string }[]
  /** Licenses whose current holder loses them (a license may also be in `toAssign`, handed on to a newcomer). */
  toUnassign: string[]
  /** The same plan as a `changeAssignment` payload: each touched license once, in its final state. */
  changes: AssignmentChange[]
  /** The Update button is disabled: forced, or every license of the subscription has expired. */
  readOnly: boolean
}

/**
 * Plans the subscription bulk assign. Addresses are de-duplicated case-insensitively and blank entries ignored; the
 * list is the complete set of holders afterwards (see `assignment.ts` for who keeps, loses and gets a license).
 *
 * Lapsing licenses end at term end (§4), so the two kinds are planned as separate pools:
 * - with `lapsingText`, the addresses there must hold lapsing licenses and those in `text` non-lapsing ones; an address
 *   in both lists is an error;
 * - without it (one list), an address keeps the kind it holds now (both, if it holds both), and a new address needs
 *   a non-lapsing license — a lapsing one is only handed out when asked for explicitly.
 *
 * Errors, first match wins: invalid address; the same address lapsing and non-lapsing; more licenses needed than the
 * subscription has in total; more non-lapsing, then more lapsing ones than free.
 */
export function planSubscriptionAssignment(
  input: SubscriptionAssignmentInput,
): { error: string } | SubscriptionAssignmentPlan {
  const main = parseAddressList(input.text)
  const lapsingList = input.lapsingText === undefined ? undefined : parseAddressList(input.lapsingText)
  if (main.invalid.length > 0) return { error: invalidEmailsError(main.invalid) }
  if (lapsingList && lapsingList.invalid.length > 0) {
    return { error: invalidEmailsError(lapsingList.invalid, 'lapsing') }
  }

  const plan = planSeats(input.licenses, main.emails, lapsingList?.emails)
  if ('error' in plan) return plan
  return {
    summary: assignmentSummary(plan.released.length, plan.assignments.length),
    toAssign: plan.assignments.map(({ license, email }) => ({ licenseId: license.id, email })),
    toUnassign: plan.released.map((l) => l.id),
    changes: plan.changes,
    readOnly:
      input.readOnly === true || input.licenses.length === 0 || input.licenses.every((l) => isExpired(l, input.now)),
  }
}

/** The dialog's starting text: the current holders, one per line (non-lapsing and lapsing apart). */
export function subscriptionAssignees(licenses: readonly License[]): { text: string; lapsingText: string } {
  const holders = (lapsing: boolean) => [
    ...new Set(
      sortLicenses(licenses)
        .filter((l) => l.lapsing === lapsing)
        .map((l) => normalizeEmail(l.assignedTo))
        .filter((email) => email !== ''),
    ),
  ]
  return { text: holders(false).join('\n'), lapsingText: holders(true).join('\n') }
}
