// retrieveActivity: a company's log for its administrators and platform administrators; else the caller's own.
import type { Expression, SqlBool } from 'kysely'
import { ActivityKind } from '../../protocol/activity/activity.js'
import type { ActivityEntry } from '../../protocol/activity/operations.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { requireCompanyAdministrator } from '../auth/policy.js'
import type { DB } from '../db/database.js'

const companyReader = async (ctx: ServiceContext, companyId: string) =>
  (await requireCompanyAdministrator(ctx, companyId, "Only the company's administrators may see its activity.")).caller

async function retrieveActivity(
  payload: ParsedPayload<'retrieveActivity'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveActivity'>> {
  const caller =
    payload.companyId === undefined ? await requireCaller(ctx) : await companyReader(ctx, payload.companyId)
  const { companyId, ...filter } = payload
  const found = await activityPage(ctx.db, companyId !== undefined ? { companyId } : { account: caller.email }, filter)
  return { ...found, page: payload.page, pageSize: payload.pageSize }
}

export type ActivityFilter = {
  kind?: ActivityKind
  person?: string
  page: number
  pageSize: number
  /** The entries after this one in the log's order, instead of a page. */
  after?: { at: number; id: number }
}

/** A company's log or an account's own, newest first; the REST API reads it too. */
export async function activityPage(
  db: DB,
  log: { companyId: string } | { account: string },
  { kind, person, page, pageSize, after }: ActivityFilter,
): Promise<{ entries: ActivityEntry[]; total: number }> {
  const filtered = db.selectFrom('activity_entries as e').where((eb) => {
    const conditions: Expression<SqlBool>[] = [
      'companyId' in log ? eb('e.company_id', '=', log.companyId) : eb('e.account_email', '=', log.account),
    ]
    if (kind !== undefined) conditions.push(eb('e.kind', '=', kind))
    if (person !== undefined) {
      conditions.push(
        eb.or([
          eb('e.actor', '=', person),
          eb.exists(
            eb
              .selectFrom('activity_people as p')
              .select('p.entry_id')
              .whereRef('p.entry_id', '=', 'e.id')
              .where('p.email', '=', person),
          ),
        ]),
      )
    }
    return eb.and(conditions)
  })
  const [{ total }, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .select(['e.id', 'e.created_at', 'e.kind', 'e.actor', 'e.summary', 'e.details'])
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('e.created_at', '<', after!.at),
            eb.and([eb('e.created_at', '=', after!.at), eb('e.id', '<', after!.id)]),
          ]),
        ),
      )
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(pageSize)
      .offset(after === undefined ? (page - 1) * pageSize : 0)
      .execute(),
  ])
  return { entries: rows.map(toEntry), total: Number(total) }
}

function toEntry(row: {
  id: number
  created_at: number
  kind: string
  actor: string
  summary: string
  details: string
}): ActivityEntry {
  const details: unknown = JSON.parse(row.details)
  return {
    id: Number(row.id),
    at: Number(row.created_at),
    kind: ActivityKind.safeParse(row.kind).data ?? 'license',
    actor: row.actor,
    summary: row.summary,
    details: Array.isArray(details) ? details.map(String) : [],
  }
}

export const activityOperations: OperationHandlers = {
  retrieveActivity,
}
