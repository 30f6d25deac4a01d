import { sql, type Kysely } from 'kysely'
import { isPostgres } from './dialect.js'

// A company's license table is read a page at a time in §4's order (`licenseOrder` in service/reads/license-queries.ts).
// Without an index in that order the store sorts every license of the company for each page: at 10,000 licenses that
// sort was most of the page's read. This index holds a company's licenses outside subscriptions in exactly the order
// `licenseOrder` asks for — its expressions are the same, term for term, as they must be for the store to use it
// (service/reads/query-plans.test.ts asks each store's query plan) — so a page is read by walking the index.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('licenses_company_order').execute()
}
