// Dispatch: the protocol's envelope (here), HTTP (`http.ts`), idempotency, the caller's context and the refusals.
import { isReadCall, secretAnswers } from '../../protocol/idempotency.js'
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../protocol/shared/idempotency-key.js'
import { isOperationName, operations, type OperationName } from '../../protocol/operations.js'
import type { ErrorBody } from '../../protocol/shared/errors.js'
import type { ServiceContext } from './context.js'
import { ServiceError } from './errors.js'
import { oncePerKey } from './idempotency.js'
import { operationHandlers } from '../operations/index.js'
import { unexpectedError } from '../../protocol/shared/errors.js'

export type ProtocolResponse =
  { status: 200; body: Record<string, unknown> } | { status: 500 | 400 | 429; body: ErrorBody }

const error = (code: ErrorBody['error'], message: string, status: 500 | 400 = 500): ProtocolResponse => ({
  status,
  body: { error: code, message },
})

/** The licensing protocol (spec §7) over a parsed JSON value: refusals are 500 `{ error, message }`; never throws. */
export async function handleProtocol(
  request: unknown,
  ctx: ServiceContext,
  log: (err: unknown) => void = (err) => console.error(err),
): Promise<ProtocolResponse> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return error('MALFORMED_REQUEST', 'The request body must be a JSON object with exactly one operation.')
  }
  const keys = Object.keys(request)
  if (keys.length !== 1) {
    return error('MALFORMED_REQUEST', 'The request body must name exactly one operation.')
  }
  const name = keys[0]
  if (!isOperationName(name)) return error('UNKNOWN_OPERATION', `Unknown operation "${name.slice(0, 60)}".`)
  const handler = operationHandlers[name] as ((p: unknown, c: ServiceContext) => Promise<unknown>) | undefined
  if (!handler) return error('UNKNOWN_OPERATION', `The operation "${name}" is not available.`)

  const parsed = operations[name as OperationName].payload.safeParse((request as Record<string, unknown>)[name])
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return error(
      'INVALID_PAYLOAD',
      `Invalid payload for ${name}: ${issue?.path.join('.') || 'payload'} ${issue?.message ?? ''}`.trim(),
    )
  }
  const run = async (): Promise<ProtocolResponse> => {
    try {
      const result = await handler(parsed.data, ctx)
      return { status: 200, body: { [name]: result } }
    } catch (err) {
      if (err instanceof ServiceError) return error(err.code, err.message)
      log(err)
      return error('UNEXPECTED', unexpectedError)
    }
  }
  // A keyed write runs once per key; reads ignore the key, and so do writes answering a secret (kept nowhere else).
  const key = ctx.idempotencyKey
  if (key === undefined || isReadCall(name, parsed.data) || secretAnswers.has(name)) return run()
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    return error('MALFORMED_REQUEST', `The Idempotency-Key must have 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`)
  }
  try {
    return (await oncePerKey(ctx, { operation: name, key, payload: parsed.data }, run)) as ProtocolResponse
  } catch (err) {
    log(err)
    return error('UNEXPECTED', unexpectedError)
  }
}

/** Malformed JSON is a protocol error, not a crash. */
export async function handleProtocolText(
  text: string,
  ctx: ServiceContext,
  log?: (err: unknown) => void,
): Promise<ProtocolResponse> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return error('MALFORMED_REQUEST', 'The request body is not valid JSON.')
  }
  return handleProtocol(value, ctx, log)
}
