// Verified domains: claim, add the TXT record, verify; a verified domain belongs to one company (a unique index over
// the verified rows, migration 0022, backs each transaction's check).
import crypto from 'node:crypto'
import type { Selectable, Transaction } from 'kysely'
import { MAX_DOMAINS, domainOfEmail, domainTakenMessage, verificationRecord } from '../../protocol/domains/domains.js'
import type { DomainEntry } from '../../protocol/domains/operations.js'
import { ProductGroup } from '../../protocol/entities.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { recordActivity } from '../activity/log.js'
import type { ServiceContext } from '../dispatch/context.js'
import type { DB } from '../db/database.js'
import type { CompanyDomainTable, Database } from '../db/schema.js'
import { inTransaction } from '../db/transaction.js'
import { ServiceError } from '../dispatch/errors.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { requireCompanyAdministrator } from '../auth/policy.js'
import { checkDomain } from './dns.js'
import { productName } from '../directory/queue.js'

type DomainRow = Selectable<CompanyDomainTable>
type Store = DB | Transaction<Database>

export const asProducts = (values: readonly string[]): ProductGroup[] =>
  values.flatMap((value) => {
    const parsed = ProductGroup.safeParse(value)
    return parsed.success ? [parsed.data] : []
  })

export async function autoJoinOf(store: Store, companyId: string): Promise<Map<string, ProductGroup[]>> {
  const rows = await store
    .selectFrom('domain_auto_join')
    .select(['domain', 'product'])
    .where('company_id', '=', companyId)
    .orderBy('product')
    .execute()
  const byDomain = new Map<string, ProductGroup[]>()
  for (const row of rows) byDomain.set(row.domain, [...(byDomain.get(row.domain) ?? []), ...asProducts([row.product])])
  return byDomain
}

export async function autoJoinProducts(store: Store, companyId: string, domain: string): Promise<ProductGroup[]> {
  return (await autoJoinOf(store, companyId)).get(domain) ?? []
}

/** The products the company has licenses of, with the catalog's names: what auto-join can give. */
export async function companyProducts(store: Store, companyId: string) {
  const rows = await store
    .selectFrom('licenses')
    .select('product_group')
    .distinct()
    .where('company_id', '=', companyId)
    .execute()
  return asProducts(rows.map((row) => row.product_group))
    .sort()
    .map((productGroup) => ({ productGroup, name: productName(productGroup) }))
}

/** A claim as the protocol shows it; `autoJoin`: the products of its auto-join (`autoJoinOf`). */
export function toDomainEntry(row: DomainRow, autoJoin: ProductGroup[] = []): DomainEntry {
  return {
    autoJoin,
    domain: row.domain,
    status: row.status,
    record: verificationRecord(row.token),
    claimedAt: row.claimed_at,
    verifiedAt: row.verified_at,
    lastCheck:
      row.checked_at !== null && row.check_outcome !== null
        ? { at: row.checked_at, outcome: row.check_outcome, message: row.check_message ?? '' }
        : null,
    failingSince: row.failing_since,
  }
}

/** The caller and company when they may manage its domains and company sign-in; FORBIDDEN or NOT_FOUND otherwise. */
export async function requireDomainManager(ctx: ServiceContext, companyId: string) {
  return requireCompanyAdministrator(
    ctx,
    companyId,
    "Only the company's administrators may manage its domains and sign-in.",
  )
}

const notClaimed = (domain: string, companyName: string) =>
  new ServiceError('NOT_FOUND', `${domain} is not one of ${companyName}'s domains; add it first.`)

async function domainRow(store: Store, companyId: string, domain: string): Promise<DomainRow | undefined> {
  return store
    .selectFrom('company_domains')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('domain', '=', domain)
    .executeTakeFirst()
}

async function verifiedElsewhere(store: Store, domain: string, companyId: string): Promise<boolean> {
  const row = await store
    .selectFrom('company_domains')
    .select('company_id')
    .where('domain', '=', domain)
    .where('status', '=', 'verified')
    .where('company_id', '!=', companyId)
    .executeTakeFirst()
  return row !== undefined
}

/** A unique index refused the write (SQLite's and PostgreSQL's codes). */
export function isUniqueViolation(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : ''
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

async function retrieveDomains(
  payload: ParsedPayload<'retrieveDomains'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveDomains'>> {
  const { company } = await requireDomainManager(ctx, payload.companyId)
  const rows = await ctx.db
    .selectFrom('company_domains')
    .selectAll()
    .where('company_id', '=', company.id)
    .orderBy('claimed_at', 'desc')
    .orderBy('domain')
    .execute()
  const autoJoin = await autoJoinOf(ctx.db, company.id)
  return {
    companyName: company.name,
    domains: rows.map((row) => toDomainEntry(row, autoJoin.get(row.domain))),
    products: await companyProducts(ctx.db, company.id),
  }
}

async function claimDomain(payload: ParsedPayload<'claimDomain'>, ctx: ServiceContext): Promise<Result<'claimDomain'>> {
  const { company, actor } = await requireDomainManager(ctx, payload.companyId)
  const { domain } = payload
  const now = ctx.now()
  const row = await inTransaction(ctx.db, async (trx) => {
    if (await verifiedElsewhere(trx, domain, company.id))
      throw new ServiceError('INVALID_STATE', domainTakenMessage(domain))
    const existing = await domainRow(trx, company.id, domain)
    if (existing) return existing
    const { count } = await trx
      .selectFrom('company_domains')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow()
    if (Number(count) >= MAX_DOMAINS) {
      throw new ServiceError('INVALID_REQUEST', `A company can have ${MAX_DOMAINS} domains; remove one first.`)
    }
    const claimed: DomainRow = {
      company_id: company.id,
      domain,
      token: crypto.randomBytes(16).toString('hex'),
      status: 'pending',
      claimed_by: actor,
      claimed_at: now,
      verified_at: null,
      checked_at: null,
      check_outcome: null,
      check_message: null,
      failing_since: null,
    }
    await trx.insertInto('company_domains').values(claimed).execute()
    await recordActivity(trx, {
      kind: 'domain',
      actor,
      companyId: company.id,
      summary: `added domain ${domain}`,
      at: now,
    })
    return claimed
  })
  return { domain: toDomainEntry(row, await autoJoinProducts(ctx.db, company.id, domain)) }
}

/** A pending claim found is verified (unless another was first); a verified one missing its record starts its grace. */
async function verifyDomain(
  payload: ParsedPayload<'verifyDomain'>,
  ctx: ServiceContext,
): Promise<Result<'verifyDomain'>> {
  const { company, actor } = await requireDomainManager(ctx, payload.companyId)
  const { domain } = payload
  const before = await domainRow(ctx.db, company.id, domain)
  if (!before) throw notClaimed(domain, company.name)
  const check = await checkDomain(domain, before.token, ctx.config.dnsServers)
  const now = ctx.now()
  const record = (trx: Transaction<Database>, changes: Partial<DomainRow>, message = check.message) =>
    trx
      .updateTable('company_domains')
      .set({ checked_at: now, check_outcome: check.outcome, check_message: message, ...changes })
      .where('company_id', '=', company.id)
      .where('domain', '=', domain)
      .execute()
  try {
    const verified = await inTransaction(ctx.db, async (trx) => {
      const row = await domainRow(trx, company.id, domain)
      if (!row) throw notClaimed(domain, company.name)
      if (check.outcome !== 'found') {
        const failing = check.outcome === 'missing' && row.status === 'verified' ? (row.failing_since ?? now) : null
        await record(trx, { failing_since: row.status === 'verified' ? failing : null })
        return false
      }
      if (row.status === 'verified') {
        await record(trx, { failing_since: null })
        return true
      }
      if (await verifiedElsewhere(trx, domain, company.id)) {
        await record(trx, {}, domainTakenMessage(domain))
        return false
      }
      await record(trx, { status: 'verified', verified_at: now, failing_since: null })
      await recordActivity(trx, {
        kind: 'domain',
        actor,
        companyId: company.id,
        summary: `verified domain ${domain} (its TXT record was found)`,
        at: now,
      })
      return true
    })
    const after = await domainRow(ctx.db, company.id, domain)
    if (!after) throw notClaimed(domain, company.name)
    const autoJoin = await autoJoinProducts(ctx.db, company.id, domain)
    return { verified, message: after.check_message ?? check.message, domain: toDomainEntry(after, autoJoin) }
  } catch (err) {
    // Another company's verification of the same domain committed between our check and our write.
    if (isUniqueViolation(err)) throw new ServiceError('INVALID_STATE', domainTakenMessage(domain))
    throw err
  }
}

async function removeDomain(
  payload: ParsedPayload<'removeDomain'>,
  ctx: ServiceContext,
): Promise<Result<'removeDomain'>> {
  const { company, actor } = await requireDomainManager(ctx, payload.companyId)
  const { domain } = payload
  await inTransaction(ctx.db, async (trx) => {
    const removed = await trx
      .deleteFrom('company_domains')
      .where('company_id', '=', company.id)
      .where('domain', '=', domain)
      .executeTakeFirst()
    if (Number(removed.numDeletedRows) !== 1) throw notClaimed(domain, company.name)
    await recordActivity(trx, {
      kind: 'domain',
      actor,
      companyId: company.id,
      summary: `removed domain ${domain}`,
      at: ctx.now(),
    })
  })
  return { completed: true }
}

export async function verifiedDomainOf(
  store: Store,
  email: string,
): Promise<{ companyId: string; companyName: string; domain: string } | null> {
  const domain = domainOfEmail(email)
  if (!domain) return null
  const row = await store
    .selectFrom('company_domains as d')
    .innerJoin('companies as c', 'c.id', 'd.company_id')
    .select(['d.company_id', 'c.name'])
    .where('d.domain', '=', domain)
    .where('d.status', '=', 'verified')
    .executeTakeFirst()
  return row ? { companyId: row.company_id, companyName: row.name, domain } : null
}

export const domainOperationHandlers: OperationHandlers = {
  retrieveDomains,
  claimDomain,
  verifyDomain,
  removeDomain,
}
