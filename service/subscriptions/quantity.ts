// A subscription's quantity and bulk assignment (spec §5, §7), under the rules at the head of `subscriptions.ts`.
import type { License } from '../../protocol/entities.js'
import { canAssignLicense, cannotAssign } from '../../protocol/licenses/licenses.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import {
  bulkLapsingAndNonLapsing,
  planSeats,
  quantityLapseMessage,
} from '../../protocol/subscriptions/subscriptions.js'
import { lapseChoiceProblem } from '../../protocol/subscriptions/lapsing.js'
import type { ServiceContext } from '../dispatch/context.js'
import type { LicenseRow } from '../db/schema.js'
import { ServiceError } from '../dispatch/errors.js'
import { assignmentMails } from '../mail/assignment-mail.js'
import { loadSubscription, providerOf, withSubscription } from './access.js'
import { applyDecrease, reconcileQuantity, seatOf } from './reconcile-quantity.js'
import { quantityUpdate, sameQuantity } from './updates.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { inTransaction } from '../db/transaction.js'
import { assignmentSummary, assignmentWords, licenseWords } from '../activity/log.js'
import { recordSubscriptionActivity, subscriptionWords } from '../activity/subscriptions.js'
import { guardHandChanges, serveFreedSeats } from '../directory/queue.js'
import { emitSeatChanges } from '../webhooks/emit.js'

/** An increase is charged prorated now; a decrease applies next cycle, lapsing the named licenses, then free ones. */
export async function subscriptionUpdateQuantity(
  payload: ParsedPayload<'subscriptionUpdateQuantity'>,
  ctx: ServiceContext,
): Promise<Result<'subscriptionUpdateQuantity'>> {
  return withSubscription(ctx, payload.subscriptionId, 'billing', 'quantity', async ({ row, licenses }, caller) => {
    const quantity = payload.quantity
    if (quantity === row.quantity) {
      throw new ServiceError('INVALID_STATE', sameQuantity(quantity))
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

    const answer = await providerOf(ctx).updateSubscription(quantityUpdate(row, quantity))

    const now = ctx.now()
    await inTransaction(ctx.db, async (trx) => {
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

/** Planned by `protocol/subscriptions/subscriptions.ts` in the transaction; §5 errors as NOT_ENOUGH_LICENSES or INVALID_PAYLOAD. */
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
          plan.error.startsWith(bulkLapsingAndNonLapsing) ? 'INVALID_PAYLOAD' : 'NOT_ENOUGH_LICENSES',
          plan.error,
        )
      }
      // A seat the company's directory holds, or of a product it owns, is not changed by hand.
      await guardHandChanges(
        trx,
        plan.changes.map((c) => ({ row: licenses.find((l) => l.id === c.id) as LicenseRow, to: c.assignedTo })),
      )
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
      await emitSeatChanges(trx, done, ctx.now())
      // A license this change freed goes to whoever waits for a seat of its product, if anybody does.
      const queueMails = await serveFreedSeats(
        trx,
        done.filter((d) => d.to === '').map((d) => d.row),
        ctx.now(),
        { log: caller.email, mail: caller.email },
        ctx.config.publicUrl,
      )
      const company = await trx
        .selectFrom('companies')
        .select('name')
        .where('id', '=', row.company_id ?? '')
        .executeTakeFirst()
      return {
        queueMails,
        caller: caller.email,
        companyNames: new Map(company && row.company_id ? [[row.company_id, company.name]] : []),
        received: plan.assignments.map(({ license, email }) => ({
          email,
          row: licenses.find((l) => l.id === license.id) as LicenseRow,
        })),
      }
    }),
  )
  for (const mail of assigned.queueMails) await ctx.mailer.send(mail)
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

export const subscriptionQuantityOperations: OperationHandlers = {
  subscriptionUpdateQuantity,
  subscriptionAssign,
}
