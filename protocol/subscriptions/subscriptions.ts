// Subscription rules (spec §4 "Subscription states", §5 "Subscription bulk assign" and "Quantity"); pure, no I/O.
import { invalidEntriesText, type AddressList } from '../shared/address-list.js'
import {
  analysePool,
  assignNewcomers,
  toChanges,
  type Assignment,
  type AssignmentChange,
} from '../licenses/assignment.js'
import { normalizeEmail } from '../shared/email.js'
import type { License, Subscription, SubscriptionState } from '../entities.js'
import { isAnnualOrLongTerm } from '../licenses/licenses.js'
import { plural } from '../shared/words.js'
import type { PermissionFlags } from '../permissions/roles.js'
import { clampQuantity } from './quantity.js'

/** §5 Quantity: with more assigned than the new quantity, that many distinct emails must be chosen to lapse. */
export function lapseRequirement({
  assignedCount,
  newQuantity,
}: {
  assignedCount: number
  newQuantity: number
}): number {
  return Math.max(0, assignedCount - newQuantity)
}

/** Only licenses not lapsing yet count: the lapsing ones already end at term end (§4). */
export function lapseRequirementFor(subscription: Pick<Subscription, 'licenses'>, newQuantity: number): number {
  const assignedCount = subscription.licenses.filter((l) => !l.lapsing && l.assignedTo.trim() !== '').length
  return lapseRequirement({ assignedCount, newQuantity: clampQuantity(newQuantity) })
}

/** §5 Quantity: the spec's text, with "address(es)" as the count needs it. */
export function quantityLapseMessage(n: number): string {
  return `${n} distinct email ${plural(n, 'address', 'addresses')} must be specified to Continue.`
}

/** Spec §8, CHARGE_ERROR: the payment provider refused the charge; the advice is written for its "update the payment
 * method". */
export const chargeErrorTitle = 'Subscription update FAILED.'
export const chargeErrorAdvice =
  'The payment could not be taken. Please update the payment method of your subscription, then try again.'

export const bulkInvalidEmails = 'Error: one or more email addresses are invalid.'
export const bulkNotEnoughLicenses = 'Error: not enough licenses available.'
export const bulkNotEnoughNonLapsing = 'Error: not enough non-lapsing licenses available.'
export const bulkNotEnoughLapsing = 'Error: not enough lapsing licenses available.'
export const bulkLapsingAndNonLapsing =
  'Error: email address must not exist as both lapsing and non-lapsing assignment.'

/** The spec's invalid-address error and the entries at fault; `list` names the list when a form has two. */
export function invalidEmailsError(invalid: AddressList['invalid'], list = ''): string {
  const text = invalidEntriesText(invalid, list ? `${list} line` : 'line')
  return `${bulkInvalidEmails} ${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

/** A spec not-enough error and the numbers: "Asked for 200, 12 available." */
export function notEnoughError(error: string, asked: number, available: number): string {
  return `${error} Asked for ${asked.toLocaleString('en-US')}, ${available.toLocaleString('en-US')} available.`
}

function inBoth(emails: readonly string[], lapsing: ReadonlySet<string>): string[] {
  return emails.filter((email) => lapsing.has(email))
}

export type SeatPlan = {
  released: License[]
  assignments: Assignment[]
  /** Each touched license once, in its final state. */
  changes: AssignmentChange[]
}

/**
 * `emails` is the complete list of holders. Lapsing licenses end at term end (§4), so the two kinds are separate pools:
 * with `lapsingEmails` those addresses hold lapsing ones; without, an address keeps its kind and a new one renews.
 */
export function planSeats(
  licenses: readonly License[],
  emails: readonly string[],
  lapsingEmails?: readonly string[],
): { error: string } | SeatPlan {
  const nonLapsingPool = licenses.filter((l) => !l.lapsing)
  const lapsingPool = licenses.filter((l) => l.lapsing)

  let wantNonLapsing: string[]
  let wantLapsing: string[]
  if (lapsingEmails) {
    const lapsing = new Set(lapsingEmails)
    const both = inBoth(emails, lapsing)
    if (both.length > 0) return { error: `${bulkLapsingAndNonLapsing} In both lists: ${both.slice(0, 5).join(', ')}.` }
    wantNonLapsing = [...emails]
    wantLapsing = [...lapsingEmails]
  } else {
    const holdsLapsing = new Set(lapsingPool.map((l) => normalizeEmail(l.assignedTo)))
    const holdsNonLapsing = new Set(nonLapsingPool.map((l) => normalizeEmail(l.assignedTo)))
    wantLapsing = emails.filter((email) => holdsLapsing.has(email))
    wantNonLapsing = emails.filter((email) => holdsNonLapsing.has(email) || !holdsLapsing.has(email))
  }

  const nonLapsing = analysePool(nonLapsingPool, wantNonLapsing)
  const lapsing = analysePool(lapsingPool, wantLapsing)
  const short = (pool: typeof nonLapsing) => pool.newcomers.length > pool.free.length
  const asked = nonLapsing.newcomers.length + lapsing.newcomers.length
  const available = nonLapsing.free.length + lapsing.free.length
  if (asked > available) return { error: notEnoughError(bulkNotEnoughLicenses, asked, available) }
  if (short(nonLapsing)) {
    return { error: notEnoughError(bulkNotEnoughNonLapsing, nonLapsing.newcomers.length, nonLapsing.free.length) }
  }
  if (short(lapsing)) {
    return { error: notEnoughError(bulkNotEnoughLapsing, lapsing.newcomers.length, lapsing.free.length) }
  }

  const released = [...nonLapsing.released, ...lapsing.released]
  const assignments = [...assignNewcomers(nonLapsing), ...assignNewcomers(lapsing)]
  return { released, assignments, changes: toChanges(released, assignments) }
}

export type SubscriptionNeed = 'billing' | 'assign' | 'receipts'

/** The per-company flag (spec §6) each need asks for. */
export const subscriptionNeedFlag = {
  billing: 'canRenew',
  assign: 'canAssign',
  receipts: 'canViewReceipt',
} as const satisfies Record<SubscriptionNeed, keyof PermissionFlags>

/** A personal subscription is the user's own, but its licenses cannot be assigned. */
export function subscriptionPermitted(flags: PermissionFlags | undefined, need: SubscriptionNeed): boolean {
  return flags ? flags[subscriptionNeedFlag[need]] : need !== 'assign'
}

export const subscriptionOperations = [
  'cancel',
  'pause',
  'resume',
  'restart',
  'quantity',
  'upgrade',
  'specialOffer',
  'assign',
] as const
export type SubscriptionOperation = (typeof subscriptionOperations)[number]

export type Transition = { allowed: true; to: SubscriptionState } | { allowed: false; reason: string }

export type SubscriptionFacts = Pick<
  Subscription,
  'state' | 'nextPayment' | 'billingPeriod' | 'licenses' | 'specialOffer' | 'pendingChange'
>

/** `pendingChange` while an upgrade waits for the payment provider's confirmation. */
export const UPGRADE_IN_PROGRESS = 'Upgrade to annual billing in progress'

export const subscriptionRefusals = {
  cancelled: 'This subscription has been cancelled; it can no longer be changed.',
  alreadyCancelled: 'This subscription has already been cancelled.',
  pastDue:
    'The last payment of this subscription could not be processed: until its payment method is updated it can only be paused or cancelled.',
  paused: 'This subscription is paused: resume or restart it before changing it.',
  pending: 'An upgrade of this subscription is in progress; try again once the payment provider has confirmed it.',
  alreadyPaused: 'This subscription is already paused.',
  notRenewing: 'This subscription does not renew, so there is no payment to pause.',
  onlyPausedResume: 'Only a paused subscription can be resumed.',
  onlyPausedRestart: 'Only a paused subscription can be restarted.',
  resumeAfterTerm:
    'The paid term of this subscription has ended: restart it instead (a new term is charged immediately).',
  restartBeforeTerm:
    'The paid term of this subscription has not ended: resume it instead (nothing is charged until the next payment).',
  alreadyAnnual: 'This subscription is already billed annually.',
  upgradeTooShort: 'An upgrade needs an annual period or more than 90 days to expiry.',
  noOffer: 'There is no extension offer for this subscription.',
  allExpired: 'All licenses of this subscription have expired.',
} as const

/** The end of the paid term: the renewing licenses' latest expiry (unlike §3's displayed one, independent of order). */
export function paidUntil(subscription: Pick<Subscription, 'licenses'>): number | undefined {
  const renewing = subscription.licenses.filter((l) => !l.lapsing)
  const pool = renewing.length > 0 ? renewing : subscription.licenses
  return pool.length > 0 ? Math.max(...pool.map((l) => l.expiration)) : undefined
}

export function termHasEnded(subscription: Pick<Subscription, 'licenses'>, now: number): boolean {
  const until = paidUntil(subscription)
  return until === undefined || until <= now
}

/**
 * §4 as a state machine: the state `operation` leads to, or the reason the service refuses it with (INVALID_STATE).
 * Assigning stays open while any license runs: a cancelled subscription grants access until expiry.
 */
export function subscriptionTransition(
  operation: SubscriptionOperation,
  s: SubscriptionFacts,
  now: number,
): Transition {
  const refuse = (reason: string): Transition => ({ allowed: false, reason })
  const to = (state: SubscriptionState): Transition => ({ allowed: true, to: state })

  if (operation === 'assign') {
    return s.licenses.some((l) => l.expiration > now) ? to(s.state) : refuse(subscriptionRefusals.allExpired)
  }
  if (operation === 'cancel') {
    return s.state === 'deleted' ? refuse(subscriptionRefusals.alreadyCancelled) : to('deleted')
  }
  if (s.state === 'deleted') return refuse(subscriptionRefusals.cancelled)
  if (s.pendingChange) return refuse(subscriptionRefusals.pending)

  switch (operation) {
    case 'pause':
      if (s.state === 'paused') return refuse(subscriptionRefusals.alreadyPaused)
      if (s.state === 'active' && !s.nextPayment) return refuse(subscriptionRefusals.notRenewing)
      return to('paused')
    case 'resume':
      if (s.state !== 'paused') return refuse(subscriptionRefusals.onlyPausedResume)
      return termHasEnded(s, now) ? refuse(subscriptionRefusals.resumeAfterTerm) : to('active')
    case 'restart':
      if (s.state !== 'paused') return refuse(subscriptionRefusals.onlyPausedRestart)
      return termHasEnded(s, now) ? to('active') : refuse(subscriptionRefusals.restartBeforeTerm)
    case 'quantity':
    case 'upgrade':
    case 'specialOffer': {
      if (s.state === 'paused') return refuse(subscriptionRefusals.paused)
      if (s.state === 'pastDue') return refuse(subscriptionRefusals.pastDue)
      if (operation === 'specialOffer' && !s.specialOffer) return refuse(subscriptionRefusals.noOffer)
      if (operation === 'upgrade') {
        if (s.billingPeriod === 'year') return refuse(subscriptionRefusals.alreadyAnnual)
        if (!isAnnualOrLongTerm(s.billingPeriod, paidUntil(s) ?? -Infinity, now)) {
          return refuse(subscriptionRefusals.upgradeTooShort)
        }
      }
      return to('active')
    }
  }
}
