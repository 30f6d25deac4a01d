// retrieveUsage: a company's usage figures, for those who may read its activity log.
import { mayReadCompanyActivity } from '../../protocol/activity/activity.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { permissionFlags, UNKNOWN_ROLE } from '../../protocol/permissions/roles.js'
import { rolesIn } from '../auth/roles.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { usageFigures } from './figures.js'

async function retrieveUsage(
  payload: ParsedPayload<'retrieveUsage'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveUsage'>> {
  const caller = await requireCaller(ctx)
  const role = (await rolesIn(ctx.db, caller.email, [payload.companyId])).get(payload.companyId)
  if (!mayReadCompanyActivity(permissionFlags(role ?? UNKNOWN_ROLE), caller.admin))
    throw new ServiceError('FORBIDDEN', "Only the company's administrators may see its usage.")
  const company = await ctx.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', payload.companyId)
    .executeTakeFirst()
  if (!company) throw new ServiceError('NOT_FOUND', 'This company was not found.')
  return { company, ...(await usageFigures(ctx.db, company.id, ctx.now())) }
}

export const usageOperationHandlers: OperationHandlers = { retrieveUsage }
