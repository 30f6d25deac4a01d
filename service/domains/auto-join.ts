// Auto-join: people signing in at a verified domain get a seat of its products through the seat queue, or wait.
import type { Kysely } from 'kysely'
import type { ProductGroup } from '../../protocol/entities.js'
import { autoJoinNeedsVerification, domainOfEmail } from '../../protocol/domains/domains.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { quoted } from '../../protocol/shared/text.js'
import { recordActivity } from '../activity/log.js'
import type { ServiceContext } from '../dispatch/context.js'
import type { DB } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { inTransaction } from '../db/transaction.js'
import { ServiceError } from '../dispatch/errors.js'
import type { Mail } from '../mail/mailer.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { changeDirectory, sendAll } from '../directory/changes.js'
import { administratorsOf } from '../auth/policy.js'
import { asProducts, autoJoinProducts, companyProducts, requireDomainManager, toDomainEntry } from './domains.js'
import { productName } from '../directory/queue.js'
import { addClaim, settle, waitingPeople } from '../directory/seats.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Store = Kysely<any>
const core = (store: Store) => store as Kysely<Database>

/** The company whose verified domain `email` is at, when auto-join is on there: which products it gives. */
export async function autoJoinFor(
  store: Store,
  email: string,
): Promise<{ companyId: string; companyName: string; domain: string; products: ProductGroup[] } | null> {
  const domain = domainOfEmail(email)
  if (!domain) return null
  const rows = await core(store)
    .selectFrom('company_domains as d')
    .innerJoin('domain_auto_join as a', (join) =>
      join.onRef('a.company_id', '=', 'd.company_id').onRef('a.domain', '=', 'd.domain'),
    )
    .innerJoin('companies as c', 'c.id', 'd.company_id')
    .select(['d.company_id', 'c.name', 'a.product'])
    .where('d.domain', '=', domain)
    .where('d.status', '=', 'verified')
    .orderBy('a.product')
    .execute()
  if (rows.length === 0) return null
  return {
    companyId: rows[0].company_id,
    companyName: rows[0].name,
    domain,
    products: asProducts(rows.map((row) => row.product)),
  }
}

/** Seats (or a queue place) for a person signing in at a verified domain, once; each product one logged change. */
export async function joinByDomain(ctx: ServiceContext, email: string): Promise<void> {
  const join = await autoJoinFor(ctx.db, email)
  if (!join) return
  const actor = { log: `auto-join (${join.domain})`, mail: `Auto-join of ${join.domain}` }
  const news: Array<{ product: string; position: number }> = []
  for (const productGroup of join.products) {
    const standing = await changeDirectory(ctx, join.companyId, actor, async (scope) => {
      const request = { productGroup, email, source: 'domain' as const }
      if (!(await addClaim(scope, request))) return null
      await settle(scope, [request])
      const position = (await waitingPeople(scope, productGroup)).findIndex((p) => p.email === email) + 1
      const product = productName(productGroup)
      await recordActivity(scope.trx, {
        kind: 'domain',
        actor: actor.log,
        companyId: join.companyId,
        summary:
          position === 0
            ? `${email} joined through ${join.domain} and received a seat of ${product}`
            : `${email} joined through ${join.domain} and waits for a seat of ${product} (number ${position} in the queue)`,
        people: [email],
        at: scope.now,
      })
      return { product, position }
    })
    if (standing) news.push(standing)
  }
  if (news.length === 0) return
  const directory = `${ctx.config.publicUrl}/manage?dialog=directory&company=${encodeURIComponent(join.companyId)}`
  const mails: Mail[] = (await administratorsOf(ctx.db, join.companyId)).map((to) => ({
    to,
    subject: `${email} joined the company ${quoted(join.companyName)} through ${join.domain}`,
    text: [
      'Hello,',
      '',
      `${email} signed in with an address at ${join.domain}, a verified domain of the company ${quoted(join.companyName)} with auto-join on:`,
      '',
      ...news.map((n) =>
        n.position === 0
          ? `- received a seat of ${n.product}`
          : `- waits for a seat of ${n.product}: none was free (number ${n.position} in the queue)`,
      ),
      '',
      news.some((n) => n.position > 0)
        ? `A seat that frees up or is bought goes to the longest-waiting person. See the queue, or buy more seats, in Directory: ${directory}`
        : `The seats and the queue are in Directory: ${directory}`,
    ].join('\n'),
  }))
  await sendAll(ctx, mails)
}

async function setAutoJoin(payload: ParsedPayload<'setAutoJoin'>, ctx: ServiceContext): Promise<Result<'setAutoJoin'>> {
  const { company, actor } = await requireDomainManager(ctx, payload.companyId)
  const { domain } = payload
  const wanted = [...new Set(payload.productGroups)].sort()
  const offered = new Set((await companyProducts(ctx.db, company.id)).map((p) => p.productGroup))
  const unknown = wanted.filter((group) => !offered.has(group))
  if (unknown.length > 0) {
    throw new ServiceError(
      'INVALID_REQUEST',
      `${company.name} has no licenses of ${unknown.map(productName).join(' or ')}; choose among its products.`,
    )
  }
  const now = ctx.now()
  const row = await inTransaction(ctx.db, async (trx) => {
    const claimed = await trx
      .selectFrom('company_domains')
      .selectAll()
      .where('company_id', '=', company.id)
      .where('domain', '=', domain)
      .executeTakeFirst()
    if (!claimed)
      throw new ServiceError('NOT_FOUND', `${domain} is not one of ${company.name}'s domains; add it first.`)
    if (claimed.status !== 'verified') throw new ServiceError('INVALID_STATE', autoJoinNeedsVerification(domain))
    const before = await autoJoinProducts(trx, company.id, domain)
    if (before.join() === wanted.join()) return claimed
    await trx.deleteFrom('domain_auto_join').where('company_id', '=', company.id).where('domain', '=', domain).execute()
    if (wanted.length > 0) {
      await trx
        .insertInto('domain_auto_join')
        .values(
          wanted.map((product) => ({ company_id: company.id, domain, product, enabled_by: actor, enabled_at: now })),
        )
        // Two administrators saving at once: the same rows, once.
        .onConflict((oc) => oc.columns(['company_id', 'domain', 'product']).doNothing())
        .execute()
    }
    await recordActivity(trx, {
      kind: 'domain',
      actor,
      companyId: company.id,
      summary:
        wanted.length === 0
          ? `turned auto-join off for ${domain}`
          : `set auto-join for ${domain}: people signing in at it receive a seat of ${wanted.map(productName).join(' and ')}`,
      at: now,
    })
    return claimed
  })
  return { domain: toDomainEntry(row, wanted) }
}

/** Whether `email` may sign in without holding anything yet: auto-join would give them a seat or a place. */
export async function mayJoinByDomain(db: DB, email: string): Promise<boolean> {
  return (await autoJoinFor(db, email)) !== null
}

export const autoJoinOperationHandlers: OperationHandlers = { setAutoJoin }
