// A subscription made for one test, in the state it needs, in the vendor's store (the sandbox provider adopts it
// the first time it is asked about it, as it does the demo data).
import crypto from 'node:crypto'
import type { DB } from '../../service/db/database.js'
import type { SubscriptionTable } from '../../service/db/schema.js'

const DAY = 24 * 60 * 60 * 1000
const SEATS_PER_INSERT = 500

export type SeatSpec = { assignedTo?: string; lapsing?: boolean; expiresIn?: number }

export type SubscriptionSpec = {
  now: number
  /** A company id (its licenses are company licenses), or null for a personal subscription of `owner`. */
  companyId?: string | null
  owner?: string
  state?: SubscriptionTable['state']
  billingPeriod?: 'month' | 'year'
  /** Product group and plan type; the plan key is `{group}-{organization|personal}-{period}`. */
  group?: 'bundle' | 'wallaby' | 'quokka'
  quantity?: number
  /** One entry per license, in key order (default: `quantity` unassigned licenses). */
  seats?: SeatSpec[]
  /** Days from now the licenses run to (each seat may override). */
  expiresIn?: number
  /** Days from now of the next payment; null for none (paused, cancelled, not renewing). */
  nextPaymentIn?: number | null
  lastFour?: string
  specialOffer?: { message: string; currency: string; priceGross: number; country: string }
  pendingChange?: string
}

export type MadeSubscription = { id: string; providerId: string; licenseIds: string[]; orderId: string }

/** Inserts an order, the subscription and its licenses; returns their ids. */
export async function makeSubscription(db: DB, spec: SubscriptionSpec): Promise<MadeSubscription> {
  const suffix = crypto.randomBytes(5).toString('hex')
  const companyId = spec.companyId === undefined ? 'acme' : spec.companyId
  const owner = spec.owner ?? companyId ?? 'pat@personal.test'
  const period = spec.billingPeriod ?? 'year'
  const group = spec.group ?? 'wallaby'
  const type = companyId ? 'organization' : 'personal'
  const unitPrice = companyId ? (period === 'year' ? 116 : 12.1) : period === 'year' ? 58 : 6.05
  const state = spec.state ?? 'active'
  const quantity = spec.quantity ?? spec.seats?.filter((s) => !s.lapsing).length ?? 1
  const seats: SeatSpec[] = spec.seats ?? Array.from({ length: quantity }, () => ({}))
  const expiresIn = spec.expiresIn ?? 120
  const nextPaymentIn =
    spec.nextPaymentIn !== undefined ? spec.nextPaymentIn : state === 'active' || state === 'pastDue' ? expiresIn : null
  const at = (days: number) => spec.now + Math.round(days * DAY)
  const productName =
    group === 'bundle'
      ? `Wallaby.js + Quokka.js ${companyId ? 'company' : 'personal'} license`
      : group === 'quokka'
        ? `Quokka.js PRO ${companyId ? 'company' : 'personal'} license`
        : `Wallaby.js ${companyId ? 'company' : 'personal'} license`
  const id = `sub_t${suffix}`
  const orderId = `5${crypto.randomInt(100_000_000, 999_999_999)}`
  const providerId = `t${suffix}`
  const licenseIds = seats.map((_, i) => `lic_t${suffix}_${i + 1}`)

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        owner,
        company_id: companyId,
        customer_name: 'Test Customer',
        customer_email: companyId ? 'olivia@acme.test' : owner,
        referrer: null,
        currency: 'USD',
        amount: unitPrice * quantity,
        provider_checkout_id: `chk_t${suffix}`,
        receipt_url: null,
        created_at: at(-30),
      })
      .execute()
    await trx
      .insertInto('subscriptions')
      .values({
        id,
        owner,
        company_id: companyId,
        state,
        product_name: productName,
        product_group: group,
        plan_id: `${group}-${type}-${period}`,
        billing_period: period,
        quantity,
        next_payment_date: nextPaymentIn === null ? null : at(nextPaymentIn),
        next_payment_amount: nextPaymentIn === null ? null : Math.round(unitPrice * quantity * 100) / 100,
        currency: 'USD',
        unit_price: unitPrice,
        payment_method: 'card',
        card_type: 'visa',
        last_four: spec.lastFour ?? '4242',
        card_expiry: '09/2031',
        update_url: `/sandbox/update-payment/${id}`,
        special_offer: spec.specialOffer ? JSON.stringify(spec.specialOffer) : null,
        pending_change: spec.pendingChange ?? null,
        provider_subscription_id: providerId,
        order_id: orderId,
        created_at: at(-30),
        updated_at: at(-30),
      })
      .execute()
    // In batches: a statement holds a bounded number of values (SQLite's limit), however many seats.
    const rows = seats.map((seat, i) => ({
      id: licenseIds[i],
      owner,
      company_id: companyId,
      order_id: orderId,
      license_key: `T-${suffix}-${i + 1}`.toUpperCase(),
      key_number: i + 1,
      product_name: productName,
      product_group: group,
      license_type: companyId ? ('company' as const) : ('personal' as const),
      expiration: at(seat.expiresIn ?? expiresIn),
      assigned_to: seat.assignedTo ?? '',
      is_multi_user: 0,
      trial: 0,
      promotional: 0,
      subscription_id: id,
      billing_period: period,
      lapsing: seat.lapsing ? 1 : 0,
      created_at: at(-30),
    }))
    for (let start = 0; start < rows.length; start += SEATS_PER_INSERT)
      await trx
        .insertInto('licenses')
        .values(rows.slice(start, start + SEATS_PER_INSERT))
        .execute()
    await trx
      .insertInto('payments')
      .values({
        id: `pay_t${suffix}`,
        subscription_id: id,
        order_id: orderId,
        date: at(-30),
        currency: 'USD',
        amount: unitPrice * quantity,
        receipt_url: `/sandbox/receipts/pay_t${suffix}`,
      })
      .execute()
  })
  return { id, providerId, licenseIds, orderId }
}

/** The subscription's row and its licenses (by key), for comparing before and after. */
export async function snapshot(db: DB, subscriptionId: string) {
  const subscription = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .executeTakeFirst()
  const licenses = await db
    .selectFrom('licenses')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('key_number')
    .execute()
  return { subscription, licenses }
}
