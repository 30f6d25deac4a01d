import type { Kysely } from 'kysely'

// The payment capability's tables (service/payments/tables.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('checkout_reviews')
    .addColumn('checkout_id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('passthrough', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sandbox_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text')
    .addColumn('passthrough', 'text', (c) => c.notNull())
    .addColumn('coupon', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('net', 'double precision', (c) => c.notNull())
    .addColumn('tax', 'double precision', (c) => c.notNull())
    .addColumn('gross', 'double precision', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text')
    .addColumn('last_four', 'text')
    .addColumn('card_expiry', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('order_id', 'text')
    .addColumn('case_id', 'text')
    .addColumn('return_url', 'text')
    .addColumn('price_override', 'double precision')
    .addColumn('review_due_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sandbox_checkouts_state').on('sandbox_checkouts').column('state').execute()

  await db.schema
    .createTable('sandbox_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('checkout_id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'double precision', (c) => c.notNull())
    .addColumn('next_bill_date', 'bigint', (c) => c.notNull())
    .addColumn('paused_at', 'bigint')
    .addColumn('paused_from', 'bigint')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text')
    .addColumn('last_four', 'text')
    .addColumn('card_expiry', 'text')
    .addColumn('passthrough', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text')
    .addColumn('checkout_id', 'text')
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('tax', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('date', 'bigint', (c) => c.notNull())
    .addColumn('is_paid', 'integer', (c) => c.notNull())
    .addColumn('one_off', 'integer', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text')
    .addColumn('last_four', 'text')
    .execute()
  await db.schema
    .createIndex('sandbox_payments_subscription')
    .on('sandbox_payments')
    .column('subscription_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sandbox_payments', 'sandbox_subscriptions', 'sandbox_checkouts', 'checkout_reviews']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
