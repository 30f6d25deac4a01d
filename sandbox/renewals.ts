// The sandbox's renewal charges at each bill date, each claimed by a conditional update of the bill date.
import { findPlan, planByProviderId } from '../config/catalog/index.js'
import type { DB } from '../service/db/database.js'
import { inTransaction } from '../service/db/transaction.js'
import { addBillingPeriod } from '../protocol/shared/dates.js'
import { chargeSucceeds } from './cards.js'
import { paymentFor, termCharge, type SandboxSubscription } from './core.js'
import type { SandboxProvider } from './provider.js'

export async function chargeDueSubscriptions(
  provider: SandboxProvider,
  db: DB,
  asOf: number,
): Promise<{ charged: number; failed: number }> {
  const due = await db
    .selectFrom('subscriptions')
    .select(['provider_subscription_id', 'plan_id', 'billing_period'])
    .where('state', '=', 'active')
    .where('next_payment_date', '<=', asOf)
    .where('provider_subscription_id', 'is not', null)
    .orderBy('next_payment_date')
    .execute()
  let charged = 0
  let failed = 0
  for (const vendor of due) {
    // The demo data's subscriptions exist only on the vendor's side until the sandbox is first asked about them.
    const sub = await provider.findSubscription(vendor.provider_subscription_id ?? '')
    if (!sub) continue
    // Charged already, but the alert was not taken: sent again (the service applies an alert's effects once).
    if (sub.state === 'past_due') {
      await provider.sendPaymentFailed(sub, asOf)
      failed++
      continue
    }
    if (sub.state !== 'active') continue
    if (sub.next_bill_date > asOf) {
      const last = await db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('subscription_id', '=', sub.id)
        .where('one_off', '=', 0)
        .orderBy('date', 'desc')
        .executeTakeFirst()
      // The vendor's side dates its next payment by the day: due there while the provider's bill is later that day.
      const taken =
        !last ||
        (await db.selectFrom('payments').select('id').where('id', '=', `pp_${last.id}`).executeTakeFirst()) !==
          undefined
      if (!taken) {
        await provider.sendPaymentSucceeded(sub, last)
        charged++
      }
      continue
    }
    const plan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(vendor.plan_id)
    const pays = chargeSucceeds(sub.last_four)
    const after: SandboxSubscription = pays
      ? { ...sub, next_bill_date: addBillingPeriod(sub.next_bill_date, vendor.billing_period), updated_at: asOf }
      : { ...sub, state: 'past_due', updated_at: asOf }
    const payment = pays ? paymentFor(after, termCharge(after), plan, asOf, 0) : null
    const claimed = await inTransaction(db, async (trx) => {
      const updated = await trx
        .updateTable('sandbox_subscriptions')
        .set({ state: after.state, next_bill_date: after.next_bill_date, updated_at: asOf })
        .where('id', '=', sub.id)
        .where('state', '=', 'active')
        .where('next_bill_date', '=', sub.next_bill_date)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) return false
      if (payment) await trx.insertInto('sandbox_payments').values(payment).execute()
      return true
    })
    if (!claimed) continue
    if (payment) {
      await provider.sendPaymentSucceeded(after, payment)
      charged++
    } else {
      await provider.sendPaymentFailed(after, asOf)
      failed++
    }
  }
  return { charged, failed }
}
