// Subscription rules (spec §3, §4, §5): sort order, inactive ones, auto-renew, quantity and the bulk assign.
import type { License, LicenseRef, Subscription } from '#protocol/entities'
import { lapseChoiceProblem } from '#protocol/subscriptions/lapsing'
import {
  lapseRequirementFor,
  planSeats,
  invalidEmailsError,
  quantityLapseMessage,
} from '#protocol/subscriptions/subscriptions'
import { clampQuantity } from '#protocol/subscriptions/quantity'
import { parseAddressList } from '#protocol/shared/address-list'
import { sortLicenses } from './license'
import { assignmentSummary } from './messages/manage'
import type { AssignmentChange } from '#protocol/licenses/assignment'
import { normalizeEmail } from '#protocol/shared/email'
import { compareIds, isAnnualOrLongTerm, isExpired } from '#protocol/licenses/licenses'

/** §3: the first license gives the subscription's expiry. */
export function subscriptionExpiry(subscription: Pick<Subscription, 'licenses'>): number | undefined {
  return subscription.licenses[0]?.expiration
}

function stateRank(subscription: Subscription): number {
  if (subscription.state === 'paused' || subscription.state === 'pastDue') return 0
  if (subscription.state === 'deleted') return 2
  return 1
}

/** §4: state rank, then later expiry first (no expiry last), then subscription id. */
export function compareSubscriptions(a: Subscription, b: Subscription): number {
  const ea = subscriptionExpiry(a) ?? -Infinity
  const eb = subscriptionExpiry(b) ?? -Infinity
  return (
    stateRank(a) - stateRank(b) || (ea === eb ? 0 : ea > eb ? -1 : 1) || compareIds(a.subscriptionId, b.subscriptionId)
  )
}

export function sortSubscriptions<S extends Subscription>(subscriptions: readonly S[]): S[] {
  return [...subscriptions].sort(compareSubscriptions)
}

/** §4: a cancelled subscription grants access until its licenses expire; one without licenses counts as expired. */
export function isInactive(subscription: Subscription, now: number): boolean {
  if (subscription.state !== 'deleted') return false
  const expiry = subscriptionExpiry(subscription)
  return expiry === undefined || expiry <= now
}

export function visibleSubscriptions<S extends Subscription>(
  subscriptions: readonly S[],
  showInactive: boolean,
  now: number,
): S[] {
  return sortSubscriptions(showInactive ? subscriptions : subscriptions.filter((s) => !isInactive(s, now)))
}

export function hasInactive(subscriptions: readonly Subscription[], now: number): boolean {
  return subscriptions.some((s) => isInactive(s, now))
}

/** §4: active with a next payment = auto-renew on; active without one = will not renew. */
export function autoRenews(subscription: Subscription): boolean {
  return subscription.state === 'active' && subscription.nextPayment !== undefined
}

export function needsAnnualOrLongTerm(subscription: Subscription, now: number): boolean {
  const expiry = subscriptionExpiry(subscription)
  return isAnnualOrLongTerm(subscription.billingPeriod, expiry ?? -Infinity, now)
}

/** The emails chosen to lapse as `licensesToLapse` (§7) by `protocol/subscriptions/lapsing.ts`; ignored when nothing is required. */
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

export type SubscriptionAssignmentInput = {
  licenses: readonly License[]
  text: string
  /** The lapsing assignees, when the dialog asks for them apart; `text` then lists the non-lapsing ones. */
  lapsingText?: string
  now: number
  readOnly?: boolean
}

export type SubscriptionAssignmentPlan = {
  summary: string
  toAssign: { licenseId: string; email: string }[]
  /** A license may also be in `toAssign`, handed on to a newcomer. */
  toUnassign: string[]
  changes: AssignmentChange[]
  /** Forced, or every license of the subscription has expired. */
  readOnly: boolean
}

/** The subscription bulk assign (§5): `planSeats` after the address check; the list is the complete set of holders. */
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
