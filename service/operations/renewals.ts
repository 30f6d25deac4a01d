// Renewals and receipts (spec §2, §5, §7): `canRenew` or `canViewReceipt` in the company, or one's own license.
import type { LicenseRef } from '../../protocol/entities.js'
import { renewalRefusal, renewsThroughSales } from '../../protocol/licenses/licenses.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { catalog, renewalAnnualPrice, renewalProductId } from '../../config/catalog/index.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import type { LicenseRow, SubscriptionRow } from '../db/schema.js'
import { toLicense } from '../reads/mapping.js'
import { ServiceError } from '../dispatch/errors.js'
import { cotermQuote } from '../payments/coterm.js'
import { renewalPassthrough } from '../payments/passthrough.js'
import { flagsIn } from '../auth/policy.js'
import type { OperationHandlers } from './handlers.js'
import { displayName, subscriptionDisplayName } from '../../protocol/catalog/products.js'
import { formatDate } from '../../protocol/shared/dates.js'
import { countOf } from '../../protocol/shared/words.js'

/** Each checked to exist under the owner named. */
async function licensesNamed(ctx: ServiceContext, refs: LicenseRef[]): Promise<LicenseRow[]> {
  const ids = [...new Set(refs.map((r) => r.id))]
  const rows = await ctx.db.selectFrom('licenses').selectAll().where('id', 'in', ids).execute()
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id)
    const ref = refs.find((r) => r.id === id)!
    if (!row || row.owner !== ref.owner) throw new ServiceError('NOT_FOUND', 'A license was not found.')
    return row
  })
}

async function mayAct(
  ctx: ServiceContext,
  email: string,
  license: LicenseRow,
  flag: 'canRenew' | 'canViewReceipt',
): Promise<boolean> {
  if (license.company_id === null) return license.owner === email
  const flags = await flagsIn(ctx.db, email, license.company_id)
  return Boolean(flags?.[flag])
}

async function subscriptionStates(
  ctx: ServiceContext,
  licenses: LicenseRow[],
): Promise<Map<string, SubscriptionRow['state']>> {
  const ids = [...new Set(licenses.flatMap((l) => (l.subscription_id === null ? [] : [l.subscription_id])))]
  if (ids.length === 0) return new Map()
  const rows = await ctx.db.selectFrom('subscriptions').select(['id', 'state']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.id, r.state]))
}

/** One provider checkout co-termed to one expiry (`coterm.ts`), or a sales mail link; one owner's licenses. */
export async function renewal(payload: ParsedPayload<'renewal'>, ctx: ServiceContext): Promise<Result<'renewal'>> {
  const caller = await requireCaller(ctx)
  const licenses = await licensesNamed(ctx, payload.ids)
  const states = await subscriptionStates(ctx, licenses)
  for (const license of licenses) {
    if (!(await mayAct(ctx, caller.email, license, 'canRenew'))) {
      throw new ServiceError('FORBIDDEN', 'You may not renew these licenses.')
    }
    const refusal = renewalRefusal(toLicense(license, states), license.company_id === null)
    if (refusal) throw new ServiceError('INVALID_REQUEST', refusal)
  }
  if (new Set(licenses.map((l) => l.owner)).size > 1) {
    throw new ServiceError('INVALID_REQUEST', 'Licenses of different owners are renewed separately.')
  }
  const ending = await subscriptionsEnded(ctx, licenses, states)

  if (licenses.some((l) => renewsThroughSales(toLicense(l)))) {
    const orders = [...new Set(licenses.map((l) => l.order_id))].join(', ')
    const subject = `License renewal: order${orders.includes(',') ? 's' : ''} ${orders}`
    const body = [
      'Please send me a quote to renew these licenses:',
      '',
      ...licenses.map(
        (l) =>
          `${displayName({ productName: l.product_name, trial: l.trial === 1 })}, order ${l.order_id}, key ${l.key_number}`,
      ),
      '',
      `Account: ${caller.email}`,
    ].join('\n')
    return {
      url: `mailto:${ctx.config.salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`,
    }
  }

  const now = ctx.now()
  const quote = cotermQuote(
    licenses.map((l) => ({
      expiration: Number(l.expiration),
      annualPrice: renewalAnnualPrice(l.product_group, l.license_type),
    })),
    now,
  )
  const payments = ctx.adapters.payments
  if (!payments) throw new ServiceError('UNKNOWN_OPERATION', 'Payments are not available.')
  // The portal's date format ("November 22, 2027"): the checkout says the date as the license table does.
  const until = formatDate(quote.expiry, { utc: true })
  const count = licenses.length === 1 ? '1 license' : `${licenses.length} licenses`
  const passthrough = renewalPassthrough(ctx.config.secret, {
    renewal: licenses.map((l) => ({ id: l.id, owner: l.owner })),
    coterm: true,
  })
  return payments.provider.generatePayLink({
    productId: renewalProductId(payments.provider.environment),
    title: `Renewal of ${count} until ${until}`,
    price: { currency: catalog.currency, amount: quote.amount },
    quantity: 1,
    customerEmail: caller.email,
    passthrough,
    returnUrl: `${ctx.config.publicUrl}/manage`,
    customMessage: [`All renewed licenses will expire on ${until}.`, ...ending].join(' '),
  })
}

/**
 * Decision 0023: a live personal subscription whose renewing licenses are all renewed here is cancelled once the
 * renewal is paid; the sentence says so on the checkout. Renewing only some of them is refused.
 */
async function subscriptionsEnded(
  ctx: ServiceContext,
  licenses: LicenseRow[],
  states: Map<string, SubscriptionRow['state']>,
): Promise<string[]> {
  const named = new Set(licenses.map((l) => l.id))
  const live = [...states].filter(([, state]) => state !== 'deleted').map(([id]) => id)
  if (live.length === 0) return []
  const rows = await ctx.db
    .selectFrom('licenses')
    .select(['id', 'subscription_id', 'product_name', 'order_id'])
    .where('subscription_id', 'in', live)
    .where('lapsing', '=', 0)
    .execute()
  return live.map((id) => {
    const seats = rows.filter((r) => r.subscription_id === id)
    const left = seats.filter((r) => !named.has(r.id)).length
    const { product_name: productName, order_id: order } = seats[0] ?? licenses[0]
    const product = subscriptionDisplayName({ productName })
    if (left > 0) {
      throw new ServiceError(
        'INVALID_REQUEST',
        `The subscription of ${product} (order ${order}) renews ${countOf(left, 'more license')}: renew them together, or lower its quantity first.`,
      )
    }
    return `Paying ends the subscription of ${product} (order ${order}): it is cancelled and will not charge again.`
  })
}

export async function retrieveReceipt(
  payload: ParsedPayload<'retrieveReceipt'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveReceipt'>> {
  const caller = await requireCaller(ctx)
  const [license] = await licensesNamed(ctx, [payload.license])
  if (!(await mayAct(ctx, caller.email, license, 'canViewReceipt'))) {
    throw new ServiceError('FORBIDDEN', 'You may not view the receipts of this license.')
  }
  const order = await ctx.db
    .selectFrom('orders')
    .select(['receipt_url'])
    .where('id', '=', license.order_id)
    .executeTakeFirst()
  if (!order?.receipt_url) throw new ServiceError('NOT_FOUND', 'There is no receipt for this order.')
  return { checkoutUrl: order.receipt_url }
}

export const renewalOperations: OperationHandlers = {
  renewal,
  retrieveReceipt,
}
