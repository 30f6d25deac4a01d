// What one REST API v1 endpoint is, as data: `api-v1-endpoints.ts` lists them.
import type { z } from 'zod/mini'
import type { ApiTokenScope } from '../api-tokens/api-tokens.js'

export type ApiEndpoint<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> = {
  method: 'get' | 'post'
  /** OpenAPI's form: `/companies/{companyId}/licenses`. */
  path: string
  operationId: string
  summary: string
  description: string
  /** The scope a token needs to call it (the router refuses others with 403); a `post` takes an Idempotency-Key. */
  scope: ApiTokenScope
  params?: P
  query?: Q
  body?: B
  response: R
  /** The refusals it may answer besides 400, 401 and 429. */
  refusals: readonly number[]
  /** A request it answers with 200 (the query string, the body), shown as curl on /developers. */
  example: { query?: string; body?: z.input<B> }
  /** Body fields never answered nor kept: a repeat of its Idempotency-Key is matched by their MAC, not their value. */
  writeOnly?: readonly string[]
  /** Its answer is a secret shown once: never kept for a repeat of its Idempotency-Key, which is refused instead. */
  secretAnswer?: true
}

export const endpoint = <
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType,
  R extends z.ZodMiniType,
>(
  e: ApiEndpoint<P, Q, B, R>,
) => e
