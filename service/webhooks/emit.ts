// The webhooks' outbox: `emit` runs in the change's transaction, so an event goes exactly when its change committed.
import type { Transaction } from 'kysely'
import type { ProductGroup } from '../../protocol/entities.js'
import type { WebhookEventType } from '../../protocol/webhooks/webhooks.js'
import { newId } from '../db/ids.js'
import type { Database, LicenseRow, SubscriptionRow } from '../db/schema.js'
import { parseEvents } from './tables.js'

export type ChangingTransaction = Transaction<Database>

export type WebhookEvent = {
  type: WebhookEventType
  data: Record<string, unknown>
  /** An event a job may find again is written once per key. */
  dedupeKey?: string
}

export async function emit(
  trx: ChangingTransaction,
  companyId: string | null,
  events: readonly WebhookEvent[],
  at: number,
): Promise<void> {
  if (!companyId || events.length === 0) return
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('company_id', '=', companyId)
    .where('state', '=', 'active')
    .execute()
  if (endpoints.length === 0) return
  const listening = endpoints.map((e) => ({ id: e.id, events: new Set(parseEvents(e.events)) }))
  for (const event of events) {
    const to = listening.filter((e) => e.events.has(event.type))
    if (to.length === 0) continue
    const id = newId('msg')
    const payload = JSON.stringify({
      type: event.type,
      timestamp: new Date(at).toISOString(),
      data: { companyId, ...event.data },
    })
    const inserted = await trx
      .insertInto('webhook_messages')
      .values({
        id,
        company_id: companyId,
        type: event.type,
        payload,
        dedupe_key: event.dedupeKey ?? null,
        created_at: at,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) continue
    await trx
      .insertInto('webhook_deliveries')
      .values(
        to.map((endpoint) => ({
          id: newId('dlv'),
          message_id: id,
          endpoint_id: endpoint.id,
          state: 'pending' as const,
          attempts: 0,
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .execute()
  }
}

/** A license as events describe it (no key: the key is the holder's secret). */
export function licenseData(
  row: Pick<LicenseRow, 'id' | 'order_id' | 'key_number' | 'product_name' | 'product_group' | 'expiration'>,
) {
  return {
    id: row.id,
    orderId: row.order_id,
    keyNumber: row.key_number,
    productName: row.product_name,
    // Deprecated: `productName` (decision 0022).
    product: row.product_name,
    productGroup: row.product_group,
    expiresAt: new Date(Number(row.expiration)).toISOString(),
  }
}

/** Seat events of assignment changes (a reassignment is seat.unassigned + seat.assigned); every path ends here. */
export async function emitSeatChanges(
  store: ChangingTransaction,
  changes: ReadonlyArray<{ row: LicenseRow; from: string; to: string }>,
  at: number,
): Promise<void> {
  const byCompany = new Map<string, WebhookEvent[]>()
  for (const { row, from, to } of changes) {
    if (!row.company_id || from === to) continue
    const events = byCompany.get(row.company_id) ?? []
    if (from !== '') events.push({ type: 'seat.unassigned', data: { license: licenseData(row), holder: from } })
    if (to !== '') events.push({ type: 'seat.assigned', data: { license: licenseData(row), holder: to } })
    byCompany.set(row.company_id, events)
  }
  for (const [companyId, events] of byCompany) await emit(store, companyId, events, at)
}

export async function emitQueued(
  store: ChangingTransaction,
  companyId: string,
  queued: ReadonlyArray<{ email: string; productGroup: ProductGroup }>,
  at: number,
): Promise<void> {
  await emit(
    store,
    companyId,
    queued.map((q) => ({ type: 'seat.queued' as const, data: { email: q.email, productGroup: q.productGroup } })),
    at,
  )
}

/** subscription.updated or subscription.payment_failed, with the subscription as the change left it. */
export async function emitSubscription(
  store: ChangingTransaction,
  type: 'subscription.updated' | 'subscription.payment_failed',
  subscriptionId: string,
  summary: string,
  at: number,
): Promise<void> {
  const row = await store.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst()
  if (!row?.company_id) return
  await emit(store, row.company_id, [{ type, data: { subscription: subscriptionData(row), summary } }], at)
}

function subscriptionData(row: SubscriptionRow) {
  return {
    id: row.id,
    productName: row.product_name,
    product: row.product_name,
    productGroup: row.product_group,
    state: row.state,
    billingPeriod: row.billing_period,
    quantity: row.quantity,
    nextPaymentDate: row.next_payment_date === null ? null : new Date(Number(row.next_payment_date)).toISOString(),
    nextPaymentAmount: row.next_payment_amount,
    currency: row.currency,
  }
}
