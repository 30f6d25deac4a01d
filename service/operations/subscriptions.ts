/**
 * Subscriptions (spec §4 "Subscription states", §5 "Subscription bulk assign" and "Quantity", §7): cancel, pause,
 * resume, restart, change quantity, upgrade, the extension offer, receipts and the subscription's assignment.
 *
 * Every operation:
 * - checks the caller against the store, never the payload: the owner of a personal subscription, or a role in the
 *   owning company with `canRenew` (billing), `canAssign` (assignment) or `canViewReceipt` (receipts);
 * - applies the state machine of `protocol/subscriptions.ts`: a refused transition answers INVALID_STATE with its
 *   reason and changes nothing;
 * - holds the subscription's lease (`service/subscriptions/lock.ts`) from its first read to its last write, so that
 *   changes to one subscription never interleave;
 * - asks the payment provider first and writes what it answered afterwards, in one transaction; a refusal or failure
 *   of the provider (PROVIDER_ERROR, CHARGE_ERROR) leaves the store as it was. The provider's webhooks, which may
 *   arrive before the answer (the sandbox delivers them in process) or minutes later (Paddle), write the same values,
 *   so either order ends in the same state.
 * Mail is sent only after the commit.
 */
import type { License } from '../../protocol/entities.js'
import { canAssignLicense, cannotAssign } from '../../protocol/licenses.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import {
  bulkLapsingAndNonLapsing,
  planSeats,
  quantityLapseMessage,
  UPGRADE_IN_PROGRESS,
} from '../../protocol/subscriptions.js'
import { lapseChoiceProblem } from '../../protocol/lapsing.js'
import { planOf } from '../catalog/index.js'
import { requireCaller, type ServiceContext } from '../context.js'
import type { LicenseRow } from '../db/schema.js'
import { ServiceError } from '../errors.js'
import { assignmentMails } from '../mail/assignment-mail.js'
import { addUtcYears } from '../payments/dates.js'
import { paymentsDb } from '../payments/tables.js'
import { cancelledColumns } from '../subscriptions/cancelled.js'
import {
  authorize,
  loadSubscription,
  planOfRow,
  providerIdOf,
  providerOf,
  withSubscription,
} from '../subscriptions/access.js'
import { applyDecrease, reconcileQuantity, seatOf } from '../subscriptions/seats.js'
import type { OperationHandlers } from './handlers.js'
import { rolesIn } from '../roles.js'
import { inTransaction } from '../db/transaction.js'
import { assignmentSummary, assignmentWords, licenseWords } from '../activity/log.js'
import { recordSubscriptionActivity, subscriptionWords } from '../activity/subscriptions.js'

/** The extension offer adds this many months (spec §9: "Extension is 12 months"). */
const EXTENSION_YEARS = 1

// ─── cancel, pause, resume, restart ─────────────────────────────────────────────────────────────────────────────────

/** cancelSubscription: irreversible; state deleted, no next payment; the licenses run to their expiry. */
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

/**
 * subscriptionPauseResume: pause removes the next payment (auto-renew off); resume restarts billing at the end of
 * the paid term and answers the next payment; restart (after the paid term ended) is charged at once by the provider,
 * then renews. The licenses of a restarted subscription run on once the provider's payment webhook confirms the charge.
 */
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
    const answer = await provider.updateSubscription({ subscriptionId: providerId, pause: false })
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

// ─── quantity ───────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * subscriptionUpdateQuantity: an increase is charged prorated now and adds licenses (reviving lapsing ones that have
 * not ended first); a decrease takes effect at the next cycle: the licenses beyond the new quantity lapse (they end at
 * term end). When more licenses are assigned than the new quantity, the caller names exactly that many of them in
 * `licensesToLapse`; the other licenses that lapse are unassigned ones.
 */
export async function subscriptionUpdateQuantity(
  payload: ParsedPayload<'subscriptionUpdateQuantity'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionUpdateQuantity'>> {
  return withSubscription(ctx, payload.subscriptionId, 'billing', 'quantity', async ({ row, licenses }, caller) => {
    const quantity = payload.quantity
    if (quantity === row.quantity) {
      throw new ServiceError('INVALID_STATE', `The subscription already has ${quantity} license(s).`)
    }
    const increase = quantity > row.quantity
    const chosen = payload.licensesToLapse
    for (const ref of chosen) {
      const license = licenses.find((l) => l.id === ref.id)
      if (!license || license.owner !== ref.owner) {
        throw new ServiceError('NOT_FOUND', `License ${ref.id} is not a license of this subscription.`)
      }
    }
    if (increase && chosen.length > 0) {
      throw new ServiceError('INVALID_PAYLOAD', 'No license lapses when the quantity goes up.')
    }
    const seats = licenses.map(seatOf)
    if (!increase) {
      const problem = lapseChoiceProblem(
        seats,
        quantity,
        chosen.map((r) => r.id),
      )
      if (problem?.kind === 'count') throw new ServiceError('INVALID_PAYLOAD', quantityLapseMessage(problem.required))
      if (problem?.kind === 'duplicate')
        throw new ServiceError('INVALID_PAYLOAD', 'A license was chosen to lapse twice.')
      if (problem?.kind === 'ineligible') {
        throw new ServiceError('INVALID_PAYLOAD', `License ${problem.id} is unassigned or already lapsing.`)
      }
    }
    // Which licenses lapsed before the change: a webhook arriving meanwhile may lapse others by its own order.
    const lapsingBefore = new Set(seats.filter((s) => s.lapsing).map((s) => s.id))

    const answer = await providerOf(ctx).updateSubscription({
      subscriptionId: providerIdOf(row),
      quantity,
      prorate: increase,
      billImmediately: increase,
    })

    const now = ctx.now()
    await inTransaction(paymentsDb(ctx.db), async (trx) => {
      const current = await trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow()
      const renews = current.state === 'active' || current.state === 'pastDue'
      const next = answer.nextPayment
      await trx
        .updateTable('subscriptions')
        .set({
          quantity,
          ...(renews && next ? { next_payment_date: next.date, next_payment_amount: next.amount } : {}),
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute()
      await recordSubscriptionActivity(trx, row, {
        actor: caller.email,
        summary: `changed the quantity of ${subscriptionWords(row)} from ${row.quantity} to ${quantity}${increase ? '' : ': the licenses beyond it lapse at term end'}`,
        details: chosen
          .map((ref) => {
            const license = licenses.find((l) => l.id === ref.id)
            return license ? `${licenseWords(license)} (${license.assigned_to}) lapses` : ''
          })
          .filter(Boolean),
        people: chosen.flatMap((ref) => licenses.find((l) => l.id === ref.id)?.assigned_to ?? []),
        at: now,
      })
      if (increase) {
        await reconcileQuantity({ trx, now }, { ...current, quantity }, quantity)
        return
      }
      await applyDecrease(
        trx,
        row.id,
        lapsingBefore,
        quantity,
        chosen.map((r) => r.id),
      )
    })
    return { completed: true as const }
  })
}

// ─── upgrade ────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * subscriptionUpgrade: monthly to annual billing, charged now and prorated (the provider credits the unused part of
 * the month). The provider confirms it by webhook, which may take minutes; until then the subscription carries
 * `pendingChange` (the row shows the upgrade in progress) and refuses other changes.
 */
export async function subscriptionUpgrade(
  payload: ParsedPayload<'subscriptionUpgrade'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionUpgrade'>> {
  return withSubscription(ctx, payload.subscriptionId, 'billing', 'upgrade', async ({ row }, caller) => {
    const provider = providerOf(ctx)
    const plan = planOfRow(row, provider)
    const annual = planOf(plan.product, plan.type, 'year')
    await provider.updateSubscription({
      subscriptionId: providerIdOf(row),
      planId: annual.providerIds[provider.environment],
      billImmediately: true,
      prorate: true,
    })
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

// ─── extension offer ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * specialOffer: accepts the subscription's extension offer. The price must be the offer's; unless `alwaysAllow`, the
 * currency the provider prices the caller's country in must be the offer's (CURRENCY_MISMATCH otherwise: a VPN, or
 * an offer made for another country). The offer's price is charged to the subscription's payment method now
 * (CHARGE_ERROR when declined: nothing changes); then the licenses that renew and the next payment move 12 months
 * on, and the offer is cleared.
 */
export async function specialOffer(
  payload: ParsedPayload<'specialOffer'>,
  ctx: ServiceContext,
): Promise<Result<'specialOffer'>> {
  return withSubscription(ctx, payload.subscriptionId, 'billing', 'specialOffer', async ({ row, subscription }) => {
    const offer = subscription.specialOffer
    if (!offer) throw new ServiceError('INVALID_STATE', 'There is no extension offer for this subscription.')
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

// ─── receipts ───────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * subscriptionReceipts: the subscription's payments, newest first, each with its receipt: the provider's list, or the
 * store's own record for a subscription the provider does not know.
 */
export async function subscriptionReceipts(
  payload: ParsedPayload<'subscriptionReceipts'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionReceipts'>> {
  const caller = await requireCaller(ctx)
  const { row } = await loadSubscription(ctx.db, payload.subscriptionId)
  await authorize(ctx.db, caller.email, row, 'receipts')
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

// ─── assignment ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * subscriptionAssign (spec §5 "Subscription bulk assign"): `emails` is the complete list of holders afterwards (and
 * `lapsingEmails`, when given, those of the lapsing licenses). Planned with the portal's own rules
 * (`protocol/subscriptions.ts`) on the licenses as they are in the transaction that applies the plan; the §5 errors
 * come back as NOT_ENOUGH_LICENSES (the three "not enough" cases) or INVALID_PAYLOAD (an address in both lists), with
 * the spec's texts. With `sendEmail`, each new holder is told, after the commit.
 */
export async function subscriptionAssign(
  payload: ParsedPayload<'subscriptionAssign'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionAssign'>> {
  const emails = [...new Set(payload.emails)]
  const lapsingEmails = payload.lapsingEmails ? [...new Set(payload.lapsingEmails)] : undefined
  const assigned = await withSubscription(ctx, payload.subscriptionId, 'assign', 'assign', async (_loaded, caller) =>
    inTransaction(ctx.db, async (trx) => {
      const { row, licenses, subscription } = await loadSubscription(trx, payload.subscriptionId)
      const plan = planSeats(subscription.licenses, emails, lapsingEmails)
      if ('error' in plan) {
        throw new ServiceError(
          plan.error === bulkLapsingAndNonLapsing ? 'INVALID_PAYLOAD' : 'NOT_ENOUGH_LICENSES',
          plan.error,
        )
      }
      const done: Array<{ row: LicenseRow; from: string; to: string }> = []
      for (const change of plan.changes) {
        const license = subscription.licenses.find((l) => l.id === change.id) as License
        if (!canAssignLicense(license)) throw new ServiceError('CANNOT_ASSIGN', cannotAssign)
        await trx.updateTable('licenses').set({ assigned_to: change.assignedTo }).where('id', '=', change.id).execute()
        const before = licenses.find((l) => l.id === change.id) as LicenseRow
        done.push({ row: before, from: before.assigned_to, to: change.assignedTo })
      }
      if (done.length > 0) {
        const lines = done.map((d) => assignmentWords(d.row, d.from, d.to))
        await recordSubscriptionActivity(trx, row, {
          kind: 'assignment',
          actor: caller.email,
          summary: lines.length === 1 ? lines[0] : `${assignmentSummary(done)} (${subscriptionWords(row)})`,
          details: lines.length === 1 ? [] : lines,
          people: done.flatMap((d) => [d.from, d.to]).filter((email) => email !== ''),
          at: ctx.now(),
        })
      }
      const company = await trx
        .selectFrom('companies')
        .select('name')
        .where('id', '=', row.company_id ?? '')
        .executeTakeFirst()
      return {
        caller: caller.email,
        companyNames: new Map(company && row.company_id ? [[row.company_id, company.name]] : []),
        received: plan.assignments.map(({ license, email }) => ({
          email,
          row: licenses.find((l) => l.id === license.id) as LicenseRow,
        })),
      }
    }),
  )
  if (payload.sendEmail) {
    for (const mail of assignmentMails(
      assigned.received,
      assigned.companyNames,
      assigned.caller,
      ctx.config.publicUrl,
    )) {
      await ctx.mailer.send(mail)
    }
  }
  return { completed: true }
}

export const subscriptionOperations: OperationHandlers = {
  cancelSubscription,
  subscriptionPauseResume,
  subscriptionUpdateQuantity,
  subscriptionUpgrade,
  specialOffer,
  subscriptionReceipts,
  subscriptionAssign,
}
