// What each subscription dialog says will happen, with and without script; dates in UTC as in the rows.
import { addUtcYears, formatDate } from '#protocol/shared/dates'
import type { Subscription, SubscriptionPreview } from '#protocol/entities'
import { formatPrice } from '#protocol/shared/money'
import { lapseRequirementFor, paidUntil } from '#protocol/subscriptions/subscriptions'
import { MAX_QUANTITY, MIN_QUANTITY, clampQuantity } from '#protocol/subscriptions/quantity'
import { paymentMethodWords } from '#protocol/subscriptions/payment-methods'
import { countOf } from '#protocol/shared/words'

const date = (ms: number) => formatDate(ms, { utc: true })
const licenses = (n: number) => countOf(n, 'license')

/** The 29th of February becomes the 28th. */
export const oneYearLater = (ms: number): number => addUtcYears(ms, 1)

export const paymentMethodText = (s: Pick<Subscription, 'paymentMethod' | 'cardType' | 'lastFourDigits'>): string =>
  paymentMethodWords(s)

function runsUntil(s: Pick<Subscription, 'licenses'>, now: number): string {
  const until = paidUntil(s)
  if (until === undefined || until <= now) return 'Its licenses have already expired.'
  return `Its licenses keep working until ${date(until)}, then stop.`
}

/** After cancelling, a personal subscription's licenses can be renewed one by one (`showRenew`): the dialog says so. */
export function cancelConsequence(s: Subscription, now: number, { personal = false } = {}): string {
  const text = `Cancelling is irreversible: the subscription will not renew and cannot be restarted. ${runsUntil(s, now)}`
  return personal ? `${text} You can still renew its licenses one by one from your license list.` : text
}

export function pauseConsequence(s: Subscription, now: number): string {
  const next = s.nextPayment
  const payment = next
    ? `the payment of ${formatPrice(next.amount, next.currency)} due ${date(next.date)}`
    : 'the next payment'
  const until = paidUntil(s)
  const running =
    until !== undefined && until > now
      ? ` The licenses keep working until ${date(until)}; resume before then to keep them renewing.`
      : ''
  return s.state === 'pastDue'
    ? `Pausing turns auto-renew off and stops the attempts to take ${payment}.${running}`
    : `Pausing turns auto-renew off: ${payment} will not be taken.${running}`
}

export function resumeConsequence(s: Subscription): string {
  const until = paidUntil(s)
  const when = until !== undefined ? `at the end of the paid term, on ${date(until)}` : 'at the end of the paid term'
  const period = s.billingPeriod === 'year' ? 'yearly' : 'monthly'
  return `Resuming turns auto-renew back on: billing restarts ${when}, with the ${period} payment for ${licenses(s.quantity)} charged to ${paymentMethodText(s)}. Nothing is charged now.`
}

export function restartConsequence(s: Subscription): string {
  const until = paidUntil(s)
  const ended = until !== undefined ? `The paid term ended on ${date(until)}. ` : ''
  const period = s.billingPeriod === 'year' ? 'year' : 'month'
  return `${ended}Restarting charges a new ${period} for ${licenses(s.quantity)} to ${paymentMethodText(s)} immediately; the licenses then run for that ${period} and the subscription renews automatically.`
}

export function upgradeConsequence(s: Subscription): string {
  return `The subscription switches from monthly to annual billing: the charge is a year of ${licenses(s.quantity)}, less a credit for the unused part of the current month (prorated); from then on it renews yearly. The change can take a few minutes: until the payment provider confirms it, the subscription shows the upgrade in progress.`
}

/** The provider's own figures, said first: charged now (tax included), kept as credit, and the next payment. */
export function priceText(s: Subscription, preview: SubscriptionPreview): string {
  const now = preview.immediatePayment
  const tax = now?.tax ? ` (${formatPrice(now.tax, now.currency)} of it tax)` : ''
  const charged = now
    ? `${formatPrice(now.amount, now.currency)} is charged now to ${paymentMethodText(s)}, tax included${tax}.`
    : 'Nothing is charged now.'
  const credit = preview.credit
    ? ` ${formatPrice(preview.credit.amount, preview.credit.currency)} of unused time is kept as credit for later payments.`
    : ''
  const next = preview.nextPayment
    ? ` The next payment is ${formatPrice(preview.nextPayment.amount, preview.nextPayment.currency)} on ${date(preview.nextPayment.date)}.`
    : ''
  return `${charged}${credit}${next}`
}

export type QuantityConsequence =
  | { kind: 'same'; text: string }
  | { kind: 'increase' | 'decrease'; text: string; quantity: number; required: number; lapsing: number }

/** The seats it renews, and those beyond that lapse at term end. */
export function seatsNow(s: Pick<Subscription, 'quantity' | 'licenses'>, now = Date.now()): string {
  const lapsing = s.licenses.filter((l) => l.lapsing && l.expiration > now).length
  const renews = `The subscription has ${countOf(s.quantity, 'seat')}: it renews ${licenses(s.quantity)}.`
  if (lapsing === 0) return renews
  const until = paidUntil(s)
  const ends = until !== undefined && until > now ? ` on ${date(until)}` : ' at the end of the term'
  return `${renews} ${lapsing === 1 ? '1 more license lapses' : `${lapsing} more licenses lapse`}${ends}.`
}

/** §4/§5 quantity: what `wanted` does, and how many assignees must then be chosen to lapse. */
export function quantityConsequence(
  s: Subscription,
  wanted: number | string | undefined,
  now = Date.now(),
): QuantityConsequence {
  const quantity = clampQuantity(wanted ?? s.quantity)
  const renewing = s.licenses.filter((l) => !l.lapsing).length
  const until = paidUntil(s)
  const next = s.nextPayment
  if (quantity === s.quantity) {
    return {
      kind: 'same',
      text: `${seatsNow(s, now)} Choose a new number of licenses (${MIN_QUANTITY} to ${MAX_QUANTITY}).`,
    }
  }
  if (quantity > s.quantity) {
    const added = quantity - s.quantity
    const term = until !== undefined ? ` (until ${date(until)})` : ''
    const from = next ? ` From the next payment on ${date(next.date)} you pay for ${licenses(quantity)}.` : ''
    return {
      kind: 'increase',
      quantity,
      required: 0,
      lapsing: 0,
      text: `${licenses(added)} will be added now. ${paymentMethodText(s).replace(/^./, (c) => c.toUpperCase())} is charged now for them, prorated for the rest of the current term${term}.${from}`,
    }
  }
  const lapsing = Math.max(0, renewing - quantity)
  const required = lapseRequirementFor(s, quantity)
  const cycle = next
    ? `from the payment on ${date(next.date)} you pay for ${licenses(quantity)}`
    : `the subscription then renews ${licenses(quantity)}`
  const ends =
    until !== undefined
      ? `they keep working until the term ends on ${date(until)}, then stop`
      : 'they end with the current term'
  const choose =
    required > 0
      ? ` More licenses are assigned than ${quantity}: choose ${required === 1 ? 'the address whose license lapses' : `the ${required} addresses whose licenses lapse`}.`
      : ''
  return {
    kind: 'decrease',
    quantity,
    required,
    lapsing,
    text: `The change takes effect at the next billing cycle: ${cycle}; nothing is refunded. ${licenses(lapsing)} will lapse: ${ends}.${choose}`,
  }
}

export function offerConsequence(s: Subscription): string {
  const offer = s.specialOffer
  if (!offer) return ''
  const until = paidUntil(s)
  const licensesUntil = until !== undefined ? ` its licenses then run until ${date(oneYearLater(until))}` : ''
  const next = s.nextPayment
    ? `${licensesUntil ? ' and' : ''} the next payment moves to ${date(oneYearLater(s.nextPayment.date))}`
    : ''
  const then = licensesUntil || next ? `:${licensesUntil}${next}` : ''
  return `${formatPrice(offer.priceGross, offer.currency)} is charged now to ${paymentMethodText(s)}, tax included. The subscription is extended by 12 months${then}.`
}
