// An active SCIM user in a mapped group claims (`scim`) a seat of its product, in the order the people are given.
import type { ProductGroup } from '../../protocol/entities.js'
import { addClaim, dropClaim, settle, type SeatScope } from './seats.js'

/** Well under SQLite's limit on bound parameters. */
const CHUNK = 500

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

async function entitlements(scope: SeatScope, emails: readonly string[]): Promise<Map<string, Set<ProductGroup>>> {
  const out = new Map<string, Set<ProductGroup>>()
  for (const part of chunks(emails)) {
    const rows = await scope.trx
      .selectFrom('scim_users as u')
      .innerJoin('scim_group_members as m', 'm.user_id', 'u.id')
      .innerJoin('directory_mappings as d', 'd.group_id', 'm.group_id')
      .select(['u.email', 'd.product_group'])
      .where('u.company_id', '=', scope.companyId)
      .where('u.active', '=', 1)
      .where('u.email', 'in', part)
      .execute()
    for (const row of rows) out.set(row.email, (out.get(row.email) ?? new Set()).add(row.product_group))
  }
  return out
}

export async function syncScimClaims(scope: SeatScope, emails: readonly string[]): Promise<void> {
  const people = [...new Set(emails)]
  if (people.length === 0) return
  const wanted = await entitlements(scope, people)
  const held = new Map<string, Set<ProductGroup>>()
  for (const part of chunks(people)) {
    const rows = await scope.trx
      .selectFrom('directory_claims')
      .select(['email', 'product_group'])
      .where('company_id', '=', scope.companyId)
      .where('source', '=', 'scim')
      .where('email', 'in', part)
      .execute()
    for (const row of rows) held.set(row.email, (held.get(row.email) ?? new Set()).add(row.product_group))
  }
  const changes: Array<{ productGroup: ProductGroup; email: string }> = []
  for (const email of people) {
    const want = wanted.get(email) ?? new Set<ProductGroup>()
    const have = held.get(email) ?? new Set<ProductGroup>()
    for (const productGroup of want) {
      if (!have.has(productGroup) && (await addClaim(scope, { productGroup, email, source: 'scim' }))) {
        changes.push({ productGroup, email })
      }
    }
    for (const productGroup of have) {
      if (!want.has(productGroup) && (await dropClaim(scope, { productGroup, email, source: 'scim' }))) {
        changes.push({ productGroup, email })
      }
    }
  }
  await settle(scope, changes)
}

export async function memberEmails(scope: SeatScope, groupId: string): Promise<string[]> {
  const rows = await scope.trx
    .selectFrom('scim_group_members as m')
    .innerJoin('scim_users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.group_id', '=', groupId)
    .orderBy('u.email')
    .execute()
  return rows.map((r) => r.email)
}

/** Else a change of its members moves no seat. */
export async function isMapped(scope: SeatScope, groupId: string): Promise<boolean> {
  const row = await scope.trx
    .selectFrom('directory_mappings')
    .select('group_id')
    .where('group_id', '=', groupId)
    .executeTakeFirst()
  return row !== undefined
}
