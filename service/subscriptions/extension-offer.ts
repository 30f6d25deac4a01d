// The extension offer (spec §7 "specialOffer", §9), under the rules at the head of `subscriptions.ts`.
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { addUtcYears } from '../payments/dates.js'
import { loadSubscription, planOfRow, providerIdOf, providerOf, withSubscription } from './access.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { inTransaction } from '../db/transaction.js'
import { recordSubscriptionActivity, subscriptionWords } from '../activity/subscriptions.js'
import { subscriptionRefusals } from '../../protocol/subscriptions/subscriptions.js'

const EXTENSION_YEARS = 1

/** CURRENCY_MISMATCH unless the country's currency is the offer's; charged first, then licenses move 12 months on. */
export async function specialOffer(
  payload: ParsedPayload<'specialOffer'>,
  ctx: ServiceContext,
): Promise<Result<'specialOffer'>> {
  return withSubscription(ctx, payload.subscriptionId, 'billing', 'specialOffer', async ({ row, subscription }) => {
    const offer = subscription.specialOffer
    if (!offer) throw new ServiceError('INVALID_STATE', subscriptionRefusals.noOffer)
    if (Math.abs(payload.price - offer.priceGross) > 0.005) {
      throw new ServiceError(
        'INVALID_STATE',
        'The extension offer has changed; reload the page to see the current offer.',
      )
    }
    const provider = providerOf(ctx)
    const providerId = providerIdOf(row)
    if (!payload.alwaysAllow) {
      const country = payload.country.toUpperCase()
      const productId = planOfRow(row, provider).providerIds[provider.environment]
      const prices = await provider.prices({ productIds: [productId], country })
      const local = prices.products.find((p) => p.productId === productId)?.currency
      if (!local) throw new ServiceError('PROVIDER_ERROR', 'The payment provider did not price this subscription.')
      if (local !== offer.currency || offer.currency !== row.currency) {
        throw new ServiceError(
          'CURRENCY_MISMATCH',
          `The offer is in ${offer.currency}, but payments from ${country} are made in ${local}.`,
        )
      }
    }
    // Who accepted the offer, for the activity log (read before the charge, which must not be followed by a refusal).
    const { email: actor } = await requireCaller(ctx)
    const charge = await provider.charge(providerId, offer.priceGross, 'Subscription extension, 12 months')

    const now = ctx.now()
    await inTransaction(ctx.db, async (trx) => {
      const current = await loadSubscription(trx, row.id)
      for (const license of current.licenses) {
        if (license.lapsing === 1) continue
        await trx
          .updateTable('licenses')
          .set({ expiration: addUtcYears(Math.max(Number(license.expiration), now), EXTENSION_YEARS) })
          .where('id', '=', license.id)
          .execute()
      }
      const nextDate = current.row.next_payment_date
      await trx
        .updateTable('subscriptions')
        .set({
          special_offer: null,
          ...(nextDate !== null ? { next_payment_date: addUtcYears(Number(nextDate), EXTENSION_YEARS) } : {}),
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute()
      await trx
        .insertInto('payments')
        .values({
          id: `pc_${charge.invoiceId}`,
          subscription_id: row.id,
          order_id: row.order_id,
          date: charge.paymentDate,
          currency: charge.currency,
          amount: charge.amount,
          receipt_url: charge.receiptUrl,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
      await recordSubscriptionActivity(trx, row, {
        actor,
        summary: `extended ${subscriptionWords(row)} by ${EXTENSION_YEARS * 12} months (extension offer, ${charge.currency} ${charge.amount})`,
        at: now,
      })
    })
    return { completed: true as const }
  })
}

export const extensionOfferOperations: OperationHandlers = { specialOffer }
