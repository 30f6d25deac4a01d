/** The shape of an operation's handler, and of the object each capability's file exports its handlers in. */
import type { OperationName, ParsedPayload, Result } from '../../protocol/operations.js'
import type { ServiceContext } from '../dispatch/context.js'

export type OperationHandler<O extends OperationName> = (
  payload: ParsedPayload<O>,
  ctx: ServiceContext,
) => Promise<Result<O>>
export type OperationHandlers = { [O in OperationName]?: OperationHandler<O> }
