// Non-lapsing licenses number exactly the quantity, whether the provider's alert or the portal's change writes first.
import { lapsingAfterDecrease, type Seat } from '../../protocol/subscriptions/lapsing.js'
import { newId, newLicenseKey } from '../db/ids.js'
import type { LicenseRow, SubscriptionRow, Database } from '../db/schema.js'
import { termEnd } from '../payments/dates.js'
import type { Transaction } from 'kysely'

type Writer = { trx: Transaction<Database>; now: number }

export const seatOf = (l: LicenseRow): Seat => ({
  id: l.id,
  assignedTo: l.assigned_to,
  key: l.key_number,
  lapsing: l.lapsing === 1,
})

/** More seats revive unended lapsing licenses first; fewer mark the extra ones lapsing in the rule's order. */
export async function reconcileQuantity({ trx, now }: Writer, sub: SubscriptionRow, quantity: number) {
  const licenses = await trx
    .selectFrom('licenses')
    .selectAll()
    .where('subscription_id', '=', sub.id)
    .orderBy('key_number')
    .execute()
  const active = licenses.filter((l) => l.lapsing === 0)
  if (active.length < quantity) {
    let missing = quantity - active.length
    const revivable = licenses.filter((l) => l.lapsing === 1 && Number(l.expiration) > now)
    for (const license of revivable.slice(0, missing)) {
      await trx.updateTable('licenses').set({ lapsing: 0 }).where('id', '=', license.id).execute()
      missing--
    }
    if (missing > 0) await addSeats({ trx, now }, sub, licenses, missing)
  } else if (active.length > quantity) {
    for (const id of lapsingAfterDecrease(active.map(seatOf), quantity)) {
      await trx.updateTable('licenses').set({ lapsing: 1 }).where('id', '=', id).execute()
    }
  }
}

/** Running to the end of its current term (or as long as its others). */
async function addSeats({ trx, now }: Writer, sub: SubscriptionRow, licenses: LicenseRow[], count: number) {
  const expiration = Math.max(
    sub.next_payment_date !== null ? termEnd(Number(sub.next_payment_date)) : now,
    ...licenses.map((l) => Number(l.expiration)),
  )
  const nextKey = Math.max(0, ...licenses.map((l) => l.key_number)) + 1
  await trx
    .insertInto('licenses')
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: newId('lic'),
        owner: sub.owner,
        company_id: sub.company_id,
        order_id: sub.order_id,
        license_key: newLicenseKey(sub.product_group),
        key_number: nextKey + i,
        product_name: sub.product_name,
        product_group: sub.product_group,
        license_type: sub.company_id ? ('company' as const) : ('personal' as const),
        expiration,
        assigned_to: '',
        is_multi_user: 0,
        trial: 0,
        promotional: 0,
        subscription_id: sub.id,
        billing_period: sub.billing_period,
        lapsing: 0,
        created_at: now,
      })),
    )
    .execute()
}

/** In the decrease's transaction: the chosen ones, then as many more as needed, lapse; the rest renew. */
export async function applyDecrease(
  trx: Transaction<Database>,
  subscriptionId: string,
  lapsingBefore: ReadonlySet<string>,
  quantity: number,
  chosenIds: readonly string[],
) {
  const seats = (
    await trx.selectFrom('licenses').selectAll().where('subscription_id', '=', subscriptionId).execute()
  ).map(seatOf)
  const renewing = seats.filter((seat) => !lapsingBefore.has(seat.id))
  const lapse = lapsingAfterDecrease(renewing, quantity, chosenIds)
  for (const seat of seats) {
    const lapsing = lapse.has(seat.id) || lapsingBefore.has(seat.id) ? 1 : 0
    if ((seat.lapsing ? 1 : 0) !== lapsing) {
      await trx.updateTable('licenses').set({ lapsing }).where('id', '=', seat.id).execute()
    }
  }
}
