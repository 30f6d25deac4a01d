import { sql } from 'kysely'
import { isPostgres, type AnyDb } from './dialect.js'

// A company's table in §4's order: the expressions match `licenseOrder` term for term (query-plans.test.ts checks).
export async function up(db: AnyDb): Promise<void> {
  const group = sql`case when lower(product_name) like '%open source%' then 0 when product_group = 'bundle' then 1 when product_group = 'wallaby' then 2 else 3 end`
  if (isPostgres(db)) {
    const digitsOnly = sql`order_id ~ '^[0-9]+$'`
    await sql`create index licenses_company_order on licenses (
      owner,
      (${group}),
      (case when ${digitsOnly} then 0 else 1 end),
      (case when ${digitsOnly} then length(ltrim(order_id, '0')) else 0 end),
      (case when ${digitsOnly} then ltrim(order_id, '0') else '' end) collate "C",
      order_id collate "C",
      key_number,
      expiration desc,
      id collate "C"
    ) where subscription_id is null`.execute(db)
    return
  }
  const digitsOnly = sql`(order_id <> '' and order_id not glob '*[^0-9]*')`
  await sql`create index licenses_company_order on licenses (
    owner,
    (${group}),
    (case when ${digitsOnly} then 0 else 1 end),
    (case when ${digitsOnly} then length(ltrim(order_id, '0')) else 0 end),
    (case when ${digitsOnly} then ltrim(order_id, '0') else '' end),
    order_id,
    key_number,
    expiration desc,
    id
  ) where subscription_id is null`.execute(db)
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('licenses_company_order').execute()
}
