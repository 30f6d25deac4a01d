/**
 * The sandbox provider's renewal charges: as a real provider does, it charges each active subscription at its next
 * bill date for the coming term (quantity × unit price) and tells the service with its signed alerts. A card that pays
 * moves the subscription to its next term (`subscription_payment_succeeded`: the service extends the non-lapsing
 * licenses); the test card whose later charges fail (ending 0341) leaves the subscription past due
 * (`subscription_payment_failed`: the service marks it pastDue, and the customer updates the payment method).
 *
 * Run by the time-driven jobs. Each charge is claimed by a conditional update of the subscription's bill date, so of
 * two instances (or two runs) charging at once, one charges and the other finds nothing to do. A charge whose alert
 * the service did not take (the vendor's subscription still due) has its alert sent again on the next run.
 */
import { findPlan, planByProviderId } from '../../catalog/index.js'
import type { DB } from '../../db/database.js'
import { inTransaction } from '../../db/transaction.js'
import { addPeriod } from '../dates.js'
import { paymentsDb } from '../tables.js'
import { chargeSucceeds } from './cards.js'
import { paymentFor, termCharge, type SandboxSubscription } from './core.js'
import type { SandboxProvider } from './provider.js'

export async function chargeDueSubscriptions(
  provider: SandboxProvider,
  db: DB,
  asOf: number,
): Promise<{ charged: number; failed: number }> {
  const store = paymentsDb(db)
  const due = await store
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
    // Charged already, but the vendor's side did not take the alert (its handler failed): the alert goes again. The
    // service applies an alert's effects once (payments by id, licenses only ever extended).
    if (sub.state === 'past_due') {
      await provider.sendPaymentFailed(sub, asOf)
      failed++
      continue
    }
    if (sub.state !== 'active') continue
    if (sub.next_bill_date > asOf) {
      const last = await store
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('subscription_id', '=', sub.id)
        .where('one_off', '=', 0)
        .orderBy('date', 'desc')
        .executeTakeFirst()
      // The vendor's side dates its next payment by the day: due there while the provider's bill is later that day.
      const taken =
        !last ||
        (await store.selectFrom('payments').select('id').where('id', '=', `pp_${last.id}`).executeTakeFirst()) !==
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
      ? { ...sub, next_bill_date: addPeriod(sub.next_bill_date, vendor.billing_period), updated_at: asOf }
      : { ...sub, state: 'past_due', updated_at: asOf }
    const payment = pays ? paymentFor(after, termCharge(after), plan, asOf, 0) : null
    const claimed = await inTransaction(store, async (trx) => {
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
