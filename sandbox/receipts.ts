/** The sandbox's receipt pages: its own payments, and the vendor's for the demo data (which has no sandbox records). */
import { country as countryOf } from '../config/catalog/index.js'
import type { Sandbox } from './core.js'
import { cardBrandName } from '../protocol/subscriptions/payment-methods.js'

export type Receipt = {
  id: string
  orderId: string
  date: number
  description: string
  quantity: number
  currency: string
  amount: number
  tax: number
  taxName?: string
  customerName: string
  customerEmail: string
  card?: string
}

/** A receipt: the sandbox's own payment, or (for the demo data, which has no sandbox records) the vendor's. */
export async function receipt(sb: Sandbox, paymentId: string): Promise<Receipt | undefined> {
  const own = await sb.db.selectFrom('sandbox_payments').selectAll().where('id', '=', paymentId).executeTakeFirst()
  if (own) {
    return {
      id: own.id,
      orderId: own.order_id,
      date: own.date,
      description: own.description,
      quantity: own.quantity,
      currency: own.currency,
      amount: own.amount,
      tax: own.tax,
      taxName: countryOf(own.country)?.taxName,
      customerName: own.customer_name,
      customerEmail: own.customer_email,
      card: own.last_four ? `${cardBrandName(own.card_type)} ending in ${own.last_four}` : undefined,
    }
  }
  const vendor = await sb.db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .leftJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
    .select([
      'payments.id as id',
      'payments.order_id as orderId',
      'payments.date as date',
      'payments.currency as currency',
      'payments.amount as amount',
      'orders.customer_name as customerName',
      'orders.customer_email as customerEmail',
      'subscriptions.product_name as subscriptionProduct',
      'subscriptions.quantity as subscriptionQuantity',
    ])
    .where('payments.id', '=', paymentId)
    .executeTakeFirst()
  if (!vendor) return undefined
  const licenses = await sb.db
    .selectFrom('licenses')
    .select(['product_name'])
    .where('order_id', '=', vendor.orderId ?? '')
    .execute()
  return {
    id: vendor.id,
    orderId: vendor.orderId ?? '',
    date: Number(vendor.date),
    description: vendor.subscriptionProduct ?? licenses[0]?.product_name ?? 'Licenses',
    quantity: vendor.subscriptionQuantity ?? Math.max(1, licenses.length),
    currency: vendor.currency,
    amount: vendor.amount,
    tax: 0,
    customerName: vendor.customerName,
    customerEmail: vendor.customerEmail,
  }
}

export function receiptUrlOf(paymentId: string): string {
  return `/sandbox/receipts/${paymentId}`
}
