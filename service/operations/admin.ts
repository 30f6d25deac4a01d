// Platform-administrator operations (spec §6, §7), refused to anyone the store does not mark as one.
import { labelled } from '../../protocol/shared/text.js'
import { sql } from 'kysely'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { roleCodes, COMPANY_ADMINISTRATOR } from '../../protocol/permissions/roles.js'
import { requirePlatformAdministrator, type ServiceContext } from '../dispatch/context.js'
import { permissionColumn } from '../auth/policy.js'
import { newId } from '../db/ids.js'
import { ServiceError } from '../dispatch/errors.js'
import type { PaymentProvider } from '../payments/provider.js'
import { withSubscriptionLock } from '../db/locks.js'
import { licensesByIds } from './company.js'
import type { OperationHandlers } from './handlers.js'
import { inTransaction } from '../db/transaction.js'
import { PLATFORM_ADMINISTRATOR } from '../../protocol/activity/activity.js'
import { groupBy, licenseWords, recordActivity } from '../activity/log.js'
import { displayName } from '../../protocol/catalog/products.js'
import { countOf } from '../../protocol/shared/words.js'
import { subscriptionWords } from '../activity/subscriptions.js'

/** Activations go with them; all or nothing: one unknown id, or another owner, refuses the whole call. */
export async function removeLicense(
  payload: ParsedPayload<'removeLicense'>,
  ctx: ServiceContext,
): Promise<Result<'removeLicense'>> {
  await requirePlatformAdministrator(ctx)
  await inTransaction(ctx.db, async (trx) => {
    const rows = new Map(
      (
        await licensesByIds(
          trx,
          payload.ids.map((ref) => ref.id),
        )
      ).map((row) => [row.id, row]),
    )
    for (const ref of payload.ids) {
      const row = rows.get(ref.id)
      if (!row || row.owner !== ref.owner) throw new ServiceError('NOT_FOUND', `License ${ref.id} was not found.`)
    }
    const ids = [...rows.keys()]
    await trx.deleteFrom('activations').where('license_id', 'in', ids).execute()
    await trx.deleteFrom('licenses').where('id', 'in', ids).execute()
    // One entry for each company (or personal holder) whose licenses went.
    for (const licenses of groupBy([...rows.values()], (row) => row.owner).values()) {
      const lines = licenses.map(
        (row) =>
          `removed ${licenseWords(row)} (${displayName({ productName: row.product_name, trial: row.trial === 1 })})`,
      )
      await recordActivity(trx, {
        kind: 'license',
        actor: PLATFORM_ADMINISTRATOR,
        companyId: licenses[0].company_id,
        account: licenses[0].company_id ? null : licenses[0].owner,
        summary: lines.length === 1 ? lines[0] : `removed ${lines.length} licenses`,
        details: lines.length === 1 ? [] : lines,
        people: licenses.map((row) => row.assigned_to).filter((email) => email !== ''),
        at: ctx.now(),
      })
    }
  })
  return { completed: true }
}

/** A subscription that still bills is cancelled at the provider first; refused there, nothing is removed. */
export async function removeSubscription(
  payload: ParsedPayload<'removeSubscription'>,
  ctx: ServiceContext,
): Promise<Result<'removeSubscription'>> {
  await requirePlatformAdministrator(ctx)
  await withSubscriptionLock(ctx.db, payload.subscriptionId, async () => {
    const row = await ctx.db
      .selectFrom('subscriptions')
      .select(['id', 'state', 'provider_subscription_id', 'owner', 'company_id', 'product_name'])
      .where('id', '=', payload.subscriptionId)
      .executeTakeFirst()
    if (!row) throw new ServiceError('NOT_FOUND', `Subscription ${payload.subscriptionId} was not found.`)
    const provider = ctx.adapters.payments?.provider
    // Outside any transaction: the sandbox delivers its subscription_cancelled alert in process.
    if (row.state !== 'deleted' && row.provider_subscription_id && provider) {
      await cancelAtProvider(provider, row.provider_subscription_id)
    }
    await inTransaction(ctx.db, async (trx) => {
      const licenseIds = (
        await trx.selectFrom('licenses').select('id').where('subscription_id', '=', row.id).execute()
      ).map((l) => l.id)
      if (licenseIds.length > 0) {
        await trx.deleteFrom('activations').where('license_id', 'in', licenseIds).execute()
        await trx.deleteFrom('licenses').where('id', 'in', licenseIds).execute()
      }
      await trx.updateTable('payments').set({ subscription_id: null }).where('subscription_id', '=', row.id).execute()
      await trx.deleteFrom('subscriptions').where('id', '=', row.id).execute()
      await recordActivity(trx, {
        kind: 'subscription',
        actor: PLATFORM_ADMINISTRATOR,
        companyId: row.company_id,
        account: row.company_id ? null : row.owner,
        summary: `removed ${subscriptionWords(row)} and its ${countOf(licenseIds.length, 'license')}`,
        at: ctx.now(),
      })
    })
  })
  return { completed: true }
}

/** One the provider has cancelled already (its alert not yet here) is fine too. */
async function cancelAtProvider(provider: PaymentProvider, providerId: string): Promise<void> {
  try {
    await provider.cancelSubscription(providerId)
  } catch (error) {
    const state = await provider.getSubscription(providerId).then(
      (s) => s.state,
      () => undefined,
    )
    if (state !== 'deleted') throw error
  }
}

/** Moves the account's own holdings into the company of that name (created if none); they become company licenses. */
export async function mergeLicenses(
  payload: ParsedPayload<'mergeLicenses'>,
  ctx: ServiceContext,
): Promise<Result<'mergeLicenses'>> {
  const caller = await requirePlatformAdministrator(ctx)
  const now = ctx.now()
  await inTransaction(ctx.db, async (trx) => {
    const owned = await trx
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', caller.email)
      .limit(1)
      .executeTakeFirst()
    if (!owned) throw new ServiceError('NOT_FOUND', 'You hold no licenses in your own name to merge.')

    let company = await trx
      .selectFrom('companies')
      .select(['id', 'name'])
      .where(sql`lower(name)`, '=', payload.companyName.toLowerCase())
      .orderBy('created_at')
      .executeTakeFirst()
    if (!company) {
      company = { id: newId('co'), name: payload.companyName }
      await trx
        .insertInto('companies')
        .values({ ...company, created_at: now })
        .execute()
      await trx
        .insertInto('company_permissions')
        .values({
          company_id: company.id,
          email: caller.email,
          permissions: permissionColumn(roleCodes(COMPANY_ADMINISTRATOR)),
          created_at: now,
        })
        .execute()
    }
    const target = { owner: company.id, company_id: company.id }
    await trx.updateTable('orders').set(target).where('owner', '=', caller.email).execute()
    await trx.updateTable('subscriptions').set(target).where('owner', '=', caller.email).execute()
    await trx
      .updateTable('licenses')
      .set({ ...target, license_type: 'company' })
      .where('owner', '=', caller.email)
      .execute()
    await recordActivity(trx, {
      kind: 'license',
      actor: PLATFORM_ADMINISTRATOR,
      companyId: company.id,
      account: caller.email,
      summary: `merged the licenses and subscriptions of ${caller.email} into ${labelled('the company', company.name)}`,
      people: [caller.email],
      at: now,
    })
  })
  return { completed: true }
}

export const adminOperations: OperationHandlers = {
  mergeLicenses,
  removeLicense,
  removeSubscription,
}
