// Which calls are safe to repeat as they are (reads), and which writes a repeated key may not answer again.
import { operationNames, operations, type OperationName } from './operations.js'

/** Calls declared `reads: true`: nothing changes and no key is carried (`companyCheckout` signs, it keeps nothing). */
export const readOperations: ReadonlySet<OperationName> = new Set(
  operationNames.filter((name) => 'reads' in operations[name]),
)

/** A read, or the coupon's `query` (asked on every visit of the redeem page): nothing of it is kept. */
export function isReadCall(operation: OperationName, payload: unknown): boolean {
  if (readOperations.has(operation)) return true
  return operation === 'coupon' && typeof payload === 'object' && payload !== null && 'type' in payload
    ? payload.type === 'query'
    : false
}

/** Writes whose answer is a secret shown once: never kept for a repeat, so a repeat of their key is refused. */
export const secretAnswers: ReadonlySet<OperationName> = new Set<OperationName>([
  'completeAuthentication',
  'createScimToken',
  'createApiToken',
  'addWebhookEndpoint',
])
