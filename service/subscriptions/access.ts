// How every subscription operation reaches its subscription: read, authorized and checked under its lease.
import type { Subscription } from '../../protocol/entities.js'
import { permissionFlags, UNKNOWN_ROLE } from '../../protocol/permissions/roles.js'
import {
  subscriptionNeedFlag,
  subscriptionTransition,
  type SubscriptionNeed,
  type SubscriptionOperation,
} from '../../protocol/subscriptions/subscriptions.js'
import { findPlan, planByProviderId, type Plan } from '../../config/catalog/index.js'
import { requireCaller, type Caller, type ServiceContext } from '../dispatch/context.js'
import type { DB } from '../db/database.js'
import type { LicenseRow, SubscriptionRow } from '../db/schema.js'
import { ServiceError } from '../dispatch/errors.js'
import { toLicense, toSubscription } from '../reads/mapping.js'
import { callerRoleIn } from '../auth/policy.js'
import type { PaymentProvider } from '../payments/provider.js'
import { withSubscriptionLock } from '../db/locks.js'

export type Store = Pick<DB, 'selectFrom'>

export type Loaded = { row: SubscriptionRow; licenses: LicenseRow[]; subscription: Subscription }

export async function loadSubscription(store: Store, subscriptionId: string): Promise<Loaded> {
  const row = await store.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst()
  if (!row) throw new ServiceError('NOT_FOUND', `Subscription ${subscriptionId} was not found.`)
  const licenses = await store
    .selectFrom('licenses')
    .selectAll()
    .where('subscription_id', '=', row.id)
    .orderBy('key_number')
    .orderBy('id')
    .execute()
  const states = new Map([[row.id, row.state as string]])
  return {
    row,
    licenses,
    subscription: toSubscription(
      row,
      licenses.map((l) => toLicense(l, states)),
    ),
  }
}

export type Need = SubscriptionNeed

/** A personal subscription is its owner's alone; someone with no part in it is told it does not exist. */
export async function authorize(store: DB, caller: Caller, row: SubscriptionRow, need: Need): Promise<void> {
  if (row.company_id === null) {
    if (row.owner !== caller.email) throw new ServiceError('NOT_FOUND', `Subscription ${row.id} was not found.`)
    if (need === 'assign') throw new ServiceError('CANNOT_ASSIGN', 'Personal licenses cannot be assigned.')
    return
  }
  const role = await callerRoleIn(store, caller, row.company_id)
  if (role === undefined) throw new ServiceError('NOT_FOUND', `Subscription ${row.id} was not found.`)
  if (!permissionFlags(role ?? UNKNOWN_ROLE)[subscriptionNeedFlag[need]]) {
    const what =
      need === 'billing'
        ? 'change the billing of'
        : need === 'assign'
          ? 'assign the licenses of'
          : 'view the receipts of'
    throw new ServiceError('FORBIDDEN', `You may not ${what} this company's subscriptions.`)
  }
}

export function requireTransition(operation: SubscriptionOperation, loaded: Loaded, now: number) {
  const transition = subscriptionTransition(operation, loaded.subscription, now)
  if (!transition.allowed) throw new ServiceError('INVALID_STATE', transition.reason)
  return transition.to
}

export function providerOf(ctx: ServiceContext): PaymentProvider {
  const payments = ctx.adapters.payments
  if (!payments) throw new ServiceError('UNKNOWN_OPERATION', 'Payments are not available.')
  return payments.provider
}

export function providerIdOf(row: SubscriptionRow): string {
  if (!row.provider_subscription_id) {
    throw new ServiceError('INVALID_STATE', 'This subscription is not known to the payment provider; contact support.')
  }
  return row.provider_subscription_id
}

export function planOfRow(row: SubscriptionRow, provider: PaymentProvider): Plan {
  const plan = planByProviderId(row.plan_id, provider.environment) ?? findPlan(row.plan_id)
  if (!plan)
    throw new ServiceError('INVALID_STATE', `The plan ${row.plan_id} of this subscription is not in the catalog.`)
  return plan
}

export async function withSubscription<T>(
  ctx: ServiceContext,
  subscriptionId: string,
  need: Need,
  operation: SubscriptionOperation | null,
  work: (loaded: Loaded, caller: { email: string }) => Promise<T>,
): Promise<T> {
  const caller = await requireCaller(ctx)
  return withSubscriptionLock(ctx.db, subscriptionId, async () => {
    const loaded = await loadSubscription(ctx.db, subscriptionId)
    await authorize(ctx.db, caller, loaded.row, need)
    if (operation) requireTransition(operation, loaded, ctx.now())
    return work(loaded, caller)
  })
}
