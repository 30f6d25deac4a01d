// What one REST API v1 endpoint is, as data: `api-v1-endpoints.ts` lists them.
import type { z } from 'zod/mini'

/** read: every read; seats: assignments, machines, reclaims; people: roles; billing; webhooks; keys: offline keys. */
export const apiScopes = ['read', 'seats', 'people', 'billing', 'webhooks', 'keys'] as const
export type ApiScope = (typeof apiScopes)[number]

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
  /** What a token needs; every scope but `read` changes something and takes an Idempotency-Key. */
  scope: ApiScope
  params?: P
  query?: Q
  body?: B
  response: R
  /** The refusals it may answer besides 400, 401 and 429. */
  refusals: readonly number[]
  /** A request it answers with 200 (the query string, the body), shown as curl on /developers. */
  example: { query?: string; body?: z.input<B> }
}

export const endpoint = <
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType,
  R extends z.ZodMiniType,
>(
  e: ApiEndpoint<P, Q, B, R>,
) => e
