// A signed renewal paid in the shop extends its licenses co-termed; a personal subscription's license leaves it.
import { oneLine } from '../../protocol/shared/text.js'
import { normalizeEmail } from '../../protocol/shared/email.js'
import type { LicenseRow } from '../db/schema.js'
import {
  WebhookError,
  amount,
  date,
  required,
  type AlertEnv,
  type AlertFields,
  type RenewalPassthrough,
} from './alerts.js'
import { cotermExpiry } from './coterm.js'
import { addUtcYears } from './dates.js'
import { recordPayment, unusedOrderId } from './fulfilment.js'
import { PAYMENT_PROVIDER } from '../../protocol/activity/activity.js'
import { licenseWords, recordActivity } from '../activity/log.js'
import { recordSubscriptionActivity, subscriptionWords } from '../activity/subscriptions.js'
import type { PaymentsAdapter, ServiceContext } from '../dispatch/context.js'
import { inTransaction } from '../db/transaction.js'
import { cancelledColumns } from '../subscriptions/cancelled.js'

export async function renewLicenses(a: AlertFields, pass: RenewalPassthrough, env: AlertEnv) {
  const { trx, now } = env
  const checkoutId = required(a, 'checkout_id')
  const done = await trx
    .selectFrom('orders')
    .select('id')
    .where('provider_checkout_id', '=', checkoutId)
    .executeTakeFirst()
  if (done) return
  const ids = pass.renewal.map((r) => r.id)
  const rows = await trx.selectFrom('licenses').selectAll().where('id', 'in', ids).execute()
  // Only the licenses the renewal named, with the owner it named (a license moved since is not renewed here).
  const licenses = rows.filter((row) => pass.renewal.some((r) => r.id === row.id && r.owner === row.owner))
  if (licenses.length === 0)
    throw new WebhookError(500, `The renewal of checkout ${checkoutId} names no known license.`)

  const expiries = renewedExpiries(licenses, pass.coterm, now)
  for (const license of licenses) {
    // A personal subscription's license leaves it and stands alone with its new expiry (decision 0023).
    if (license.subscription_id !== null) env.effects.cancel.add(license.subscription_id)
    const detach = license.subscription_id !== null ? { subscription_id: null, billing_period: null, lapsing: 0 } : {}
    await trx
      .updateTable('licenses')
      .set({ expiration: expiries.get(license.id)!, ...detach })
      .where('id', '=', license.id)
      .execute()
  }
  const first = licenses[0]
  const orderId = await unusedOrderId(trx)
  const lines = licenses.map((l) => `renewed ${licenseWords(l)}`)
  await recordActivity(trx, {
    kind: 'renewal',
    actor: PAYMENT_PROVIDER,
    companyId: first.company_id,
    account: first.company_id ? null : first.owner,
    summary:
      lines.length === 1
        ? `${lines[0]} (order ${orderId}${pass.coterm ? ', co-termed' : ''})`
        : `renewed ${lines.length} licenses (order ${orderId}${pass.coterm ? ', co-termed' : ''})`,
    details: lines.length === 1 ? [] : lines,
    people: [normalizeEmail(required(a, 'email'))],
    at: now,
  })
  const gross = amount(a, 'sale_gross') ?? 0
  const buyer = normalizeEmail(required(a, 'email'))
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      owner: first.owner,
      company_id: first.company_id,
      customer_name: oneLine(a.customer_name ?? '', 200) || buyer,
      customer_email: buyer,
      referrer: null,
      currency: a.currency || 'USD',
      amount: gross,
      provider_checkout_id: checkoutId,
      receipt_url: a.receipt_url || null,
      created_at: now,
    })
    .execute()
  await recordPayment(env, {
    id: `po_${required(a, 'order_id')}`,
    subscriptionId: null,
    orderId,
    date: date(a, 'event_time') ?? now,
    currency: a.currency || 'USD',
    amount: gross,
    receiptUrl: a.receipt_url ?? '',
  })
  const until = new Date(Math.max(...expiries.values())).toISOString().slice(0, 10)
  env.effects.mails.push({
    to: buyer,
    subject: `${licenses.length === 1 ? 'Your license has' : `${licenses.length} licenses have`} been renewed`,
    text: [
      `Thank you for renewing (order ${orderId}).`,
      '',
      `${licenses.map((l) => `${l.product_name} (order ${l.order_id}, key ${l.key_number})`).join('\n')}`,
      '',
      `${pass.coterm ? 'They now all expire on' : 'The latest now expires on'} ${until}. Editors pick up a renewal within an hour.`,
    ].join('\n'),
  })
}

/** Co-termed to one date, or each one year on from its own expiry (or now). */
export function renewedExpiries(licenses: Pick<LicenseRow, 'id' | 'expiration'>[], coterm: boolean, now: number) {
  const result = new Map<string, number>()
  if (coterm) {
    const expiry = cotermExpiry(
      licenses.map((l) => Number(l.expiration)),
      now,
    )
    for (const l of licenses) result.set(l.id, expiry)
  } else {
    for (const l of licenses) result.set(l.id, addUtcYears(Math.max(now, Number(l.expiration)), 1))
  }
  return result
}

/** After a renewal took a live personal subscription's last licenses: cancelled at the provider, then here. */
export async function cancelRenewedAway(id: string, ctx: ServiceContext, payments: PaymentsAdapter) {
  const row = await ctx.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || row.state === 'deleted') return
  const seats = await ctx.db
    .selectFrom('licenses')
    .select('id')
    .where('subscription_id', '=', id)
    .where('lapsing', '=', 0)
    .execute()
  if (seats.length > 0) return
  try {
    if (row.provider_subscription_id) await payments.provider.cancelSubscription(row.provider_subscription_id)
  } catch (err) {
    payments.log(
      `payments: could not cancel subscription ${row.provider_subscription_id} after its renewal: ${String(err)}`,
    )
    return
  }
  const now = ctx.now()
  await inTransaction(ctx.db, async (trx) => {
    const done = await trx
      .updateTable('subscriptions')
      .set(cancelledColumns(now))
      .where('id', '=', id)
      .where('state', '!=', 'deleted')
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) return
    await recordSubscriptionActivity(trx, row, {
      actor: PAYMENT_PROVIDER,
      summary: `cancelled ${subscriptionWords(row)}: its licenses were renewed on their own`,
      at: now,
    })
  })
}
