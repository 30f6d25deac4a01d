// retrieveUsage: a company's usage figures, for those who may read its activity log.
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { requireCompanyAdministrator } from '../auth/policy.js'
import type { ServiceContext } from '../dispatch/context.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { usageFigures } from './figures.js'

async function retrieveUsage(
  payload: ParsedPayload<'retrieveUsage'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveUsage'>> {
  const { company } = await requireCompanyAdministrator(
    ctx,
    payload.companyId,
    "Only the company's administrators may see its usage.",
  )
  return { company, ...(await usageFigures(ctx.db, company.id, ctx.now())) }
}

export const usageOperationHandlers: OperationHandlers = { retrieveUsage }
