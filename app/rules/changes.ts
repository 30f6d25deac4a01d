// The sentence each change on /manage ends with (docs/decisions/0007-every-change-ends-with-a-sentence.md).
import { countOf } from '#protocol/shared/words'
import { oneLine, quoted } from '#protocol/shared/text'
import { RECLAIM_WARNING_DAYS } from '#protocol/reclaim/reclaim'
import { checkoutFlaggedText } from './messages/checkout'

/** "Wallaby.js (order 935369, key 3)". */
export function licenseName(l: { product: string; order: string; key: number }): string {
  return `${l.product} (order ${l.order}, key ${l.key})`
}

/** `license` is its name (`licenseName`), '' when the form did not name it. */
export const changes = {
  assigned: (license: string, email: string, before = '') =>
    before && before !== email
      ? `Assigned ${license || 'the license'} to ${email} instead of ${before}.`
      : `Assigned ${license || 'the license'} to ${email}.`,
  unassigned: (license: string, email: string) => `Unassigned ${license || 'the license'} from ${email}.`,
  assignedBack: (license: string, email: string) => `Assigned ${license || 'the license'} back to ${email}.`,
}

export function assignmentsDone(assigned: number, unassigned: number): string {
  if (assigned === 0 && unassigned === 0) return 'no license changed hands'
  if (unassigned === 0) return `${countOf(assigned, 'license')} assigned`
  if (assigned === 0) return `${countOf(unassigned, 'license')} unassigned`
  return `${countOf(assigned, 'license')} assigned and ${unassigned} unassigned`
}

/** A link kept from earlier, a row someone else removed: said on the page, which shows what is there now. */
export function staleLinkNotice(query: URLSearchParams): string {
  if (query.has('license'))
    return 'The license that link is about is no longer in your account, or is no longer yours to change. Your licenses are shown as they are now.'
  if (query.has('subscription'))
    return 'The subscription that link is about is no longer in your account, or is no longer yours to change. Your subscriptions are shown as they are now.'
  if (query.has('company'))
    return 'That link opens something of a company that you can no longer open it for (your role there may have changed). Your companies are shown as they are now.'
  return 'That link opens a dialog that is not available to you now. The page is shown as it is now.'
}

/** "Updated who holds Quokka.js PRO at Acme Corp: 3 licenses assigned and 1 unassigned." */
export function bulkAssigned(
  product: string,
  company: string,
  done: { assigned: number; unassigned: number; mailed: boolean },
): string {
  const mailed = done.mailed && done.assigned > 0 ? ' The new holders were sent a notification email.' : ''
  return `Updated who holds ${product} at ${company}: ${assignmentsDone(done.assigned, done.unassigned)}.${mailed}`
}

export function seatsImported(company: string, done: { assigned: number; unassigned: number }): string {
  return `Imported the seat assignments of ${company}: ${assignmentsDone(done.assigned, done.unassigned)}.`
}

export const permissionChanges = {
  added: (email: string, role: string, company: string, notified: boolean) =>
    `Added ${email} to ${company} as ${role}.${notified ? ' They were sent a notification email.' : ''}`,
  removed: (email: string, role: string, company: string) => `Removed ${email} (${role}) from ${company}.`,
  addedBack: (email: string, role: string, company: string) => `Gave ${email} back the ${role} role at ${company}.`,
}

/** A subscription is named by its title (`subscriptionTitle`). */
export const subscriptionChanges = {
  cancelled: (title: string) =>
    `Cancelled ${title}: it will not renew, and its licenses keep working until they expire.`,
  paused: (title: string) => `Paused ${title}: auto-renew is off, and nothing is charged until you resume it.`,
  resumed: (title: string) => `Resumed ${title}: auto-renew is on again.`,
  restarted: (title: string) => `Restarted ${title}: it renews automatically again.`,
  upgradeRequested: (title: string) =>
    `Asked for ${title} to be billed annually: the payment provider confirms the upgrade within a few minutes.`,
  extended: (title: string) => `Extended ${title} by 12 months.`,
  quantityChanged: (title: string, from: number, to: number) =>
    to > from
      ? `Changed ${title} to ${countOf(to, 'seat')}: ${countOf(to - from, 'license')} added now, charged prorated for the rest of the term.`
      : `Changed ${title} to ${countOf(to, 'seat')} from the next payment: ${countOf(from - to, 'license')} ${from - to === 1 ? 'lapses' : 'lapse'} at the end of the term.`,
  assignments: (title: string, done: { assigned: number; unassigned: number; mailed: boolean }) =>
    `Updated the assignments of ${title}: ${assignmentsDone(done.assigned, done.unassigned)}.${
      done.mailed && done.assigned > 0 ? ' The new holders were sent a notification email.' : ''
    }`,
}

type Settings = {
  logonLink: 'default' | 'always'
  githubLinked: boolean
  googleLinked: boolean
  renewalReminders: boolean
}

export function settingsSaved(email: string, before: Settings, after: Settings): string {
  const changed: string[] = []
  if (before.logonLink !== after.logonLink) {
    changed.push(
      after.logonLink === 'always'
        ? 'sign-in by email link is allowed always'
        : 'sign-in by email link is allowed only when no GitHub or Google account is linked',
    )
  }
  if (before.githubLinked && !after.githubLinked) changed.push('GitHub is unlinked')
  if (before.googleLinked && !after.googleLinked) changed.push('Google is unlinked')
  if (before.renewalReminders !== after.renewalReminders) {
    changed.push(after.renewalReminders ? 'renewal reminders are on' : 'renewal reminders are off')
  }
  if (changed.length === 0) return `Nothing changed in the account settings of ${email}.`
  return `Saved the account settings of ${email}: ${changed.join('; ')}.`
}

export const apiTokenChanges = {
  revoked: (name: string) =>
    `Revoked the API token${name ? ` ${quoted(name)}` : ''}: a request with it is refused from now on.`,
}

export const directoryChanges = {
  tokenRevoked: (name: string) =>
    `Revoked the SCIM token${name ? ` ${quoted(name)}` : ''}: the identity provider can no longer use it.`,
  groupMapped: (group: string, products: readonly string[]) =>
    `Saved the products for the group ${group ? quoted(group) : 'you chose'}: ${
      products.length ? `its members get ${products.join(', ')}` : 'its members get no product from it'
    }.`,
  ownership: (product: string, owned: boolean, freed: number) =>
    owned
      ? `The directory now owns the seats of ${product}${freed > 0 ? `: ${countOf(freed, 'seat')} freed` : ''}.`
      : `Seats of ${product} can be assigned by hand again.`,
}

export const adminChanges = {
  merged: (count: number, company: string) =>
    `Moved ${countOf(count, 'license')} you held in your own name, with their subscriptions, into ${company}.`,
  licenseRemoved: (license: string, holder: string) => `Removed ${license || 'the license'} of ${holder}.`,
  subscriptionRemoved: (subscription: string, holder: string) =>
    `Removed ${subscription || 'the subscription'} of ${holder}, with its licenses.`,
}

/** Back from the provider's renewal checkout (spec §9: renewals reach the licenses within an hour; §8 review). */
export function renewalOutcome(state: string | undefined, supportEmail: string, reason?: string): string {
  if (state === 'complete')
    return 'Your renewal payment is complete. The renewed licenses show their new expiry date here within an hour.'
  if (state === 'flagged') return checkoutFlaggedText
  if (state === 'failed')
    return `Your renewal payment did not go through, so nothing was renewed.${
      reason ? ` The payment provider’s answer: ${oneLine(reason, 300)}` : ''
    } Choose Renew to try again, or contact us at ${supportEmail}.`
  return 'The payment provider has not confirmed your renewal payment yet. The renewed licenses show their new expiry date here once it has, within an hour.'
}

export const webhookChanges = {
  paused: (url: string) => `Paused the endpoint ${quoted(url, 500)}: it receives no events until you resume it.`,
  resumed: (url: string) => `Resumed the endpoint ${quoted(url, 500)}: new events are sent to it again.`,
  removed: (url: string) => `Removed the endpoint ${quoted(url, 500)}: it receives no more events.`,
  resent: (url: string) => `The event is sent again to ${quoted(url, 500)}; its delivery is listed below.`,
}

export const reclaimChanges = {
  policy: (company: string, idleDays: number | null) =>
    idleDays === null
      ? `Idle seats of ${company} are no longer reclaimed.`
      : `Seats of ${company} idle for ${idleDays} days are now reclaimed; their holders and the administrators are mailed ${RECLAIM_WARNING_DAYS} days before.`,
  unchanged: (company: string) => `The reclaim policy of ${company} was already so; nothing changed.`,
  undone: (seat: string, holder: string) => `Gave ${seat} back to ${holder}, who was mailed the license again.`,
  undoneAlready: (seat: string) => `The reclaim of ${seat} was undone already; nothing changed.`,
}
