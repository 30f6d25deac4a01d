// Paddle Classic alerts: verified, applied once per alert id in one transaction; mail and look-ups after the commit.
import type { PaymentsAdapter, ServiceContext } from '../dispatch/context.js'
import { inTransaction } from '../db/transaction.js'
import { bareRecord } from '../../protocol/shared/own.js'
import { WebhookError, type AlertEnv, type AlertFields, type Effects, type WebhookResult } from './alerts.js'
import { paymentSucceeded, subscriptionCreated, subscriptionPaymentSucceeded } from './purchase-alerts.js'
import { verifyAlertSignature } from './signature.js'
import {
  highRiskCreated,
  highRiskUpdated,
  subscriptionCancelled,
  subscriptionPaymentFailed,
  subscriptionUpdated,
} from './subscription-alerts.js'
import { cancelRenewedAway } from './renewal.js'

export { WebhookError, type WebhookResult }

/** Throws WebhookError for what the endpoint must refuse. */
export async function handleWebhookAlert(fields: Record<string, unknown>, ctx: ServiceContext): Promise<WebhookResult> {
  const payments = ctx.adapters.payments
  if (!payments) throw new WebhookError(500, 'No payment provider is configured.')
  const publicKey = payments.provider.webhookPublicKey()
  if (!publicKey) throw new WebhookError(500, 'Webhooks cannot be verified: PADDLE_PUBLIC_KEY is not set.')
  if (!verifyAlertSignature(fields, publicKey)) throw new WebhookError(403, 'The webhook signature is not valid.')

  const alert: AlertFields = bareRecord()
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') alert[key] = value
  const alertId = alert.alert_id
  const alertName = alert.alert_name
  if (!alertId || !alertName) throw new WebhookError(400, 'The webhook has no alert_id or alert_name.')

  const effects: Effects = { mails: [], refresh: new Set(), cancel: new Set() }
  const now = ctx.now()
  const db = ctx.db
  const outcome = await inTransaction(db, async (trx) => {
    // A transaction run again (PostgreSQL, after a lost race) starts with no effects of the attempt that rolled back.
    effects.mails.length = 0
    effects.refresh.clear()
    effects.cancel.clear()
    const seen = await trx
      .insertInto('webhook_events')
      .values({ alert_id: alertId, alert_name: alertName, received_at: now })
      .onConflict((oc) => oc.column('alert_id').doNothing())
      .executeTakeFirst()
    if (Number(seen.numInsertedOrUpdatedRows ?? 0n) === 0) return 'duplicate' as const
    return applyAlert(alert, { trx, ctx, environment: payments.provider.environment, now, effects })
  })
  if (outcome !== 'duplicate') await afterCommit(effects, ctx, payments)
  return { outcome, alertName }
}

async function afterCommit(effects: Effects, ctx: ServiceContext, payments: PaymentsAdapter) {
  for (const mail of effects.mails) {
    try {
      await ctx.mailer.send(mail)
    } catch (err) {
      payments.log(`payments: could not send "${mail.subject}" to ${mail.to}: ${String(err)}`)
    }
  }
  for (const providerId of effects.refresh) {
    await refreshPaymentMethod(providerId, ctx, payments)
  }
  for (const id of effects.cancel) await cancelRenewedAway(id, ctx, payments)
}

/** Alerts do not carry them. */
async function refreshPaymentMethod(providerId: string, ctx: ServiceContext, payments: PaymentsAdapter) {
  try {
    const info = await payments.provider.getSubscription(providerId)
    await ctx.db
      .updateTable('subscriptions')
      .set({
        payment_method: info.paymentMethod === 'paypal' ? 'paypal' : 'card',
        card_type: info.cardType ?? null,
        last_four: info.lastFourDigits ?? null,
        card_expiry: info.cardExpiry ?? null,
        ...(info.updateUrl ? { update_url: info.updateUrl } : {}),
        updated_at: ctx.now(),
      })
      .where('provider_subscription_id', '=', providerId)
      .execute()
  } catch (err) {
    payments.log(`payments: could not read the payment method of subscription ${providerId}: ${String(err)}`)
  }
}

async function applyAlert(a: AlertFields, env: AlertEnv): Promise<'processed' | 'ignored'> {
  switch (a.alert_name) {
    case 'subscription_created':
      return subscriptionCreated(a, env)
    case 'subscription_payment_succeeded':
      return subscriptionPaymentSucceeded(a, env)
    case 'payment_succeeded':
      return paymentSucceeded(a, env)
    case 'subscription_payment_failed':
      return subscriptionPaymentFailed(a, env)
    case 'subscription_updated':
      return subscriptionUpdated(a, env)
    case 'subscription_cancelled':
      return subscriptionCancelled(a, env)
    case 'high_risk_transaction_created':
      return highRiskCreated(a, env)
    case 'high_risk_transaction_updated':
      return highRiskUpdated(a, env)
    default:
      return 'ignored'
  }
}
