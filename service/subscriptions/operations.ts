// Subscription lifecycle and receipts (spec §4, §7): `protocol/subscriptions/subscriptions.ts`' state machine under the
// subscription's lease, the provider asked first; its webhooks write the same values, so either order agrees.
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { subscriptionRefusals, UPGRADE_IN_PROGRESS } from '../../protocol/subscriptions/subscriptions.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import { cancelledColumns } from './cancelled.js'
import { authorize, loadSubscription, providerIdOf, providerOf, requireTransition, withSubscription } from './access.js'
import { quantityUpdate, restartUpdate, sameQuantity, upgradeUpdate } from './updates.js'
import { ServiceError } from '../dispatch/errors.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { inTransaction } from '../db/transaction.js'
import { recordSubscriptionActivity, subscriptionWords } from '../activity/subscriptions.js'

/** Irreversible; the licenses run to their expiry. */
export async function cancelSubscription(
  payload: ParsedPayload<'cancelSubscription'>,
  ctx: ServiceContext,
): Promise<Result<'cancelSubscription'>> {
  return withSubscription(ctx, payload.subscriptionId, 'billing', 'cancel', async ({ row }, caller) => {
    await providerOf(ctx).cancelSubscription(providerIdOf(row))
    await inTransaction(ctx.db, async (trx) => {
      await trx.updateTable('subscriptions').set(cancelledColumns(ctx.now())).where('id', '=', row.id).execute()
      await recordSubscriptionActivity(trx, row, {
        actor: caller.email,
        summary: `cancelled ${subscriptionWords(row)}: its licenses run to their expiry`,
        at: ctx.now(),
      })
    })
    return { completed: true as const }
  })
}

/** Pause drops the next payment; resume bills at term end; restart charges now, licenses run on at its webhook. */
export async function subscriptionPauseResume(
  payload: ParsedPayload<'subscriptionPauseResume'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionPauseResume'>> {
  return withSubscription(ctx, payload.subscriptionId, 'billing', payload.action, async ({ row }, caller) => {
    const provider = providerOf(ctx)
    const providerId = providerIdOf(row)
    if (payload.action === 'pause') {
      await provider.updateSubscription({ subscriptionId: providerId, pause: true })
      await inTransaction(ctx.db, async (trx) => {
        await trx
          .updateTable('subscriptions')
          .set({ state: 'paused', next_payment_date: null, next_payment_amount: null, updated_at: ctx.now() })
          .where('id', '=', row.id)
          .execute()
        await recordSubscriptionActivity(trx, row, {
          actor: caller.email,
          summary: `paused ${subscriptionWords(row)} (auto-renew off)`,
          at: ctx.now(),
        })
      })
      return { completed: true as const }
    }
    const answer = await provider.updateSubscription(restartUpdate(row))
    const next = answer.nextPayment ?? (await provider.getSubscription(providerId)).nextPayment
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({
          state: 'active',
          next_payment_date: next ? next.date : null,
          next_payment_amount: next ? next.amount : null,
          updated_at: ctx.now(),
        })
        .where('id', '=', row.id)
        .execute()
      await recordSubscriptionActivity(trx, row, {
        actor: caller.email,
        summary: `${payload.action === 'restart' ? 'restarted' : 'resumed'} ${subscriptionWords(row)} (auto-renew on)`,
        at: ctx.now(),
      })
    })
    return {
      completed: true as const,
      ...(next ? { nextPayment: { date: next.date, currency: next.currency, amount: next.amount } } : {}),
    }
  })
}

/** Monthly to annual, charged now, prorated; until the provider's webhook `pendingChange` refuses other changes. */
export async function subscriptionUpgrade(
  payload: ParsedPayload<'subscriptionUpgrade'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionUpgrade'>> {
  return withSubscription(ctx, payload.subscriptionId, 'billing', 'upgrade', async ({ row }, caller) => {
    const provider = providerOf(ctx)
    await provider.updateSubscription(upgradeUpdate(row, provider))
    await inTransaction(ctx.db, async (trx) => {
      const current = await trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow()
      await recordSubscriptionActivity(trx, row, {
        actor: caller.email,
        summary: `upgraded ${subscriptionWords(row)} from monthly to annual billing`,
        at: ctx.now(),
      })
      // Confirmed already (a webhook delivered before the answer): nothing is pending.
      if (current.billing_period === 'year') return
      await trx
        .updateTable('subscriptions')
        .set({ pending_change: UPGRADE_IN_PROGRESS, updated_at: ctx.now() })
        .where('id', '=', row.id)
        .execute()
    })
    return { completed: true as const }
  })
}

/** What the change would charge, as the provider computes it (the dialogs show it before the person confirms). */
export async function subscriptionPreview(
  payload: ParsedPayload<'subscriptionPreview'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionPreview'>> {
  const caller = await requireCaller(ctx)
  const loaded = await loadSubscription(ctx.db, payload.subscriptionId)
  await authorize(ctx.db, caller, loaded.row, 'billing')
  const { row } = loaded
  const provider = providerOf(ctx)
  if (payload.change === 'quantity') {
    requireTransition('quantity', loaded, ctx.now())
    const quantity = payload.quantity ?? row.quantity
    if (quantity === row.quantity) throw new ServiceError('INVALID_STATE', sameQuantity(quantity))
    return provider.previewSubscriptionUpdate(quantityUpdate(row, quantity))
  }
  if (payload.change === 'upgrade') {
    requireTransition('upgrade', loaded, ctx.now())
    return provider.previewSubscriptionUpdate(upgradeUpdate(row, provider))
  }
  if (payload.change === 'offer') {
    requireTransition('specialOffer', loaded, ctx.now())
    const offer = loaded.subscription.specialOffer
    if (!offer) throw new ServiceError('INVALID_STATE', subscriptionRefusals.noOffer)
    // The offer's price is what `specialOffer` charges, tax included.
    return { immediatePayment: { amount: offer.priceGross, currency: offer.currency } }
  }
  requireTransition('restart', loaded, ctx.now())
  return provider.previewSubscriptionUpdate(restartUpdate(row))
}

/** Newest first: the provider's list, or the store's own record for a subscription the provider does not know. */
export async function subscriptionReceipts(
  payload: ParsedPayload<'subscriptionReceipts'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionReceipts'>> {
  const caller = await requireCaller(ctx)
  const { row } = await loadSubscription(ctx.db, payload.subscriptionId)
  await authorize(ctx.db, caller, row, 'receipts')
  let payments: Array<{ date: number; currency: string; amount: number; receiptUrl: string }>
  if (row.provider_subscription_id) {
    const provided = await providerOf(ctx).payments(row.provider_subscription_id)
    payments = provided.flatMap((p) =>
      p.isPaid && p.receiptUrl
        ? [{ date: p.date, currency: p.currency, amount: p.amount, receiptUrl: p.receiptUrl }]
        : [],
    )
  } else {
    const rows = await ctx.db.selectFrom('payments').selectAll().where('subscription_id', '=', row.id).execute()
    payments = rows.map((p) => ({
      date: Number(p.date),
      currency: p.currency,
      amount: p.amount,
      receiptUrl: p.receipt_url,
    }))
  }
  payments.sort((a, b) => b.date - a.date)
  return { completed: true, payments }
}

export const subscriptionOperations: OperationHandlers = {
  cancelSubscription,
  subscriptionPauseResume,
  subscriptionUpgrade,
  subscriptionPreview,
  subscriptionReceipts,
}
