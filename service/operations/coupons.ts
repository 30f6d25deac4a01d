// Coupons (spec §4, §9): a code worth some months of a product, redeemed once.
import { couponCode } from '../../protocol/catalog/coupons.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import type { Transaction } from 'kysely'
import { catalog, licenseProductName, planOf, productBySlug, type Product } from '../../config/catalog/index.js'
import type { ServiceContext } from '../dispatch/context.js'
import { newId, newLicenseKey, newOrderId } from '../db/ids.js'
import type { Database } from '../db/schema.js'
import { inTransaction } from '../db/transaction.js'
import { addUtcMonths } from '../payments/dates.js'

/** Spec §9. */
export const DEFAULT_COUPON_MONTHS = 12

type CouponRow = {
  code: string
  product: string
  months: number
  expires_at: number | null
  redeemed_by: string | null
}

function couponStatus(row: CouponRow | undefined, product: string, now: number) {
  if (!row || row.product !== product) return 'invalid' as const
  if (row.redeemed_by) return 'redeemed' as const
  if (row.expires_at !== null && Number(row.expires_at) <= now) return 'expired' as const
  return 'active' as const
}

/** `query` answers status and months; `use` redeems an active coupon once. Codes are case-insensitive. */
export async function coupon(payload: ParsedPayload<'coupon'>, ctx: ServiceContext): Promise<Result<'coupon'>> {
  const product = productBySlug(payload.product)
  const code = couponCode(payload.coupon).toUpperCase()
  const now = ctx.now()
  const find = (db: Pick<ServiceContext['db'], 'selectFrom'>) =>
    db
      .selectFrom('coupons')
      .select(['code', 'product', 'months', 'expires_at', 'redeemed_by'])
      .where((eb) => eb(eb.fn('upper', ['code']), '=', code))
      .executeTakeFirst()

  if (payload.type === 'query') {
    const row = product ? await find(ctx.db) : undefined
    const status = product ? couponStatus(row, product.slug, now) : 'invalid'
    return { status, ...(row && status !== 'invalid' ? { months: row.months || DEFAULT_COUPON_MONTHS } : {}) }
  }

  if (!product) return { status: 'invalid' }
  const email = payload.email
  const name = payload.name
  const outcome = await inTransaction(ctx.db, async (trx) => {
    const row = await find(trx)
    const status = couponStatus(row, product.slug, now)
    if (status !== 'active' || !row) return { status, months: row?.months }
    const months = row.months || DEFAULT_COUPON_MONTHS
    // Claim the coupon first: a second redemption racing this one finds it taken and changes nothing.
    const claimed = await trx
      .updateTable('coupons')
      .set({ redeemed_by: email, redeemed_at: now })
      .where('code', '=', row.code)
      .where('redeemed_by', 'is', null)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 0) return { status: 'redeemed' as const, months }

    return grantMonths(trx, { product, email, name, months, now })
  })

  if ((outcome.status === 'addedToExisting' || outcome.status === 'createdNew') && 'expiration' in outcome) {
    const until = new Date(outcome.expiration).toISOString().slice(0, 10)
    const months = `${outcome.months} month${outcome.months === 1 ? '' : 's'}`
    await ctx.mailer.send({
      to: email,
      subject: `${months} of ${product.name} for free`,
      text: [
        // Not the name typed on the redeem form: the vendor's mail carries no words of whoever redeems.
        'Hello,',
        '',
        `Your coupon gave you ${months} of ${product.name}: your license is valid until ${until}.`,
        'Sign in to see it and activate it in your editor:',
        '',
        `${ctx.config.publicUrl}/?email=${encodeURIComponent(email)}`,
      ].join('\n'),
    })
  }
  return { status: outcome.status, ...(outcome.months ? { months: outcome.months } : {}) }
}

/** The newest license of the product the address owns (no subscription, trial or open source), else a new one. */
async function grantMonths(
  trx: Transaction<Database>,
  g: { product: Product; email: string; name: string; months: number; now: number },
) {
  const { product, email, name, months, now } = g
  await trx
    .insertInto('accounts')
    .values({ email, admin: 0, logon_link: 'default', github_id: null, google_id: null, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
  const existing = await trx
    .selectFrom('licenses')
    .select(['id', 'expiration'])
    .where('owner', '=', email)
    .where('company_id', 'is', null)
    .where('product_group', '=', product.group)
    .where('subscription_id', 'is', null)
    .where('trial', '=', 0)
    .where((eb) => eb(eb.fn('lower', ['product_name']), 'not like', '%open source%'))
    .orderBy('expiration', 'desc')
    .executeTakeFirst()
  if (existing) {
    const expiration = addUtcMonths(Math.max(now, Number(existing.expiration)), months)
    await trx.updateTable('licenses').set({ expiration }).where('id', '=', existing.id).execute()
    return { status: 'addedToExisting' as const, months, expiration }
  }
  let orderId = newOrderId()
  while (await trx.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst())
    orderId = newOrderId()
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      owner: email,
      company_id: null,
      customer_name: name,
      customer_email: email,
      referrer: null,
      currency: catalog.currency,
      amount: 0,
      provider_checkout_id: null,
      receipt_url: null,
      created_at: now,
    })
    .execute()
  const plan = planOf(product, 'personal', 'year')
  const expiration = addUtcMonths(now, months)
  await trx
    .insertInto('licenses')
    .values({
      id: newId('lic'),
      owner: email,
      company_id: null,
      order_id: orderId,
      license_key: newLicenseKey(product.group),
      key_number: 1,
      product_name: licenseProductName(plan),
      product_group: product.group,
      license_type: 'personal',
      expiration,
      assigned_to: '',
      is_multi_user: 0,
      trial: 0,
      promotional: 1,
      subscription_id: null,
      billing_period: null,
      lapsing: 0,
      created_at: now,
    })
    .execute()
  return { status: 'createdNew' as const, months, expiration }
}
