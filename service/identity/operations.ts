import type { OperationHandlers } from '../operations/handlers.js'
import { ServiceError } from '../dispatch/errors.js'
import type { ServiceContext } from '../dispatch/context.js'

const identityOf = (ctx: ServiceContext) => {
  const identity = ctx.adapters.identity
  if (!identity) throw new ServiceError('UNKNOWN_OPERATION', 'Social sign-in is not available.')
  return identity
}

/** The identity capability's operations (manageLicense of type github/google is dispatched by the session capability). */
export const identityOperations: OperationHandlers = {
  completeAuthentication: (payload, ctx) => identityOf(ctx).completeAuthentication(payload, ctx),
  linkAccount: (payload, ctx) => identityOf(ctx).startLink(payload, ctx),
}
