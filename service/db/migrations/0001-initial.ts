import { autoId, type AnyDb } from './dialect.js'

// The one column spelled differently on SQLite and PostgreSQL comes from ./dialect.ts.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logon_link', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('github_id', 'text', (c) => c.unique())
    .addColumn('google_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('company_permissions')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_permissions_pk', ['company_id', 'email'])
    .execute()
  await db.schema.createIndex('company_permissions_email').on('company_permissions').column('email').execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('provider_checkout_id', 'text', (c) => c.unique())
    .addColumn('receipt_url', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('billing_period', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('next_payment_date', 'bigint')
    .addColumn('next_payment_amount', 'double precision')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'double precision', (c) => c.notNull())
    .addColumn('payment_method', 'text')
    .addColumn('card_type', 'text')
    .addColumn('last_four', 'text')
    .addColumn('card_expiry', 'text')
    .addColumn('update_url', 'text')
    .addColumn('special_offer', 'text')
    .addColumn('pending_change', 'text')
    .addColumn('provider_subscription_id', 'text', (c) => c.unique())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('subscriptions_owner').on('subscriptions').column('owner').execute()

  await db.schema
    .createTable('licenses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('license_key', 'text', (c) => c.notNull().unique())
    .addColumn('key_number', 'integer', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('license_type', 'text', (c) => c.notNull())
    .addColumn('expiration', 'bigint', (c) => c.notNull())
    .addColumn('assigned_to', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_multi_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('promotional', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id'))
    .addColumn('billing_period', 'text')
    .addColumn('lapsing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('licenses_owner').on('licenses').column('owner').execute()
  await db.schema.createIndex('licenses_assigned_to').on('licenses').column('assigned_to').execute()
  await db.schema.createIndex('licenses_subscription').on('licenses').column('subscription_id').execute()

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id'))
    .addColumn('date', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('receipt_url', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('activations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('license_id', 'text', (c) => c.notNull().references('licenses.id').onDelete('cascade'))
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('activation_time', 'bigint')
    .execute()
  await db.schema.createIndex('activations_license').on('activations').column('license_id').execute()

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('expires_at', 'bigint')
    .addColumn('redeemed_by', 'text')
    .addColumn('redeemed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute()

  await db.schema
    .createTable('service_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute()

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', ...autoId(db))
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute()

  await db.schema
    .createTable('webhook_events')
    .addColumn('alert_id', 'text', (c) => c.primaryKey())
    .addColumn('alert_name', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('callback', 'text', (c) => c.notNull())
    .addColumn('link_email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'oauth_states',
    'webhook_events',
    'mail_outbox',
    'service_sessions',
    'tokens',
    'coupons',
    'activations',
    'payments',
    'licenses',
    'subscriptions',
    'orders',
    'company_permissions',
    'companies',
    'accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
