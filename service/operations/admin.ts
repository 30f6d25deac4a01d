/**
 * Platform-administrator operations (spec §6, §7): merge companies (`mergeLicenses`), remove license
 * (`removeLicense`) and remove subscription (`removeSubscription`). Each is refused to anyone whose account is not
 * marked as a platform administrator in the store.
 */
import { sql } from 'kysely'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { roleCodes, COMPANY_ADMINISTRATOR } from '../../protocol/roles.js'
import { requirePlatformAdministrator, type ServiceContext } from '../context.js'
import { newId } from '../db/ids.js'
import { ServiceError } from '../errors.js'
import { licensesByIds } from './company.js'
import type { OperationHandlers } from './index.js'

/**
 * removeLicense: deletes the licenses (their activations go with them). All or nothing: an id that is unknown, or
 * whose owner is not the one given, refuses the whole call.
 */
export async function removeLicense(
  payload: ParsedPayload<'removeLicense'>,
  ctx: ServiceContext,
): Promise<Result<'removeLicense'>> {
  await requirePlatformAdministrator(ctx)
  await ctx.db.transaction().execute(async (trx) => {
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
  })
  return { completed: true }
}

/**
 * removeSubscription: deletes the subscription and its licenses. Its payments stay with their order (they are the
 * order's receipts), no longer tied to a subscription.
 */
export async function removeSubscription(
  payload: ParsedPayload<'removeSubscription'>,
  ctx: ServiceContext,
): Promise<Result<'removeSubscription'>> {
  await requirePlatformAdministrator(ctx)
  await ctx.db.transaction().execute(async (trx) => {
    const subscription = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', payload.subscriptionId)
      .executeTakeFirst()
    if (!subscription) throw new ServiceError('NOT_FOUND', `Subscription ${payload.subscriptionId} was not found.`)
    const licenseIds = (
      await trx.selectFrom('licenses').select('id').where('subscription_id', '=', subscription.id).execute()
    ).map((l) => l.id)
    if (licenseIds.length > 0) {
      await trx.deleteFrom('activations').where('license_id', 'in', licenseIds).execute()
      await trx.deleteFrom('licenses').where('id', 'in', licenseIds).execute()
    }
    await trx
      .updateTable('payments')
      .set({ subscription_id: null })
      .where('subscription_id', '=', subscription.id)
      .execute()
    await trx.deleteFrom('subscriptions').where('id', '=', subscription.id).execute()
  })
  return { completed: true }
}

/**
 * mergeLicenses: moves everything the signed-in account holds in its own name (its personal licenses, subscriptions
 * and their orders) into the company of that name (compared case-insensitively), which is created when there is none,
 * with the account as its Company Administrator. The moved licenses become company licenses that can be assigned.
 */
export async function mergeLicenses(
  payload: ParsedPayload<'mergeLicenses'>,
  ctx: ServiceContext,
): Promise<Result<'mergeLicenses'>> {
  const caller = await requirePlatformAdministrator(ctx)
  const now = ctx.now()
  await ctx.db.transaction().execute(async (trx) => {
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
          permissions: roleCodes(COMPANY_ADMINISTRATOR).join(','),
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
  })
  return { completed: true }
}

export const adminOperations: OperationHandlers = {
  mergeLicenses,
  removeLicense,
  removeSubscription,
}
