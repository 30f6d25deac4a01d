// The renewal reminder (spec §9) and license.expiring, once per term: recorded before the mail is written.
import { DAY_MS, formatDate } from '../../protocol/shared/dates.js'
import { isOpenSource } from '../../protocol/licenses/licenses.js'
import { labelled } from '../../protocol/shared/text.js'
import { formatPrice } from '../../protocol/shared/money.js'
import { administratorsOf } from '../auth/policy.js'
import type { DB } from '../db/database.js'
import type { LicenseRow, SubscriptionRow } from '../db/schema.js'
import type { Mail, Mailer } from '../mail/mailer.js'
import type { Job } from './runner.js'
import { inTransaction } from '../db/transaction.js'
import { emit, licenseData } from '../webhooks/emit.js'
import { displayName, subscriptionTitle } from '../../protocol/catalog/products.js'
import { paymentMethodWords } from '../../protocol/subscriptions/payment-methods.js'

/** Spec §9: the reminder goes 2 days before. */
export const REMINDER_LEAD_MS = 2 * DAY_MS

/** Spec §3's date, in UTC: "January 3, 2027". */
const date = (ms: number) => formatDate(ms, { utc: true })

type Due =
  | { kind: 'subscription'; subject: string; term: number; row: SubscriptionRow }
  | { kind: 'license'; subject: string; term: number; row: LicenseRow }

export function renewalReminderJob(options: { db: DB; mailer: Mailer; publicUrl: () => string }): Job {
  const { db, mailer } = options
  return {
    name: 'renewal-reminders',
    async run(asOf) {
      const due = await dueReminders(db, asOf)
      await emitExpiring(db, due, asOf)
      const companyNames = new Map(
        (await db.selectFrom('companies').select(['id', 'name']).execute()).map((c) => [c.id, c.name]),
      )
      const byRecipient = new Map<string, Due[]>()
      for (const item of due) {
        for (const email of await recipientsOf(db, item.row)) {
          byRecipient.set(email, [...(byRecipient.get(email) ?? []), item])
        }
      }
      let mailed = 0
      for (const [email, items] of byRecipient) {
        // The reminders this run is the first to record; the rest went out before (or are going out elsewhere).
        const recorded = await db
          .insertInto('renewal_reminders')
          .values(items.map((i) => ({ subject: i.subject, term: i.term, email, sent_at: asOf })))
          .onConflict((oc) => oc.columns(['subject', 'term', 'email']).doNothing())
          .returning(['subject', 'term'])
          .execute()
        const fresh = items.filter((i) => recorded.some((r) => r.subject === i.subject && Number(r.term) === i.term))
        if (fresh.length === 0) continue
        try {
          await mailer.send(reminderMail(email, fresh, companyNames, options.publicUrl()))
          mailed++
        } catch (err) {
          for (const i of fresh) {
            await db
              .deleteFrom('renewal_reminders')
              .where('subject', '=', i.subject)
              .where('term', '=', i.term)
              .where('email', '=', email)
              .execute()
          }
          throw err
        }
      }
      return { due: due.length, mailed }
    },
  }
}

/** license.expiring for each company license about to expire, once per license and term (the message's key). */
async function emitExpiring(db: DB, due: readonly Due[], asOf: number): Promise<void> {
  const licenses = due.flatMap((item) => (item.kind === 'license' && item.row.company_id ? [item] : []))
  for (const item of licenses) {
    await inTransaction(db, (trx) =>
      emit(
        trx,
        item.row.company_id,
        [
          {
            type: 'license.expiring',
            data: { license: licenseData(item.row), holder: item.row.assigned_to || null },
            dedupeKey: `license.expiring:${item.row.id}:${item.term}`,
          },
        ],
        asOf,
      ),
    )
  }
}

/** What renews or expires within the next 2 days (after `asOf`, at most 2 days after it). */
async function dueReminders(db: DB, asOf: number): Promise<Due[]> {
  const until = asOf + REMINDER_LEAD_MS
  const subscriptions = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('state', '=', 'active')
    .where('next_payment_date', '>', asOf)
    .where('next_payment_date', '<=', until)
    .orderBy('id')
    .execute()
  // Annual licenses bought outright, renewable (not trial, promotional or Open Source), not yet expired.
  const licenses = await db
    .selectFrom('licenses')
    .selectAll()
    .where('subscription_id', 'is', null)
    .where('trial', '=', 0)
    .where('promotional', '=', 0)
    .where('expiration', '>', asOf)
    .where('expiration', '<=', until)
    .orderBy('order_id')
    .orderBy('key_number')
    .execute()
  return [
    ...subscriptions.map((row) => ({
      kind: 'subscription' as const,
      subject: `subscription:${row.id}`,
      term: Number(row.next_payment_date),
      row,
    })),
    ...licenses
      .filter((row) => !isOpenSource({ productName: row.product_name }))
      .map((row) => ({
        kind: 'license' as const,
        subject: `license:${row.id}`,
        term: Number(row.expiration),
        row,
      })),
  ]
}

/** The holder's addresses that want reminders: the owner, or the company's administrators. */
async function recipientsOf(db: DB, row: { owner: string; company_id: string | null }): Promise<string[]> {
  let emails: string[]
  if (row.company_id === null) emails = [row.owner]
  else {
    emails = await administratorsOf(db, row.company_id)
  }
  if (emails.length === 0) return []
  const optedOut = await db
    .selectFrom('accounts')
    .select('email')
    .where('email', 'in', emails)
    .where('renewal_reminders', '=', 0)
    .execute()
  return emails.filter((email) => !optedOut.some((a) => a.email === email))
}

function reminderMail(to: string, items: Due[], companyNames: ReadonlyMap<string, string>, publicUrl: string): Mail {
  const first = items[0]
  const firstDate = date(first.term)
  const subject =
    items.length > 1
      ? `Renewal reminder: ${items.length} renewals and expiries from ${firstDate}`
      : first.kind === 'subscription'
        ? `Renewal reminder: your subscription renews on ${firstDate}`
        : `Renewal reminder: your license expires on ${firstDate}`
  const of = (row: { company_id: string | null }) => {
    if (row.company_id === null) return ''
    const name = companyNames.get(row.company_id)
    return name === undefined ? ' of your company' : ` of ${labelled('the company', name)}`
  }
  const subscriptions = items.flatMap((i) => (i.kind === 'subscription' ? [i.row] : []))
  const licenses = items.flatMap((i) => (i.kind === 'license' ? [i.row] : []))
  return {
    to,
    subject,
    text: [
      'Hello,',
      '',
      ...(subscriptions.length > 0
        ? [
            'These subscriptions renew automatically:',
            ...subscriptions.map(
              (s) =>
                `- ${subscriptionTitle(subscriptionOf(s))}${of(s)}: renews on ${date(Number(s.next_payment_date))}; ` +
                `${formatPrice(Number(s.next_payment_amount ?? 0), s.currency)} will be charged to ${paymentMethod(s)}.`,
            ),
            '',
            `To change the quantity, pause or cancel a subscription before then, open ${publicUrl}/manage.`,
            '',
          ]
        : []),
      ...(licenses.length > 0
        ? [
            'These licenses expire:',
            ...licenses.map(
              (l) =>
                `- ${displayName({ productName: l.product_name, trial: l.trial === 1 })}${of(l)} (order ${l.order_id}, key ${l.key_number}` +
                `${l.assigned_to ? `, assigned to ${l.assigned_to}` : ''}): expires on ${date(Number(l.expiration))}.`,
            ),
            '',
            `To renew them, open ${publicUrl}/manage and choose Renew.`,
            '',
          ]
        : []),
      `You receive this reminder because "Email me before renewals and expiries" is on in your Account Settings; ` +
        `turn it off at ${publicUrl}/manage?dialog=account-settings`,
    ].join('\n'),
  }
}

/** The subscription as the portal names it (product, plan, billing, seats). */
function subscriptionOf(s: SubscriptionRow) {
  return {
    productName: s.product_name,
    billingPeriod: s.billing_period,
    quantity: s.quantity,
    licenses: [{ licenseType: s.company_id ? ('company' as const) : ('personal' as const) }],
  }
}

/** "your PayPal account", "the Visa card ending 4242", as /manage says it. */
function paymentMethod(s: SubscriptionRow): string {
  if (s.payment_method === 'paypal') return 'your PayPal account'
  return paymentMethodWords(
    {
      paymentMethod: 'card',
      ...(s.card_type ? { cardType: s.card_type } : {}),
      ...(s.last_four ? { lastFourDigits: s.last_four } : {}),
    },
    'your payment method',
  )
}
