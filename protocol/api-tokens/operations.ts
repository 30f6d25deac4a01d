// The API tokens dialog's calls, their payloads and answers.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { ACCESS_TOKEN_MAX_DAYS, AccessTokenName, apiTokenScopes } from '../shared/access-tokens.js'
import { AccessToken } from '../shared/access-token-reads.js'
import { ApiTokenScope, chooseAScope, orderedScopes } from './api-tokens.js'

/** The scopes a token is created with: at least one, each known; a repeat counts once. */
export const ApiTokenScopes = z.pipe(
  z.array(ApiTokenScope).check(z.minLength(1, { message: chooseAScope }), z.maxLength(apiTokenScopes.length * 2)),
  z.transform((scopes: ApiTokenScope[]) => orderedScopes(scopes)),
)

const companyId = Id
const completed = z.object({ completed: z.literal(true) })

/** With `companyId` the company's tokens (FORBIDDEN unless the caller may manage them), else the caller's own. */
export const apiTokenOperations = {
  retrieveApiTokens: {
    reads: true,
    payload: z.object({ companyId: z.optional(companyId) }),
    result: z.object({
      company: z.nullable(z.object({ id: z.string(), name: z.string() })),
      tokens: z.array(AccessToken),
    }),
  },
  /** The secret is never shown again; a repeat of the request is refused. */
  createApiToken: {
    payload: z.object({
      companyId: z.optional(companyId),
      name: AccessTokenName,
      /** Without it, `read` alone: the least a token holds. */
      scopes: z._default(ApiTokenScopes, ['read']),
      expiresInDays: z._default(z.int().check(z.gte(0), z.lte(ACCESS_TOKEN_MAX_DAYS)), 0),
    }),
    result: z.object({ token: AccessToken, secret: z.string() }),
  },
  /** Revoking a revoked token changes nothing and is not refused. */
  revokeApiToken: {
    payload: z.object({
      companyId: z.optional(companyId),
      tokenId: Id,
    }),
    result: completed,
  },
}
